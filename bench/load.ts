/**
 * Fixed-concurrency load with autocannon (npm, so a fresh machine needs nothing by hand),
 * over loopback, bounded in time. Each request may be rebuilt (fresh ids, visitor cookies).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  throughput: { average: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats?: Record<string, { count: number }>;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  pipelining?: number;
  timeout?: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  requests?: (AutocannonRequest & { setupRequest?: (req: AutocannonRequest) => AutocannonRequest })[];
}
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;
const autocannon = require('autocannon') as Autocannon;

/** Fixed concurrency for every measured run (the issue asks for a fixed level, loopback). */
export const CONCURRENCY = 8;

/** What a load adds to each request: extra headers, a body (fresh ids, cookies) or another path. */
export type EachRequest = () => { headers?: Record<string, string>; body?: string; path?: string };

export interface LoadSpec {
  port: number;
  host: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Called before each request: extra headers, a body (fresh ids, cookies) or another path. */
  each?: EachRequest;
  seconds?: number;
  /** Stop after this many requests instead of after `seconds`. */
  amount?: number;
  connections?: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const headers = { host: spec.host, ...spec.headers };
  const each = spec.each;
  const result = await autocannon({
    url: `http://127.0.0.1:${spec.port}`,
    connections: spec.connections ?? CONCURRENCY,
    ...(spec.amount !== undefined ? { amount: spec.amount } : { duration: spec.seconds ?? 6 }),
    timeout: 20,
    requests: [
      {
        method: spec.method ?? 'GET',
        path: spec.path,
        headers,
        ...(each
          ? {
              setupRequest: (req: AutocannonRequest) => {
                const extra = each();
                return {
                  ...req,
                  headers: { ...headers, ...extra.headers },
                  ...(extra.body !== undefined ? { body: extra.body } : {}),
                  ...(extra.path !== undefined ? { path: extra.path } : {}),
                };
              },
            }
          : {}),
      },
    ],
  });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]),
  );
  return {
    rps: result.duration > 0 ? result.requests.total / result.duration : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
    seconds: result.duration,
  };
}
