import { describe, expect, it } from 'vitest';
import type { AdConsent } from '../../src/worker/ad-conversions/ad-consent';
import {
  dataManagerConfig,
  ingestEventsRequest,
  type ConversionEventInput,
  type DataManagerConfig,
} from '../../src/worker/ad-conversions/google-data-manager';
import { googleNormalisedEmail, googleNormalisedPhone } from '../../src/worker/ad-conversions/google-user-data';
import { sha256Hex } from '../../src/shared/consent';
import { ingestEventsRequestSchema } from '../support/data-manager-reference';

/**
 * The contract with Google's Data Manager API: the published request shape (tests/support/
 * data-manager-reference.ts) accepts Google's own examples and refuses what the reference refuses,
 * and every request the product builds passes it. A field renamed on either side fails here before
 * it fails at Google.
 */

/**
 * Google's examples, in the reference's shapes: the Destination samples of "Send events" (with
 * accountType, and the quickstart's deprecated `product`), and the quickstart's Event #1 (conversion
 * at 2025-06-10 15:07:01-05:00, transaction ABC798654321, 1.99 USD, gclid GCLID_1).
 */
const HASHED_EMAIL = '07e2f1394b0ea80e2adca010ea8318df697001a005ba7452720edda4b0ce57b3';
const googleExamples = {
  advertiser: {
    destinations: [
      {
        operatingAccount: { accountType: 'GOOGLE_ADS', accountId: '1234567890' },
        loginAccount: { accountType: 'GOOGLE_ADS', accountId: '9876543210' },
        productDestinationId: '123456789',
      },
    ],
    encoding: 'HEX',
    events: [
      {
        adIdentifiers: { gclid: 'GCLID_1' },
        conversionValue: 1.99,
        currency: 'USD',
        eventTimestamp: '2025-06-10T20:07:01Z',
        transactionId: 'ABC798654321',
        eventSource: 'WEB',
        userData: { userIdentifiers: [{ emailAddress: HASHED_EMAIL }] },
      },
    ],
    validateOnly: true,
  },
  quickstart: {
    destinations: [
      { operatingAccount: { product: 'GOOGLE_ADS', accountId: '1234567890' }, productDestinationId: '123456789' },
    ],
    events: [
      {
        adIdentifiers: { gclid: 'GCLID_1' },
        conversionValue: 1.99,
        currency: 'USD',
        eventTimestamp: '2025-06-10T15:07:01-05:00',
        transactionId: 'ABC798654321',
      },
    ],
  },
};

const config: DataManagerConfig = {
  baseUrl: 'https://datamanager.googleapis.com',
  tokenBaseUrl: 'https://oauth2.googleapis.com',
  operatingAccountId: '1234567890',
  loginAccountId: null,
  leadConversionActionId: '987654321',
  callConversionActionId: '987654322',
  key: {
    type: 'service_account',
    private_key_id: 'k',
    private_key: '-----BEGIN PRIVATE KEY-----',
    client_email: 'a@b.iam.gserviceaccount.com',
    token_uri: 'https://oauth2.googleapis.com/token',
  },
  validateOnly: false,
};

const AGREED: AdConsent = { adUserData: 'GRANTED', adPersonalization: 'DENIED', mayTell: true, sendContact: true };

async function leadInput(overrides: Partial<ConversionEventInput> = {}): Promise<ConversionEventInput> {
  return {
    kind: 'lead',
    transactionId: 'sub-123',
    at: new Date('2026-06-15T10:00:00Z'),
    valueUsd: 18.75,
    clickIds: { gclid: 'Cj0KCQtest' },
    contact: {
      emailSha256: await sha256Hex('grace@example.com'),
      phoneSha256: await sha256Hex('+18005550100'),
    },
    // A visitor who agreed, in words naming Google, to hashed contact (adConsent's answer).
    consent: AGREED,
    ...overrides,
  };
}

function issuesOf(body: unknown): string[] {
  const parsed = ingestEventsRequestSchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('Data Manager API contract', () => {
  it("accepts Google's published examples", () => {
    expect(issuesOf(googleExamples.advertiser)).toEqual([]);
    expect(issuesOf(googleExamples.quickstart)).toEqual([]);
  });

  it('refuses what the reference refuses', () => {
    const event = googleExamples.advertiser.events[0];
    const base = googleExamples.advertiser;
    const cases: [string, unknown][] = [
      ['transactionId', { ...base, events: [{ ...event, transactionId: undefined }] }],
      ['eventTimestamp', { ...base, events: [{ ...event, eventTimestamp: '2025-06-10 15:07:01-05:00' }] }],
      ['adIdentifiers', { ...base, events: [{ ...event, adIdentifiers: {}, userData: undefined }] }],
      ['encoding', { ...base, encoding: undefined }],
      [
        'emailAddress',
        { ...base, events: [{ ...event, userData: { userIdentifiers: [{ emailAddress: 'a@b.co' }] } }] },
      ],
      [
        'accountId',
        {
          ...base,
          destinations: [
            { ...base.destinations[0], operatingAccount: { accountType: 'GOOGLE_ADS', accountId: '123-456-7890' } },
          ],
        },
      ],
      [
        'accountType',
        { ...base, destinations: [{ operatingAccount: { accountId: '1234567890' }, productDestinationId: '1' }] },
      ],
      [
        'productDestinationId',
        { ...base, destinations: [{ operatingAccount: base.destinations[0]?.operatingAccount }] },
      ],
      // The Google Ads API's fields are not the Data Manager API's.
      ['conversionAction', { ...base, events: [{ ...event, conversionAction: 'customers/1/conversionActions/2' }] }],
      ['consent', { ...base, events: [{ ...event, consent: { adUserData: 'GRANTED' } }] }],
      ['destinations', { ...base, destinations: Array.from({ length: 11 }, () => base.destinations[0]) }],
    ];
    for (const [field, body] of cases) expect(issuesOf(body).join('\n'), field).toContain(field);
  });

  it('a lead, with hashed contact beside its gclid, is a request Google accepts', async () => {
    const { url, body } = ingestEventsRequest(config, await leadInput());
    expect(url).toBe('https://datamanager.googleapis.com/v1/events:ingest');
    expect(issuesOf(body)).toEqual([]);
    expect(body).toMatchObject({
      destinations: [{ productDestinationId: '987654321' }],
      encoding: 'HEX',
      events: [
        {
          transactionId: 'sub-123',
          eventTimestamp: '2026-06-15T10:00:00.000Z',
          adIdentifiers: { gclid: 'Cj0KCQtest' },
          userData: { userIdentifiers: [{ emailAddress: expect.any(String) }, { phoneNumber: expect.any(String) }] },
          conversionValue: 18.75,
          currency: 'USD',
          eventSource: 'WEB',
        },
      ],
    });
    expect(body).not.toHaveProperty('validateOnly');
  });

  it('a call, a restatement, a gbraid click, a manager account and a dry run are all requests Google accepts', async () => {
    const call = ingestEventsRequest(
      config,
      await leadInput({ kind: 'call', contact: { emailSha256: null, phoneSha256: null } }),
    );
    expect(issuesOf(call.body)).toEqual([]);
    expect(call.body.destinations[0]?.productDestinationId).toBe('987654322');
    expect(call.body.events[0]?.eventSource).toBe('PHONE');
    expect(call.body).not.toHaveProperty('encoding');

    const restated = ingestEventsRequest(config, await leadInput({ updatedAt: new Date('2026-06-16T09:00:00Z') }));
    expect(issuesOf(restated.body)).toEqual([]);
    expect(restated.body.events[0]?.lastUpdatedTimestamp).toBe('2026-06-16T09:00:00.000Z');

    // Google pairs contact with a gclid only: an iOS click (gbraid) carries none.
    const ios = ingestEventsRequest(config, await leadInput({ clickIds: { gbraid: 'GBRAID_1', wbraid: 'WBRAID_1' } }));
    expect(issuesOf(ios.body)).toEqual([]);
    expect(ios.body.events[0]?.adIdentifiers).toEqual({ gbraid: 'GBRAID_1' });
    expect(ios.body.events[0]).not.toHaveProperty('userData');

    const managed = ingestEventsRequest(
      { ...config, loginAccountId: '9876543210', validateOnly: true },
      await leadInput(),
    );
    expect(issuesOf(managed.body)).toEqual([]);
    expect(managed.body.destinations[0]?.loginAccount).toEqual({ accountType: 'GOOGLE_ADS', accountId: '9876543210' });
    expect(managed.body.validateOnly).toBe(true);
  });

  it('sends the consent adConsent decided, and contact only where it says contact may go', async () => {
    const granted = ingestEventsRequest(config, await leadInput());
    expect(issuesOf(granted.body)).toEqual([]);
    expect(granted.body.events[0]?.consent).toEqual({
      adUserData: 'CONSENT_GRANTED',
      adPersonalization: 'CONSENT_DENIED',
    });
    expect(granted.body.events[0]).toHaveProperty('userData');

    // No consent text naming Google (a Medicare lead, or an older version): the click alone, user data DENIED.
    const clickOnly: AdConsent = {
      adUserData: 'DENIED',
      adPersonalization: 'DENIED',
      mayTell: true,
      sendContact: false,
    };
    const { body } = ingestEventsRequest(config, await leadInput({ consent: clickOnly }));
    expect(issuesOf(body)).toEqual([]);
    expect(body.events[0]?.consent).toEqual({ adUserData: 'CONSENT_DENIED', adPersonalization: 'CONSENT_DENIED' });
    expect(body.events[0]).not.toHaveProperty('userData');
    expect(body).not.toHaveProperty('encoding');
    expect(body.events[0]?.adIdentifiers).toEqual({ gclid: 'Cj0KCQtest' });
  });

  it('normalises contact as "Format user data" says before hashing', () => {
    expect(googleNormalisedEmail(' Jane.Doe@GMail.com ')).toBe('janedoe@gmail.com');
    expect(googleNormalisedEmail('j.doe@googlemail.com')).toBe('jdoe@googlemail.com');
    expect(googleNormalisedEmail('Jane.Doe @Example.com')).toBe('jane.doe@example.com');
    expect(googleNormalisedEmail('not an email')).toBeNull();
    expect(googleNormalisedPhone('(800)555-0100')).toBe('+18005550100');
    expect(googleNormalisedPhone('+1 800 555 0100')).toBe('+18005550100');
    expect(googleNormalisedPhone('555-0100')).toBeNull();
  });

  it('reads its configuration: off without a key, dashes dropped from account ids, call action defaults to the lead one', () => {
    const key = JSON.stringify({
      ...config.key,
      private_key: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----',
    });
    const vars = {
      GOOGLE_DATA_MANAGER_BASE_URL: 'https://datamanager.googleapis.com/',
      GOOGLE_OAUTH_BASE_URL: 'https://oauth2.googleapis.com',
      GOOGLE_ADS_CUSTOMER_ID: '123-456-7890',
      GOOGLE_ADS_CONVERSION_ACTION_ID: '987654321',
      GOOGLE_SERVICE_ACCOUNT_KEY: key,
    };
    expect(dataManagerConfig({ ...vars, GOOGLE_SERVICE_ACCOUNT_KEY: '' })).toBeNull();
    expect(dataManagerConfig({ ...vars, GOOGLE_SERVICE_ACCOUNT_KEY: '{"type":"authorized_user"}' })).toBeNull();
    expect(dataManagerConfig(vars)).toMatchObject({
      baseUrl: 'https://datamanager.googleapis.com',
      operatingAccountId: '1234567890',
      callConversionActionId: '987654321',
      validateOnly: false,
    });
  });
});
