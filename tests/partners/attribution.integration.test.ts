import { describe, expect, it } from 'vitest';
import { sha1Hex } from '../../src/partners/mediaalpha/source';
import { formatPhone } from '../../src/shared/phone/format';
import { decode, visitor, type Visitor } from '../support/funnel';
import { pastPhoneDeadline } from '../support/poll';
import { sandboxScope } from '../support/sandbox';

/**
 * Attribution that survives the visit. The afid and publisher id seen at
 * landing are kept for the session and used by every later partner call, even from a page
 * whose address has none; page and product of a partner call come from the Worker's record
 * of the visit, not from the body or the Referer; a lease belongs to its product and placement.
 */
const WAIT = { timeout: 15_000, interval: 100 };

function getPhone(v: Visitor, body: Record<string, unknown>, referer?: string) {
  return v.fetch('/api/mediaalpha/get-phone', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: v.origin, ...(referer ? { referer } : {}) },
    body: JSON.stringify(body),
  });
}

/** The lease the visitor's page shows, asked again past the get-phone deadline on a loaded run. */
function leasedPhone(v: Visitor, body: Record<string, unknown>) {
  return pastPhoneDeadline(async () =>
    (await getPhone(v, body)).json<{ source: string; phone: { digits: string; leased: boolean } }>(),
  );
}

interface GetPhoneCall {
  placement_id: string;
  sub_1: string;
  sub_3: string | null;
  source: (string | null)[];
  data: Record<string, unknown>;
}

describe('attribution kept for the session', () => {
  it('landing with ?afid= and ?pid=, then a page without them: the get-phone request at the partner still carries them', async () => {
    const sb = sandboxScope();
    const v = visitor('ps', { ip: sb.ip });
    expect((await v.get('/save-auto?afid=aff123&pid=pub-77&utm_source=news')).status).toBe(200);
    expect((await v.get('/save-auto/vehicles')).status).toBe(200);
    // No Referer at all (a privacy setting) and nothing about attribution in the body.
    expect((await getPhone(v, { page: 'save-auto' })).status).toBe(200);
    await expect.poll(async () => (await sb.calls('mediaalpha', '/get-phone')).length, WAIT).toBe(1);
    const call = (await sb.calls('mediaalpha', '/get-phone'))[0]?.body as GetPhoneCall;
    expect(call.sub_1).toBe('aff123');
    expect(call.source[0]).toBe('aff123');
    expect(call.source[1]).toBe((await sha1Hex('pub-77')).slice(0, 10));
    expect(call.sub_3).toBe('save-auto');
  });

  it('a Referer or a body naming another affiliate, product or page does not change the call', async () => {
    const sb = sandboxScope();
    const v = visitor('ps', { ip: sb.ip });
    await v.get('/save-auto/zip?afid=aff-landing');
    await v.get('/save-auto/vehicles');
    const res = await getPhone(
      v,
      { product: 'medicare', page: 'not-a-page-i-saw' },
      `${v.origin}/save-auto/vehicles?afid=aff-forged&pid=forged`,
    );
    expect(res.status).toBe(200);
    await expect.poll(async () => (await sb.calls('mediaalpha', '/get-phone')).length, WAIT).toBe(1);
    const call = (await sb.calls('mediaalpha', '/get-phone'))[0]?.body as GetPhoneCall;
    expect(call.sub_1).toBe('aff-landing');
    expect(call.source[1]).toBeNull();
    // The page the Worker served last, with its product (auto: the ps auto placement), not the body's.
    expect(call.sub_3).toBe('save-auto');
    expect(call.placement_id).toBe('psAuto00000000000000000000001a');
  });

  it('with two pages open, a call names its own page among those the Worker served', async () => {
    const sb = sandboxScope();
    const v = visitor('ac', { ip: sb.ip });
    await v.get('/get-yours-otc');
    await v.get('/save-auto');
    await getPhone(v, { page: 'get-yours-otc' });
    await expect.poll(async () => (await sb.calls('mediaalpha', '/get-phone')).length, WAIT).toBe(1);
    const call = (await sb.calls('mediaalpha', '/get-phone'))[0]?.body as GetPhoneCall;
    expect(call).toMatchObject({
      sub_3: 'get-yours-otc',
      placement_id: 'acMedicare0000000000000000001a',
      sub_1: 'ac-direct',
    });
  });
});

describe('a phone lease belongs to its product and placement', () => {
  it('a Medicare lease is never shown on an auto page; the auto page gets its own', async () => {
    const sb = sandboxScope();
    const v = visitor('ac', { ip: sb.ip });
    await v.get('/get-yours-otc');
    const medicare = await leasedPhone(v, { page: 'get-yours-otc' });
    expect(medicare.phone.leased).toBe(true);
    const medicareShown = formatPhone(medicare.phone.digits);
    // The Medicare page shows its lease on the next render.
    expect(decode(await (await v.get('/get-yours-otc')).text())).toContain(medicareShown);

    // An auto page of the same visitor does not.
    const autoPage = decode(await (await v.get('/save-auto')).text());
    expect(autoPage).not.toContain(medicareShown);
    const auto = await leasedPhone(v, { page: 'save-auto' });
    expect(auto.phone.leased).toBe(true);
    expect(auto.phone.digits).not.toBe(medicare.phone.digits);
    const calls = (await sb.calls('mediaalpha', '/get-phone')).map((c) => (c.body as GetPhoneCall).placement_id);
    expect(calls).toEqual(['acMedicare0000000000000000001a', 'acAuto00000000000000000000001a']);
    expect(decode(await (await v.get('/save-auto')).text())).toContain(formatPhone(auto.phone.digits));
  });
});
