import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { visitor } from '../support/funnel';
import { loopbackIp, sandboxScope } from '../support/sandbox';

/**
 * Spec section 3, event context: an event the Worker writes itself carries the same context as
 * one the page's tracker sends: page, url, cookies, bot detection, url params and phone rule.
 * Written from the spec's field list, not from the product's types.
 */
const WAIT = { timeout: 15_000, interval: 200 };

async function propertiesOf(anonymousId: string, event: string): Promise<Record<string, unknown>[]> {
  const rows = await env.DB.prepare('SELECT properties FROM events WHERE event = ? AND anonymous_id = ?')
    .bind(event, anonymousId)
    .all<{ properties: string }>();
  return rows.results.map((r) => JSON.parse(r.properties) as Record<string, unknown>);
}

describe('a server-written event (lowBidResult) has the full event context', () => {
  it('page, url of the page that asked, analytics cookies, bot detection, url params and phone rule', async () => {
    const sb = sandboxScope(loopbackIp());
    await sb.set('mediaalpha', 'low-bid');
    const v = visitor('bh', { ip: sb.ip, userAgent: 'okhttp/4.12.0' });
    const page = `${v.origin}/get-yours-otc?afid=aff77&utm_source=news&gclid=${'g'.repeat(20)}`;
    const response = await v.fetch('/api/mediaalpha/demand-check', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        referer: page,
        cookie: `${v.headers.cookie}; _ga=GA1.1.5.6; _fbp=fb.1.2.3`,
      },
      body: JSON.stringify({ page: 'get-yours-otc', product: 'medicare', localHour: 10 }),
    });
    expect(response.status).toBe(200);
    await expect.poll(async () => (await propertiesOf(v.id, 'lowBidResult')).length, WAIT).toBe(1);
    const [props] = await propertiesOf(v.id, 'lowBidResult');
    expect(props).toMatchObject({
      id: expect.any(String),
      time: expect.any(String),
      brand: { id: 'bh', name: expect.any(String) },
      userId: v.id,
      session: { id: expect.any(String) },
      page: { name: 'get-yours-otc', product: 'medicare', language: 'english', template: expect.any(String) },
      phoneRule: { afid: 'aff77' },
      url: { pathname: '/get-yours-otc', search: expect.stringContaining('afid=aff77') },
      cookies: { _ga: 'GA1.1.5.6', _fbp: 'fb.1.2.3' },
      botDetection: { bot: true },
      urlParams: { afid: 'aff77', utm_source: 'news', gclid: 'g'.repeat(20) },
      userAgent: 'okhttp/4.12.0',
      ipLookup: { value: sb.ip },
    });
  });
});
