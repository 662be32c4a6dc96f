import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callEventRequest, leadEventRequest, metaConfig } from '../../src/worker/ad-conversions/meta-capi';

/**
 * Our Conversions API request against the stand-in, which refuses what Meta's reference refuses
 * (sandbox/meta-capi.ts): the request we build is taken, and each field the reference requires of
 * a website event, taken away, gets Meta's 400 with error.code, message, type and fbtrace_id.
 */
const config = metaConfig(env);

function request(fbclid: string) {
  if (!config) throw new Error('META_* test bindings missing');
  const built = leadEventRequest(config, {
    eventId: crypto.randomUUID(),
    at: new Date(),
    clickSeenAt: new Date(),
    clickIds: { fbclid },
    sourceUrl: 'https://ps.example/save-auto/contact?utm_source=facebook',
    clientIp: '203.0.113.9',
    clientUserAgent: 'Mozilla/5.0 contract',
    valueUsd: 12.5,
    emailSha256: 'a'.repeat(64),
    phoneSha256: 'b'.repeat(64),
    stateCode: 'TX',
  });
  if (!built) throw new Error('no request built');
  return built;
}

async function post(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json<Record<string, unknown>>() };
}

type Event = Record<string, unknown> & { user_data: Record<string, unknown> };

function without(built: ReturnType<typeof request>, change: (event: Event) => void) {
  const body = structuredClone(built.body) as { data: Event[] };
  const event = body.data[0];
  if (event) change(event);
  return body;
}

const metaError = {
  error: {
    code: expect.any(Number) as unknown,
    message: expect.any(String) as unknown,
    type: 'OAuthException',
    fbtrace_id: expect.any(String) as unknown,
  },
};

describe('Meta Conversions API request, against the reference', () => {
  it('is taken as we build it: one event received', async () => {
    const built = request(`IwAR${crypto.randomUUID()}`);
    expect(await post(built.url, built.body)).toMatchObject({ status: 200, body: { events_received: 1 } });
    expect(built.body.data[0]).toMatchObject({
      event_source_url: 'https://ps.example/save-auto/contact',
      data_processing_options: ['LDU'],
      data_processing_options_country: 0,
      data_processing_options_state: 0,
    });
  });

  it.each([
    ['event_source_url', (e: Event) => delete e.event_source_url, /event_source_url: required for website events/],
    [
      'client_user_agent',
      (e: Event) => delete e.user_data.client_user_agent,
      /user_data\.client_user_agent: required for website events/,
    ],
    ['event_time', (e: Event) => delete e.event_time, /event_time/],
    ['event_name', (e: Event) => delete e.event_name, /event_name/],
    ['action_source', (e: Event) => delete e.action_source, /action_source/],
    [
      'an event older than 7 days',
      (e: Event) => (e.event_time = Math.floor(Date.now() / 1000) - 8 * 86_400),
      /more than 7 days/,
    ],
    ['a clear email', (e: Event) => (e.user_data.em = ['ada@example.com']), /user_data\.em\.0: SHA-256 hex/],
    [
      'LDU without its place',
      (e: Event) => delete e.data_processing_options_country,
      /LDU needs data_processing_options_country/,
    ],
  ])('without %s: refused with code 100', async (_name, change, message) => {
    const built = request(`IwAR${crypto.randomUUID()}`);
    const answer = await post(built.url, without(built, change));
    expect(answer).toMatchObject({ status: 400, body: metaError });
    expect((answer.body.error as { code: number; message: string }).code).toBe(100);
    expect((answer.body.error as { message: string }).message).toMatch(message);
  });

  it('on a version out of Marketing API support: refused with code 2635', async () => {
    const built = request(`IwAR${crypto.randomUUID()}`);
    const answer = await post(built.url.replace(/\/v\d+\.\d+\//, '/v21.0/'), built.body);
    expect(answer).toMatchObject({ status: 400, body: metaError });
    expect((answer.body.error as { code: number }).code).toBe(2635);
  });

  it('is not built at all without the user agent, the ip or a page address', () => {
    if (!config) throw new Error('META_* test bindings missing');
    const base = request('x');
    expect(base).not.toBeNull();
    for (const missing of ['clientUserAgent', 'clientIp', 'sourceUrl'] as const) {
      const input = {
        eventId: 'e',
        at: new Date(),
        clickSeenAt: new Date(),
        clickIds: {},
        sourceUrl: 'https://ps.example/a',
        clientIp: '203.0.113.9',
        clientUserAgent: 'UA',
        valueUsd: 1,
        emailSha256: null,
        phoneSha256: null,
        stateCode: null,
        [missing]: null,
      };
      expect(leadEventRequest(config, input), missing).toBeNull();
    }
  });

  it('a paid call as an offline event: taken as a phone_call without a page, user agent or ip; refused with no click at all', async () => {
    if (!config) throw new Error('META_* test bindings missing');
    const call = callEventRequest(config, {
      eventId: `call-${'c'.repeat(40)}`,
      at: new Date(Date.now() - 60_000),
      clickSeenAt: new Date(Date.now() - 600_000),
      clickIds: { fbclid: `IwAR${crypto.randomUUID()}` },
      valueUsd: 31,
      stateCode: 'IL',
    });
    if (!call) throw new Error('no call request built');
    const event = call.body.data[0];
    expect(event).toMatchObject({ event_name: 'Contact', action_source: 'phone_call', custom_data: { value: 31 } });
    expect(event).not.toHaveProperty('event_source_url');
    expect(Object.keys(event?.user_data ?? {})).toEqual(['fbc']);
    expect(await post(call.url, call.body)).toMatchObject({ status: 200, body: { events_received: 1 } });
    // The same event as a website event lacks what a website event requires.
    const asWebsite = without(call as ReturnType<typeof request>, (e) => (e.action_source = 'website'));
    expect(await post(call.url, asWebsite)).toMatchObject({ status: 400, body: metaError });
    // No customer information parameter at all: Meta requires at least one.
    const anonymous = without(call as ReturnType<typeof request>, (e) => (e.user_data = {}));
    const refused = await post(call.url, anonymous);
    expect(refused).toMatchObject({ status: 400, body: metaError });
    expect((refused.body.error as { message: string }).message).toMatch(/user_data: at least one customer information/);
    // And we build none: a visit without a Meta click is not sent.
    expect(
      callEventRequest(config, {
        eventId: 'e',
        at: new Date(),
        clickSeenAt: new Date(),
        clickIds: { gclid: 'g' },
        valueUsd: 1,
        stateCode: null,
      }),
    ).toBeNull();
  });
});
