import { describe, expect, it } from 'vitest';
import { NO_PLACEMENT } from '../../../brands';
import type { PhoneLease } from '../../shared/phone/lease';
import { PartnerError } from '../partner-fetch';
import type { CallContext } from './call-context';
import type { MediaAlphaClient } from './client';
import type { GetPhoneRequest } from './get-phone';
import { mappedLeadData, PhoneLeaseKeeper, type GetPhoneArgs } from './phone-lease';
import type { GetPhoneResponse } from './schemas';

const context: CallContext = {
  ip: '203.0.113.9',
  ua: 'ua',
  url: 'https://benefithelpers.com',
  localHour: 10,
  placementId: 'bhMedicare0000000000000000001a',
  sub1: 'bh-direct',
  sub2: 'bh',
  sub3: null,
  source: ['bh-direct', null, null, null, null, null, null],
};
const args: GetPhoneArgs = {
  product: 'medicare',
  defaultPhone: '18005550101',
  context,
  zip: null,
  geoPostalCode: '33101',
};

function harness(
  reply: () => Promise<GetPhoneResponse>,
  values: Record<string, unknown> = {},
  sellers: () => string[] | null = () => null,
) {
  let stored: PhoneLease | undefined;
  const requests: GetPhoneRequest[] = [];
  let clock = new Date('2025-06-10T18:00:00Z');
  const client = {
    getPhone: (body: GetPhoneRequest) => {
      requests.push(body);
      return reply();
    },
  } as Pick<MediaAlphaClient, 'getPhone'> as MediaAlphaClient;
  const keeper = new PhoneLeaseKeeper(
    {
      readLease: () => stored,
      writeLease: (lease) => (stored = lease),
      readValues: () => values,
      readSellerNames: sellers,
    },
    () => client,
    () => clock,
  );
  return {
    keeper,
    requests,
    stored: () => stored,
    advance: (ms: number) => (clock = new Date(clock.getTime() + ms)),
  };
}

const success = (): Promise<GetPhoneResponse> =>
  Promise.resolve({ status: 'SUCCESS', phone_number: '+18335551000', lease_time: 300, request_id: 'r' });

describe('PhoneLeaseKeeper', () => {
  it('makes one partner call for ten concurrent requests and gives all the same lease', async () => {
    const h = harness(() => new Promise((resolve) => setTimeout(() => resolve(success()), 20)));
    const results = await Promise.all(Array.from({ length: 10 }, () => h.keeper.get(args)));
    expect(h.requests).toHaveLength(1);
    expect(new Set(results.map((r) => r.lease?.value))).toEqual(new Set(['18335551000']));
    // The lease belongs to the product and placement it was taken for (never shown on another product's page).
    expect(h.stored()).toEqual({
      value: '18335551000',
      expirationDate: '2025-06-10T18:05:00.000Z',
      product: 'medicare',
      placementId: context.placementId,
    });
  });

  it('a number leased before companies were ticked is leased again naming them; nothing ticked keeps it', async () => {
    let ticked: string[] | null = null;
    let replies = 0;
    const h = harness(
      () => {
        replies++;
        return replies === 3
          ? Promise.reject(new PartnerError('mediaalpha', 'timeout'))
          : Promise.resolve({
              status: 'SUCCESS',
              phone_number: `+1833555100${replies}`,
              lease_time: 300,
              request_id: 'r',
            });
      },
      {},
      () => ticked,
    );
    // The caller's early number: no company named yet.
    expect((await h.keeper.get(args)).lease?.value).toBe('18335551001');
    expect(h.requests[0]?.data).not.toHaveProperty('consented_sellers');
    // The consent step with nothing ticked: the number on screen stays, MediaAlpha is not asked again.
    ticked = [];
    expect(await h.keeper.get(args)).toMatchObject({ source: 'stored', lease: { value: '18335551001' } });
    expect(h.requests).toHaveLength(1);
    // Companies ticked: the call must reach them, so the finish leases again with their names.
    ticked = ['Acme Health Agency'];
    expect(await h.keeper.get(args)).toMatchObject({ source: 'partner', lease: { value: '18335551002' } });
    expect(h.requests[1]?.data).toMatchObject({ consented_sellers: ['Acme Health Agency'] });
    expect(h.stored()).toMatchObject({ value: '18335551002', sellers: ['Acme Health Agency'] });
    expect((await h.keeper.get(args)).source).toBe('stored');
    expect(h.requests).toHaveLength(2);
    // Another choice of companies, and MediaAlpha failing: the live number stays rather than the default.
    ticked = ['Acme Health Agency', 'Bright Benefits'];
    const failed = await h.keeper.get(args);
    expect(h.requests).toHaveLength(3);
    expect(failed.lease?.value).toBe('18335551002');
  });

  it('reuses the stored lease until it expires, then leases again', async () => {
    const h = harness(success);
    await h.keeper.get(args);
    h.advance(299_000);
    expect((await h.keeper.get(args)).source).toBe('stored');
    expect(h.requests).toHaveLength(1);
    h.advance(1_000);
    expect((await h.keeper.get(args)).source).toBe('partner');
    expect(h.requests).toHaveLength(2);
  });

  it('with thirty zeros makes no call and stores the default number for a day', async () => {
    const h = harness(success);
    const result = await h.keeper.get({ ...args, context: { ...context, placementId: NO_PLACEMENT } });
    expect(h.requests).toHaveLength(0);
    expect(result).toEqual({
      source: 'default',
      lease: { value: '18005550101', expirationDate: '2025-06-11T18:00:00.000Z' },
    });
  });

  it('falls back without storing when the partner fails or has no buyer, and asks again next time', async () => {
    const failing = harness(() => Promise.reject(new PartnerError('mediaalpha', 'timeout')));
    // A partner that failed counts against its circuit breaker; one that answered "no buyer" does not.
    expect(await failing.keeper.get(args)).toEqual({ lease: null, source: 'fallback', partnerOk: false });
    expect(failing.stored()).toBeUndefined();
    await failing.keeper.get(args);
    expect(failing.requests).toHaveLength(2);
    const noBuyer = harness(() => Promise.resolve({ status: 'ERROR', errors: ['no buyer'] }));
    expect(await noBuyer.keeper.get(args)).toEqual({ lease: null, source: 'fallback', partnerOk: true });
  });

  it('maps the stored lead and falls back to the geo postal code for the zip', async () => {
    const h = harness(success, { haveMedicare: true, firstName: 'Ada', lastName: 'Lovelace', email: 'not-an-email' });
    await h.keeper.get(args);
    expect(h.requests[0]?.data).toEqual({ zip: '33101', currently_insured: 1, contact: 'Ada Lovelace' });
    expect(h.requests[0]?.phone_num_lease_time).toBe(300);
  });
});

describe('mappedLeadData zip order (spec 7.2)', () => {
  it('prefers the page zip, then the stored zip, then the geo postal code', () => {
    expect(mappedLeadData('medicare', { zipcode: '10001' }, '20002', '33101').zip).toBe('20002');
    expect(mappedLeadData('medicare', { zipcode: '10001' }, null, '33101').zip).toBe('10001');
    expect(mappedLeadData('auto', {}, null, '33101').zip).toBe('33101');
    expect(mappedLeadData('medicare', {}, 'abc', null).zip).toBe('auto');
  });
});
