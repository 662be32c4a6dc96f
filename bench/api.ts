/** The API the browser calls most: event intake, zip location and the phone lease (sandbox partner). */
import { eventLoad } from './event-body';
import type { Harness } from './harness';
import { runLoad, type LoadResult } from './load';
import { visitorPool } from './visitors';

export interface ApiRow {
  name: string;
  note: string;
  result: LoadResult;
}

const ua = { 'user-agent': 'quote-funnel-bench/1.0' };
let ips = 0;
/** A client ip per request from 198.18.0.0/15 (benchmarking range). */
const nextIp = () => {
  ips += 1;
  return `198.${18 + ((ips >> 16) & 1)}.${(ips >> 8) & 255}.${ips & 255}`;
};

export async function benchApi(h: Harness, seconds: number): Promise<ApiRow[]> {
  const events = await eventLoad(h, await visitorPool(h.port, 200), { seconds });
  // Returning visitors (the Worker's own cookies), each with its own ip: many browsers, under the per-ip and per-visitor limits.
  const returning = await visitorPool(h.port, 400);
  let next = 0;
  const location = await runLoad({
    port: h.port,
    host: 'bh.localhost',
    path: '/api/location?zip_code=90210',
    headers: ua,
    each: () => ({ headers: returning[next++ % returning.length]?.headers ?? {} }),
    seconds,
  });
  // A new visitor per request: every call reaches the visitor's Durable Object and the partner.
  // The rate limits are in place (wrangler.toml [[ratelimits]] through Miniflare); an ip per request stays under them.
  const phoneStart = Date.now();
  const phone = await runLoad({
    port: h.port,
    host: 'bh.localhost',
    method: 'POST',
    path: '/api/mediaalpha/get-phone',
    // No cookie (a new visitor) and an ip of its own each time, so neither the phone limit per ip nor per visitor applies.
    headers: { 'content-type': 'application/json', ...ua, origin: 'http://bh.localhost' },
    each: () => ({
      headers: { 'cf-connecting-ip': nextIp() },
      body: JSON.stringify({ page: 'get-yours-otc', localHour: 12 }),
    }),
    seconds,
  });
  const phonePartnerCalls = h.sandbox.state.calls.filter(
    (call) => call.partner === 'mediaalpha' && call.path === '/get-phone' && call.at >= phoneStart,
  ).length;
  return [
    {
      name: 'POST /api/event/create',
      note: 'valid event from a pool of 200 visitors (own session and ip), fresh id each; answered 202 once queued',
      result: events,
    },
    {
      name: 'GET /api/location?zip_code=90210',
      note: 'pool of 400 returning visitors, one ip each (KV cache hit, remembered on the visitor)',
      result: location,
    },
    {
      name: 'POST /api/mediaalpha/get-phone',
      note: `new visitor and client ip each request, rate limits in place: Durable Object + sandbox partner call (${phonePartnerCalls.toLocaleString('en-US')} MediaAlpha get-phone calls recorded at the sandbox)`,
      result: phone,
    },
  ];
}
