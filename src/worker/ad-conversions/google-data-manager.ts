/**
 * Google Ads offline conversions through the Data Manager API (`POST /v1/events:ingest` on
 * datamanager.googleapis.com), which replaced the Google Ads API's uploadClickConversions for new
 * adopters from 15 June 2026 (docs/decisions/0245-google-data-manager-conversions.md). OAuth 2.0
 * only (google-oauth.ts), no developer token.
 *
 * One event per request, in the shapes of the reference (IngestEventsRequest, Destination, Event,
 * AdIdentifiers, UserData, Consent): the click id (gclid, else gbraid, else wbraid: one, as the
 * click was), the time in RFC 3339 UTC, the value in USD, a transactionId Google dedupes on and
 * matches an adjustment by (a restatement resends the same transactionId with the new value and a
 * lastUpdatedTimestamp), the visitor's consent signals (ad-consent.ts, as Google's Consent:
 * CONSENT_GRANTED or CONSENT_DENIED), and hashed contact beside a gclid only and only where
 * adConsent says contact may be sent. A lead is a WEB event; a paid call a PHONE event, on its
 * own conversion action when one is configured.
 */
import type { AdConsent } from './ad-consent';
import { parseServiceAccountKey, type ServiceAccountKey } from './google-oauth';
import type { HashedContact } from './google-user-data';

export const DATA_MANAGER_INGEST_PATH = '/v1/events:ingest';

export interface DataManagerConfig {
  baseUrl: string;
  tokenBaseUrl: string;
  /** The Google Ads account that owns the conversion actions (10 digits, no dashes). */
  operatingAccountId: string;
  /** The manager account the service account's user belongs to, when it is not the operating account. */
  loginAccountId: string | null;
  leadConversionActionId: string;
  callConversionActionId: string;
  key: ServiceAccountKey;
  /** A dry run: Google validates each request and stores nothing (GOOGLE_DATA_MANAGER_VALIDATE_ONLY). */
  validateOnly: boolean;
}

export function dataManagerConfig(env: object): DataManagerConfig | null {
  const get = (name: string) => {
    const value: unknown = Reflect.get(env, name);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const digits = (value: string | null) => (value ? value.replace(/-/g, '') : null);
  const baseUrl = get('GOOGLE_DATA_MANAGER_BASE_URL');
  const tokenBaseUrl = get('GOOGLE_OAUTH_BASE_URL');
  const operatingAccountId = digits(get('GOOGLE_ADS_CUSTOMER_ID'));
  const leadConversionActionId = get('GOOGLE_ADS_CONVERSION_ACTION_ID');
  const key = parseServiceAccountKey(get('GOOGLE_SERVICE_ACCOUNT_KEY') ?? undefined);
  if (!baseUrl || !tokenBaseUrl || !operatingAccountId || !leadConversionActionId || !key) return null;
  return {
    baseUrl: baseUrl.replace(/\/$/, ''),
    tokenBaseUrl,
    operatingAccountId,
    loginAccountId: digits(get('GOOGLE_ADS_LOGIN_CUSTOMER_ID')),
    leadConversionActionId,
    callConversionActionId: get('GOOGLE_ADS_CALL_CONVERSION_ACTION_ID') ?? leadConversionActionId,
    key,
    validateOnly: get('GOOGLE_DATA_MANAGER_VALIDATE_ONLY') === 'true',
  };
}

export interface ConversionEventInput {
  kind: 'lead' | 'call';
  transactionId: string;
  /** When the conversion happened (the lead's submit, the call's start). */
  at: Date;
  /** Set on a restatement: when the value changed. */
  updatedAt?: Date;
  valueUsd: number;
  clickIds: Record<string, string>;
  contact: HashedContact;
  consent: AdConsent;
}

function adIdentifiersOf(clickIds: Record<string, string>): Record<string, string> | null {
  if (clickIds.gclid) return { gclid: clickIds.gclid };
  if (clickIds.gbraid) return { gbraid: clickIds.gbraid };
  if (clickIds.wbraid) return { wbraid: clickIds.wbraid };
  return null;
}

export function ingestEventsRequest(config: DataManagerConfig, input: ConversionEventInput) {
  const adIdentifiers = adIdentifiersOf(input.clickIds);
  // Enhanced conversions for leads pair the contact with a gclid; gbraid and wbraid clicks carry none.
  const userIdentifiers =
    input.clickIds.gclid && input.consent.sendContact
      ? [
          ...(input.contact.emailSha256 ? [{ emailAddress: input.contact.emailSha256 }] : []),
          ...(input.contact.phoneSha256 ? [{ phoneNumber: input.contact.phoneSha256 }] : []),
        ]
      : [];
  const account = (accountId: string) => ({ accountType: 'GOOGLE_ADS', accountId });
  return {
    url: `${config.baseUrl}${DATA_MANAGER_INGEST_PATH}`,
    body: {
      destinations: [
        {
          operatingAccount: account(config.operatingAccountId),
          ...(config.loginAccountId ? { loginAccount: account(config.loginAccountId) } : {}),
          productDestinationId: input.kind === 'call' ? config.callConversionActionId : config.leadConversionActionId,
        },
      ],
      events: [
        {
          transactionId: input.transactionId,
          eventTimestamp: input.at.toISOString(),
          ...(input.updatedAt ? { lastUpdatedTimestamp: input.updatedAt.toISOString() } : {}),
          ...(adIdentifiers ? { adIdentifiers } : {}),
          ...(userIdentifiers.length > 0 ? { userData: { userIdentifiers } } : {}),
          conversionValue: input.valueUsd,
          currency: 'USD',
          eventSource: input.kind === 'call' ? 'PHONE' : 'WEB',
          consent: {
            adUserData: `CONSENT_${input.consent.adUserData}`,
            adPersonalization: `CONSENT_${input.consent.adPersonalization}`,
          },
        },
      ],
      ...(userIdentifiers.length > 0 ? { encoding: 'HEX' } : {}),
      ...(config.validateOnly ? { validateOnly: true } : {}),
    },
  };
}
