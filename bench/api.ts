/** The API the browser calls most: event intake, zip location and the phone lease (sandbox partner). */
import { eventLoad } from './event-body';
import type { Harness } from './harness';
import { runLoad, type LoadResult } from './load';
import { runSessionId } from './pipeline';

export interface ApiRow {
  name: string;
  note: string;
  result: LoadResult;
}

const ua = { 'user-agent': 'quote-funnel-bench/1.0' };
/** A pool of returning visitors for calls that remember something on the visitor. */
const POOL = Array.from({ length: 64 }, () => crypto.randomUUID());
let next = 0;
const pooledVisitor = () => ({ headers: { cookie: `qf_aid=${POOL[next++ % POOL.length] ?? ''}` } });

export async function benchApi(h: Harness, seconds: number): Promise<ApiRow[]> {
  const sessionId = runSessionId('api');
  const events = await eventLoad(h, sessionId, { seconds });
  const location = await runLoad({ port: h.port, host: 'bh.localhost', path: '/api/location?zip_code=90210', headers: ua, each: pooledVisitor, seconds });
  // A new visitor per request: every call reaches the visitor's Durable Object and the partner.
  const phone = await runLoad({
    port: h.port,
    host: 'bh.localhost',
    method: 'POST',
    path: '/api/mediaalpha/get-phone',
    headers: { 'content-type': 'application/json', ...ua, 'cf-connecting-ip': '203.0.113.7' },
    each: () => ({ headers: { cookie: `qf_aid=${crypto.randomUUID()}` }, body: JSON.stringify({ page: 'get-yours-otc', localHour: 12 }) }),
    seconds,
  });
  return [
    { name: 'POST /api/event/create', note: 'valid event, fresh id each; answered 202 once queued', result: events },
    { name: 'GET /api/location?zip_code=90210', note: 'pool of 64 returning visitors (KV cache hit, remembered on the visitor)', result: location },
    { name: 'POST /api/mediaalpha/get-phone', note: 'new visitor each request: Durable Object + sandbox partner call', result: phone },
  ];
}
