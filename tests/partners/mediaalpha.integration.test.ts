import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { visitor } from '../support/funnel';
import { loopbackIp, sandboxScope, type Behaviour } from '../support/sandbox';
import { pastPhoneDeadline, pollUntil } from '../support/poll';

/**
 * The phone number through the Worker against the partner sandbox (spec sections 4 and
 * 7.2). Every visitor has its own sandbox scope (its own client ip): the partner behaviours
 * it sets and the calls it counts are its own, so tests and files running side by side, in
 * any order, cannot disturb each other. Loopback ips: the sandbox places them in Miami.
 */
interface RecordedCall {
  path: string;
  body: { ua?: string; placement_id?: string; phone_num_lease_time?: number; data?: Record<string, unknown> } | null;
}

function newVisitor(brand = 'bh') {
  const sb = sandboxScope(loopbackIp());
  const v = visitor(brand, { ip: sb.ip });
  // Breakers are per partner and Cloudflare location: each visitor its own, so the faults this
  // file sets never open a breaker for another test or file (nor theirs for this one).
  const cf = { colo: `MA${crypto.randomUUID().slice(0, 8)}` };
  return {
    ...v,
    /** This visitor's MediaAlpha behaviour (its scope only). */
    setBehaviour: (behaviour: Behaviour, slowMs?: number) => sb.set('mediaalpha', behaviour, slowMs),
    /** The MediaAlpha calls this visitor's requests made. */
    calls: async (): Promise<RecordedCall[]> => (await sb.calls('mediaalpha')) as RecordedCall[],
    postJson: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      v.fetch(path, {
        cf,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: v.origin, ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
  };
}
type Visitor = ReturnType<typeof newVisitor>;

interface GetPhoneReply {
  phone: { digits: string; display: string; href: string; leased: boolean };
  lease: { value: string; expirationDate: string } | null;
  source: string;
}

async function getPhoneJson(visitor: Visitor, body: Record<string, unknown> = {}): Promise<GetPhoneReply> {
  const response = await visitor.postJson('/api/mediaalpha/get-phone', body);
  expect(response.status).toBe(200);
  return response.json<GetPhoneReply>();
}

describe('phone lease through the Worker', () => {
  it('leases a number from the partner, reuses it until it expires, then leases again', async () => {
    const visitor = newVisitor();
    // Past the deadline's fallback on a loaded run: the partner's lease, answered or stored for the next ask.
    const first = await pastPhoneDeadline(() => getPhoneJson(visitor));
    expect(['partner', 'stored']).toContain(first.source);
    expect(first.phone.display).toMatch(/^1-833-555-\d{4}$/);
    expect(first.phone.href).toBe(`tel:+${first.phone.digits}`);
    expect(first.phone.leased).toBe(true);
    const calls = await visitor.calls();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ placement_id: 'bhMedicare0000000000000000001a', phone_num_lease_time: 300 });
    // Zip falls back to the geo postal code (the sandbox places loopback in Miami).
    expect(calls[0]?.body?.data).toMatchObject({ zip: '33101' });
    const expires = Date.parse(first.lease?.expirationDate ?? '');
    expect(expires - Date.now()).toBeGreaterThan(290_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(300_000);

    const again = await getPhoneJson(visitor);
    expect(again.source).toBe('stored');
    expect(again.phone.digits).toBe(first.phone.digits);
    expect(await visitor.calls()).toHaveLength(1);

    // Let the stored lease run out, as five minutes would.
    const stub = env.VISITOR.get(env.VISITOR.idFromName(visitor.key));
    await runInDurableObject(stub, (instance, state) => {
      const expired = { value: first.phone.digits, expirationDate: new Date(Date.now() - 1000).toISOString() };
      state.storage.sql.exec("UPDATE kv SET value = ? WHERE key = 'phone-lease'", JSON.stringify(expired));
      instance.storageChanged();
    });
    const renewed = await pastPhoneDeadline(() => getPhoneJson(visitor));
    expect(['partner', 'stored']).toContain(renewed.source);
    expect(await visitor.calls()).toHaveLength(2);
  });

  it('makes exactly one partner call for ten concurrent requests of one visitor, and all show the same number', async () => {
    // A partner that takes a moment, so the ten requests surely overlap.
    const visitor = newVisitor();
    await visitor.setBehaviour('slow', 300);
    const replies = await Promise.all(Array.from({ length: 10 }, () => getPhoneJson(visitor)));
    // On a loaded run the replies can be the 1 s deadline's fallback while the one call goes on:
    // wait for it to land, then a reply past the deadline shows the number it leased.
    await pollUntil(
      () => visitor.calls(),
      (calls) => calls.length > 0,
      10_000,
    );
    const settled = await pastPhoneDeadline(() => getPhoneJson(visitor));
    expect(await visitor.calls()).toHaveLength(1);
    const leased = [...replies.filter((r) => r.source !== 'fallback'), settled];
    expect(new Set(leased.map((r) => r.phone.digits)).size).toBe(1);
    expect(settled.phone.display).toMatch(/^1-833-555-\d{4}$/);
  });

  it.each([
    ['slow', 10_000],
    ['error', undefined],
    ['malformed', undefined],
    ['no-ads', undefined],
  ] as const)('shows the default number without waiting for the partner when it is %s', async (behaviour, slowMs) => {
    const visitor = newVisitor();
    await visitor.setBehaviour(behaviour, slowMs);
    const started = Date.now();
    const reply = await getPhoneJson(visitor);
    // The get-phone deadline (1 s) answers, not the hanging partner: well before its reply. Not a
    // speed figure (a loaded run stretches every request); that is the bench's.
    if (slowMs) expect(Date.now() - started).toBeLessThan(slowMs / 2);
    expect(reply).toMatchObject({
      phone: { digits: '18005550101', display: '1-800-555-0101', href: 'tel:+18005550101', leased: false },
      lease: null,
      source: 'fallback',
    });
    expect(await visitor.calls()).toHaveLength(1);
  });

  it('asks the partner again after a failure instead of keeping the default number', async () => {
    const visitor = newVisitor();
    await visitor.setBehaviour('error');
    expect((await getPhoneJson(visitor)).source).toBe('fallback');
    await visitor.setBehaviour('normal');
    const recovered = await pastPhoneDeadline(() => getPhoneJson(visitor));
    expect(['partner', 'stored']).toContain(recovered.source);
    expect(recovered.phone.display).toMatch(/^1-833-555-/);
  });

  it('makes no call for a brand without placement (thirty zeros) and keeps the default number for a day', async () => {
    const visitor = newVisitor('emily');
    // A repeated ask (past the deadline's fallback) finds the default lease the object stored.
    let asked = 0;
    const reply = await pastPhoneDeadline(() => {
      asked += 1;
      return getPhoneJson(visitor);
    });
    expect(reply.source).toBe(asked === 1 ? 'default' : 'stored');
    expect(reply.phone).toMatchObject({ digits: '18005550111', display: '1-800-555-0111', href: 'tel:+18005550111' });
    const lifetime = Date.parse(reply.lease?.expirationDate ?? '') - Date.now();
    expect(lifetime).toBeGreaterThan(86_390_000);
    expect(lifetime).toBeLessThanOrEqual(86_400_000);
    expect(await visitor.calls()).toHaveLength(0);
  });

  it('leases for the product of the page the Worker served, whatever product the body names', async () => {
    const visitor = newVisitor();
    await visitor.get('/get-yours-otc');
    const reply = await pastPhoneDeadline(() => getPhoneJson(visitor, { product: 'auto' }));
    expect(['partner', 'stored']).toContain(reply.source);
    const [call] = await visitor.calls();
    expect(call?.body).toMatchObject({ placement_id: 'bhMedicare0000000000000000001a', sub_3: 'get-yours-otc' });
  });

  /** A tqg visitor with stored auto answers and, when given, the consent it accepted. */
  async function autoVisitor(consent: { form: string; version: string; at: string } | null) {
    const visitor = newVisitor('tqg');
    const stub = env.VISITOR.get(env.VISITOR.idFromName(visitor.key));
    await runInDurableObject(stub, (instance, state) => {
      state.storage.sql.exec(
        `CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at INTEGER NOT NULL)`,
      );
      const values = {
        zipcode: '60601',
        driver1FirstName: 'Grace',
        driver1LastName: 'Hopper',
        driver1Gender: 'female',
        vehicle1Year: 2019,
        vehicle1Make: 'Toyota',
        homeowner: true,
      };
      state.storage.sql.exec(
        'INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?)',
        'values:*',
        JSON.stringify(values),
        Date.now(),
      );
      instance.storageChanged();
    });
    if (consent) await stub.shareUnder(consent);
    await visitor.get('/save-auto');
    return visitor;
  }

  it('maps the stored auto lead and sends the zip the page resolved, names only after consent', async () => {
    const consented = await autoVisitor({ form: 'auto', version: 'test', at: new Date().toISOString() });
    // The partner's own lease (on a loaded run the deadline can answer first, and the lease is stored for the next ask).
    expect(['partner', 'stored']).toContain(
      (await pastPhoneDeadline(() => getPhoneJson(consented, { zip: '60602' }))).source,
    );
    const [call] = await consented.calls();
    expect(call?.body?.data).toEqual({
      contact: 'Grace Hopper',
      zip: '60602',
      home_ownership: 1,
      vehicles: [{ year: '2019', make: 'Toyota' }],
      drivers: [{ driver: 'Grace Hopper', gender: 'F' }],
    });

    // Before the consent step was accepted, the partner prices the call without the visitor's name.
    const anonymous = await autoVisitor(null);
    // The partner's own lease (on a loaded run the deadline can answer first, and the lease is stored for the next ask).
    expect(['partner', 'stored']).toContain(
      (await pastPhoneDeadline(() => getPhoneJson(anonymous, { zip: '60602' }))).source,
    );
    const [early] = await anonymous.calls();
    expect(early?.body?.data).toMatchObject({
      zip: '60602',
      home_ownership: 1,
      vehicles: [{ year: '2019', make: 'Toyota' }],
    });
    expect(JSON.stringify(early?.body)).not.toContain('Grace');
    expect(JSON.stringify(early?.body)).not.toContain('Hopper');
  });

  it('takes the affiliate and publisher from the landing address the Worker served, not the body or the Referer', async () => {
    const visitor = newVisitor();
    await visitor.get('/get-yours-otc?afid=aff-77&pid=abc');
    const response = await visitor.postJson(
      '/api/mediaalpha/get-phone',
      { page: 'get-yours-otc', placement_id: 'x'.repeat(30), ip: '1.2.3.4' },
      { referer: 'http://bh.localhost/get-yours-otc?afid=aff-forged&pid=forged' },
    );
    expect(response.status).toBe(200);
    const [call] = await visitor.calls();
    expect(call?.body).toMatchObject({
      placement_id: 'bhMedicare0000000000000000001a',
      ip: visitor.ip,
      sub_1: 'aff-77',
      sub_2: 'bh',
      sub_3: 'get-yours-otc',
      source: ['aff-77', 'a9993e3647', null, null, null, null, null],
      version: 17,
      url: 'http://bh.localhost',
    });
  });
});

async function post(visitor: Visitor, path: string, body: unknown): Promise<Response> {
  return visitor.postJson(`/api${path}`, body);
}

async function lowBidEvents(visitorId: string): Promise<{ properties: string }[]> {
  const rows = await env.DB.prepare("SELECT properties FROM events WHERE event = 'lowBidResult' AND anonymous_id = ?")
    .bind(visitorId)
    .all<{ properties: string }>();
  return rows.results;
}

describe('demand check through the Worker (spec 7.1)', () => {
  it('sends the geo zip and state, reads ctc.ev, and emits lowBidResult for a bid below 10', async () => {
    const visitor = newVisitor();
    await visitor.setBehaviour('low-bid');
    // The local hour is the Worker's, from the place's time zone (the sandbox puts a
    // loopback ip in Miami), whatever the page claims.
    const miamiHour = () =>
      Number(
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(
          new Date(),
        ),
      );
    const hourBefore = miamiHour();
    const response = await post(visitor, '/mediaalpha/demand-check', {
      page: 'get-yours-otc',
      localHour: (hourBefore + 7) % 24,
    });
    const hours = [hourBefore, miamiHour()];
    expect(response.status).toBe(200);
    const reply = await response.json<{ parsed: { ctc: { ev: number } }; lowBid: boolean }>();
    expect(reply.parsed.ctc.ev).toBeLessThan(10);
    expect(reply.lowBid).toBe(true);
    const [call] = await visitor.calls();
    expect(call?.path).toBe('/demand-check');
    expect(call?.body).toMatchObject({
      data: { zip: '33101', state: 'FL' },
      max: 1,
      call_type: 'Inbound',
      transfer_type: 'cold',
      version: 17,
    });
    expect(hours).toContain((call?.body as { local_hour?: number } | undefined)?.local_hour);
    await expect.poll(async () => (await lowBidEvents(visitor.id)).length, { timeout: 10_000, interval: 200 }).toBe(1);
    const [event] = await lowBidEvents(visitor.id);
    expect(JSON.parse(event?.properties ?? '{}')).toMatchObject({ ev: reply.parsed.ctc.ev, threshold: 10 });
  });

  it('emits no lowBidResult for a bid of 10 or more, and reuses the result for the visitor', async () => {
    const visitor = newVisitor();
    const reply = await (
      await post(visitor, '/mediaalpha/demand-check', {})
    ).json<{ parsed: { ctc: { ev: number } }; lowBid: boolean }>();
    expect(reply.parsed.ctc.ev).toBeGreaterThanOrEqual(10);
    expect(reply.lowBid).toBe(false);
    const again = await (await post(visitor, '/mediaalpha/demand-check', {})).json<{ cached: boolean }>();
    expect(again.cached).toBe(true);
    expect(await visitor.calls()).toHaveLength(1);
    // A marker event sent after the demand checks: once the queue has delivered it, anything
    // the checks (wrongly) enqueued before it has been delivered too.
    const marker = crypto.randomUUID();
    const sent = await visitor.postJson('/api/event/create', {
      type: 'track',
      event: 'pageView',
      timestamp: new Date().toISOString(),
      sessionId: visitor.sessionId,
      anonymousId: visitor.id,
      properties: { id: marker },
    });
    expect(sent.status, await sent.clone().text()).toBe(202);
    await expect
      .poll(async () => (await env.DB.prepare('SELECT id FROM events WHERE id = ?').bind(marker).first()) !== null, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(true);
    expect(await lowBidEvents(visitor.id)).toHaveLength(0);
  });

  it.each(['error', 'malformed'] as const)(
    'swallows a failed demand check (%s): 200 with nothing parsed',
    async (behaviour) => {
      const visitor = newVisitor();
      await visitor.setBehaviour(behaviour);
      const response = await post(visitor, '/mediaalpha/demand-check', {});
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ parsed: null, raw: null, lowBid: null });
    },
  );

  it('makes no demand check for a brand without placement', async () => {
    const visitor = newVisitor('emily');
    expect(await (await post(visitor, '/mediaalpha/demand-check', {})).json()).toEqual({
      parsed: null,
      raw: null,
      lowBid: null,
    });
    expect(await visitor.calls()).toHaveLength(0);
  });
});

describe('ad listings (clicks pages)', () => {
  it('answers the second ad-response shape as a listing with safe links and pixels', async () => {
    const visitor = newVisitor();
    const response = await post(visitor, '/mediaalpha/ads', { page: 'clicks' });
    expect(response.status).toBe(200);
    const reply = await response.json<{
      ads: { type: string; click_url: string; logo_url: string; pixels?: string[] }[];
    }>();
    expect(reply.ads.length).toBeGreaterThan(0);
    for (const ad of reply.ads) {
      expect(ad.click_url).toMatch(/^https?:\/\//);
      expect(ad.logo_url).toMatch(/^https?:\/\//);
    }
    expect(reply.ads.some((ad) => ad.type === 'call')).toBe(true);
  });

  it('answers an empty listing when the partner has no ads or fails', async () => {
    const noAds = newVisitor();
    await noAds.setBehaviour('no-ads');
    expect((await (await post(noAds, '/mediaalpha/ads', {})).json<{ ads: unknown[] }>()).ads).toEqual([]);
    const failing = newVisitor();
    await failing.setBehaviour('error');
    expect((await (await post(failing, '/mediaalpha/ads', {})).json<{ ads: unknown[] }>()).ads).toEqual([]);
    // Each answered from the partner's empty or failed reply, not from a missing call.
    expect(await noAds.calls()).toHaveLength(1);
    expect(await failing.calls()).toHaveLength(1);
  });
});

describe('bad input to the MediaAlpha API', () => {
  it.each([
    ['/mediaalpha/get-phone', { product: 'boat' }],
    ['/mediaalpha/get-phone', { zip: '1234' }],
    ['/mediaalpha/demand-check', { localHour: 99 }],
    ['/mediaalpha/ads', { page: '../etc/passwd' }],
    ['/mediaalpha/get-phone', '[1,2'],
  ])('%s answers 400 JSON to %j and calls no partner', async (path, body) => {
    const visitor = newVisitor();
    const response = await post(visitor, path, body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const json = await response.json<{ error: { code: string; message: string } }>();
    expect(typeof json.error.code).toBe('string');
    expect(typeof json.error.message).toBe('string');
    expect(await visitor.calls()).toHaveLength(0);
  });

  it('names the failing field in the issues', async () => {
    const json = await (
      await post(newVisitor(), '/mediaalpha/get-phone', { product: 'boat' })
    ).json<{ error: { code: string; issues: { properties?: Record<string, unknown> } } }>();
    expect(json.error.code).toBe('invalid_request');
    expect(Object.keys(json.error.issues.properties ?? {})).toContain('product');
  });
});
