/**
 * Bench visitors the way a browser becomes one: a first page view gets the Worker's signed
 * visitor and session cookies, and the bench sends them back from then on. A hand-made cookie
 * would be refused and replaced on every request, so a "returning" run would measure first
 * visits. `withAnswers` also stores form answers, as a visitor who filled the first steps has:
 * their pages render fresh every time (nothing personal comes from the shared shell cache).
 */
import { send } from './harness';

export const BENCH_USER_AGENT = 'quote-funnel-bench/1.0';

/**
 * The headers of a first visit: no cookie, and a public client ip, as a visitor from an ad
 * has. From a loopback address the Worker skips the edge's postal code (a local request has
 * none), which a real first visit reads from request.cf; each request comes from the next
 * address of 203.0.113.0/24, so no single ip stands for all of them.
 */
export function firstVisit(): () => { headers: Record<string, string> } {
  let next = 0;
  return () => ({ headers: { 'user-agent': BENCH_USER_AGENT, 'cf-connecting-ip': `203.0.113.${1 + (next++ % 250)}` } });
}

/** The Cookie header a browser would send after these Set-Cookie headers. */
function cookieHeader(headers: [string, string][], jar = new Map<string, string>()): Map<string, string> {
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== 'set-cookie') continue;
    const pair = value.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    // Max-Age=0 deletes the cookie, as a browser does (the Worker clears its nothing-stored hint so).
    if (/;\s*max-age=0(;|$)/i.test(value)) jar.delete(pair.slice(0, eq));
    else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return jar;
}

const header = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

export interface MintOptions {
  /** Store the zip and Medicare answers first (two step submits). */
  withAnswers?: boolean;
  /** Ask for a phone number first (get-phone), so the visitor's Durable Object holds a lease. */
  withLease?: boolean;
  /** The visitor's client ip (CF-Connecting-IP) for every request it makes, pages included. */
  ip?: string;
  /** Another host for the brand's pages (the baseline Worker of `npm run cpu -- --against`). */
  host?: string;
  /** The first page the visitor sees (default '/'); an experiment's page gives them its variant. */
  landing?: string;
}

export async function mintVisitor(
  port: number,
  brand: string,
  options: MintOptions = {},
): Promise<Record<string, string>> {
  const host = options.host ?? `${brand}.localhost`;
  const ip: Record<string, string> = options.ip ? { 'cf-connecting-ip': options.ip } : {};
  const first = await send(port, 'GET', host, options.landing ?? '/', { 'user-agent': BENCH_USER_AGENT, ...ip });
  if (first.status !== 200) throw new Error(`first visit to ${brand}: ${first.status}`);
  const jar = cookieHeader(first.headers);
  if (!jar.size) throw new Error(`first visit to ${brand}: no cookies set`);
  const post = (path: string, body: unknown) =>
    send(
      port,
      'POST',
      host,
      path,
      {
        cookie: header(jar),
        origin: `http://${host}`,
        'content-type': 'application/json',
        'user-agent': BENCH_USER_AGENT,
        ...ip,
      },
      JSON.stringify(body),
    );
  // A browser follows a 307 (the Worker clearing its nothing-stored hint) with the same post and the updated cookies.
  const write = async (path: string, body: unknown) => {
    const res = await post(path, body);
    if (res.status !== 307) return res;
    cookieHeader(res.headers, jar);
    return post(path, body);
  };
  if (options.withAnswers) {
    for (const [step, values] of [
      ['zip', { zipcode: '33101' }],
      ['medicare', { haveMedicare: '1' }],
    ] as const) {
      const res = await write('/api/form/submit', {
        submissionId: crypto.randomUUID(),
        page: '/get-yours-otc',
        step,
        values,
      });
      if (res.status !== 200)
        throw new Error(`storing answers for ${brand} (${step}): ${res.status} ${res.body.slice(0, 200)}`);
      cookieHeader(res.headers, jar);
    }
  }
  if (options.withLease) {
    const res = await write('/api/mediaalpha/get-phone', { page: 'get-yours-otc', localHour: 12 });
    const lease = res.status === 200 ? (JSON.parse(res.body) as { lease?: unknown; source?: string }) : null;
    // A lease from the partner, kept by the visitor's Durable Object: its pages show that number.
    if (!lease?.lease || lease.source !== 'partner')
      throw new Error(`leasing a number for ${brand}: ${res.status} ${res.body.slice(0, 200)}`);
    cookieHeader(res.headers, jar);
  }
  return { cookie: header(jar), 'user-agent': BENCH_USER_AGENT, ...ip };
}

let minted = 0;
/** A client ip of its own for each minted visitor, from 198.18.0.0/15 (the benchmarking range), apart from visitorPool's. */
export function benchIp(): string {
  minted += 1;
  return `198.19.${Math.floor(minted / 250) % 256}.${1 + (minted % 250)}`;
}

/** Each request of a load as the next visitor of a pool, in turn (many browsers, not one Durable Object). */
export function rotating(visitors: readonly Record<string, string>[]): () => { headers: Record<string, string> } {
  let next = 0;
  return () => ({ headers: visitors[next++ % visitors.length] ?? {} });
}

/** Returning visitors of one kind, each with its own ip, for a load that rotates through them (as many browsers would). */
export async function returningVisitors(
  port: number,
  brand: string,
  size: number,
  options: Omit<MintOptions, 'ip'>,
): Promise<Record<string, string>[]> {
  const pool: Record<string, string>[] = [];
  for (let i = 0; i < size; i++) pool.push(await mintVisitor(port, brand, { ...options, ip: benchIp() }));
  return pool;
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
    const first = await send(port, 'GET', host, '/get-yours-otc', {
      'user-agent': BENCH_USER_AGENT,
      'cf-connecting-ip': ip,
    });
    const sessionId = /"sessionId":"([^"]+)"/.exec(first.body)?.[1];
    const jar = cookieHeader(first.headers);
    if (first.status !== 200 || !sessionId || !jar.size) throw new Error(`minting bench visitor ${i}: ${first.status}`);
    pool.push({
      sessionId,
      headers: {
        cookie: header(jar),
        origin: `http://${host}`,
        'user-agent': BENCH_USER_AGENT,
        'cf-connecting-ip': ip,
      },
    });
  }
  return pool;
}

// The cookie jar a browser keeps, for a bench that walks a funnel itself (bench/evidence.ts).
export { cookieHeader, header as cookieLine };
