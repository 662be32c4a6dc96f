/**
 * Bench visitors the way a browser becomes one: a first page view gets the Worker's signed
 * visitor and session cookies, and the bench sends them back from then on. A hand-made cookie
 * would be refused and replaced on every request, so a "returning" run would measure first
 * visits. `withAnswers` also stores form answers, as a visitor who filled the first steps has:
 * their pages render fresh every time (nothing personal comes from the shared shell cache).
 */
import { send } from './harness';

export const BENCH_USER_AGENT = 'quote-funnel-bench/1.0';

/** The Cookie header a browser would send after these Set-Cookie headers. */
function cookieHeader(headers: [string, string][], jar = new Map<string, string>()): Map<string, string> {
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== 'set-cookie') continue;
    const pair = value.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return jar;
}

const header = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

export async function mintVisitor(port: number, brand: string, options: { withAnswers?: boolean } = {}): Promise<Record<string, string>> {
  const host = `${brand}.localhost`;
  const first = await send(port, 'GET', host, '/', { 'user-agent': BENCH_USER_AGENT });
  if (first.status !== 200) throw new Error(`first visit to ${brand}: ${first.status}`);
  const jar = cookieHeader(first.headers);
  if (!jar.size) throw new Error(`first visit to ${brand}: no cookies set`);
  if (options.withAnswers) {
    for (const [step, values] of [['zip', { zipcode: '33101' }], ['medicare', { haveMedicare: '1' }]] as const) {
      const body = JSON.stringify({ submissionId: crypto.randomUUID(), page: '/get-yours-otc', step, values });
      const res = await send(port, 'POST', host, '/api/form/submit', { cookie: header(jar), origin: `http://${host}`, 'content-type': 'application/json', 'user-agent': BENCH_USER_AGENT }, body);
      if (res.status !== 200) throw new Error(`storing answers for ${brand} (${step}): ${res.status} ${res.body.slice(0, 200)}`);
      cookieHeader(res.headers, jar);
    }
  }
  return { cookie: header(jar), 'user-agent': BENCH_USER_AGENT };
}

export interface PooledVisitor {
  headers: Record<string, string>;
  sessionId: string;
}

/**
 * Visitors for event load: each with the Worker's cookies, its session id (events are accepted
 * only for the visit's own session), the brand's Origin (writes need it) and a client ip of its
 * own, so the per-ip and per-visitor event limits (RATE_LIMIT_EVENTS) see many browsers, as
 * production does, not one address sending thousands of events.
 */
export async function visitorPool(port: number, size: number, brand = 'bh'): Promise<PooledVisitor[]> {
  const pool: PooledVisitor[] = [];
  for (let i = 0; i < size; i++) {
    const ip = `198.18.${Math.floor(i / 250)}.${1 + (i % 250)}`;
    const host = `${brand}.localhost`;
    const first = await send(port, 'GET', host, '/get-yours-otc', { 'user-agent': BENCH_USER_AGENT, 'cf-connecting-ip': ip });
    const sessionId = /"sessionId":"([^"]+)"/.exec(first.body)?.[1];
    const jar = cookieHeader(first.headers);
    if (first.status !== 200 || !sessionId || !jar.size) throw new Error(`minting bench visitor ${i}: ${first.status}`);
    pool.push({ sessionId, headers: { cookie: header(jar), origin: `http://${host}`, 'user-agent': BENCH_USER_AGENT, 'cf-connecting-ip': ip } });
  }
  return pool;
}
