import { describe, expect, it } from 'vitest';
import { BRANDS, NO_PLACEMENT } from '../../../brands';
import { attributionFromAddress, mergeAttribution } from './attribution';
import { buildCallContext, placementFor } from './call-context';
import { demandCheckRequest, isLowBid } from './demand-check';
import { getPhoneRequest } from './get-phone';
import {
  adResponseSchema,
  adResponseV1Schema,
  adResponseV2Schema,
  getPhoneResponseSchema,
  leasedDigits,
} from './schemas';

const brand = BRANDS.find((b) => b.id === 'bh');
if (!brand) throw new Error('brand bh missing');

const ctxInput = {
  brand,
  product: 'medicare' as const,
  ip: '203.0.113.9',
  ua: 'Mozilla/5.0 test',
  origin: 'https://benefithelpers.com',
  localHour: 14,
  page: 'get-yours-otc',
};

describe('MediaAlpha request bodies', () => {
  it('builds the demand check of spec 7.1 with the placement from brand config', async () => {
    const ctx = await buildCallContext({ ...ctxInput, attribution: { afid: 'aff-7', publisherId: 'abc' } });
    expect(demandCheckRequest(ctx, { zip: '33101', state: 'FL' })).toEqual({
      data: { zip: '33101', state: 'FL' },
      ip: '203.0.113.9',
      local_hour: 14,
      max: 1,
      call_type: 'Inbound',
      transfer_type: 'cold',
      placement_id: 'bhMedicare0000000000000000001a',
      ua: 'Mozilla/5.0 test',
      url: 'https://benefithelpers.com',
      version: 17,
      sub_1: 'aff-7',
      sub_2: 'bh',
      sub_3: 'get-yours-otc',
      source: ['aff-7', 'a9993e3647', null, null, null, null, null],
    });
  });

  it('builds get-phone of spec 7.2 with a 300 s lease and the brand default affiliate when the address has none', async () => {
    const ctx = await buildCallContext({ ...ctxInput, attribution: {}, page: null });
    expect(getPhoneRequest(ctx, { zip: '33101' })).toEqual({
      data: { zip: '33101' },
      ip: '203.0.113.9',
      local_hour: 14,
      phone_num_lease_time: 300,
      placement_id: 'bhMedicare0000000000000000001a',
      ua: 'Mozilla/5.0 test',
      url: 'https://benefithelpers.com',
      version: 17,
      sub_1: 'bh-direct',
      sub_2: 'bh',
      sub_3: null,
      source: ['bh-direct', null, null, null, null, null, null],
    });
  });

  it('uses thirty zeros for a product the brand has no placement for', () => {
    expect(placementFor(brand, 'auto')).toBe(NO_PLACEMENT);
    expect(NO_PLACEMENT).toBe('000000000000000000000000000000');
  });

  it('treats an expected value below 10 as a low bid', () => {
    expect(isLowBid(9.99)).toBe(true);
    expect(isLowBid(10)).toBe(false);
  });
});

describe('attribution from the address', () => {
  it('reads afid and pid (or publisher_id), ignoring malformed values', () => {
    expect(attributionFromAddress('https://x.test/p?afid=aff-1&pid=pub.9')).toEqual({
      afid: 'aff-1',
      publisherId: 'pub.9',
    });
    expect(attributionFromAddress('https://x.test/p?publisher_id=pub-2')).toEqual({ publisherId: 'pub-2' });
    expect(attributionFromAddress('https://x.test/p?afid=%3Cscript%3E')).toEqual({});
    expect(attributionFromAddress('not a url')).toEqual({});
    expect(mergeAttribution({ afid: 'old', publisherId: 'p' }, { afid: 'new' })).toEqual({
      afid: 'new',
      publisherId: 'p',
    });
  });
});

describe('MediaAlpha reply schemas', () => {
  const v2 = {
    status: 'SUCCESS',
    errors: [],
    response: {
      ads: [
        {
          type: 'click',
          click_url: 'https://c.test/1',
          logo_url: 'https://l.test/1.png',
          ref: 'r1',
          price: 2.5,
          pixels: ['https://p.test/1'],
        },
      ],
    },
    requestid: 'q1',
    wizsid: 'w1',
  };
  const v1 = {
    ads: [
      {
        carrier: 'Acme',
        bid: 3.1,
        headline: 'h',
        description: 'd',
        display_url: 'acme.test',
        ad_id: 7,
        click_url: 'https://c.test',
        position: 1,
      },
    ],
    num_ads: 1,
    request_id: 'r',
    time: 0.12,
  };

  it('parses both ad-response shapes and tells them apart', () => {
    expect(adResponseV2Schema.safeParse(v2).success).toBe(true);
    expect(adResponseV1Schema.safeParse(v1).success).toBe(true);
    expect(adResponseV2Schema.safeParse(v1).success).toBe(false);
    expect(adResponseSchema.safeParse(v1).success).toBe(true);
  });

  it('rejects a listing whose click_url is not http(s)', () => {
    const bad = { ...v2, response: { ads: [{ ...v2.response.ads[0], click_url: 'javascript:alert(1)' }] } };
    expect(adResponseV2Schema.safeParse(bad).success).toBe(false);
  });

  it('parses the get-phone reply and normalises the number to digits with country prefix', () => {
    const ok = getPhoneResponseSchema.parse({
      status: 'SUCCESS',
      phone_number: '+18335550123',
      lease_time: 300,
      request_id: 'x',
    });
    expect(ok.status === 'SUCCESS' && leasedDigits(ok.phone_number)).toBe('18335550123');
    expect(leasedDigits('8335550123')).toBe('18335550123');
    expect(
      getPhoneResponseSchema.safeParse({ status: 'SUCCESS', phone_number: 'call us', lease_time: 300, request_id: 'x' })
        .success,
    ).toBe(false);
    expect(getPhoneResponseSchema.safeParse({ status: 'ERROR', errors: ['no buyer'] }).success).toBe(true);
  });
});
