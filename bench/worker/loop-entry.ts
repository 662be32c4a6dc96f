/**
 * The product Worker with a loop in front, for `npm run loop` (bench/loop.ts) only: never
 * deployed, built with `wrangler deploy --dry-run` from this entry instead of wrangler.toml's.
 *
 * A request with LOOP_HEADER runs the product's own `app.fetch` that many times in one
 * invocation, on copies of the request without the header, reads each body, and answers with
 * the time per request. It measures what the Worker's code costs inside the isolate, without
 * the HTTP path (workerd taking the request, the assets router, writing the page back), whose
 * noise on a 2-core machine is larger than most single changes (docs/decisions/0025-measuring-speed-cpu-per-request-beside-a-floor.md).
 * Timers in workerd tick in whole milliseconds, so it takes a loop of thousands of requests to
 * read microseconds. Every other request, and every other handler, is the product's.
 */
import worker, { app } from '../../src/worker/index';
import { LOOP_HEADER } from './loop-header';

export * from '../../src/worker/index';
const WARMUP = 50;

async function loop(request: Request, env: Env, ctx: ExecutionContext, times: number): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete(LOOP_HEADER);
  // The edge's properties travel with each copy, as workerd gives them to the Worker.
  const copy = () => new Request(request.url, { method: request.method, headers, cf: request.cf });
  const once = async () => {
    const response = await app.fetch(copy(), env, ctx);
    return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const statuses = new Set<number>();
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < times; i++) {
    const { status, bytes: read } = await once();
    statuses.add(status);
    bytes += read;
  }
  const elapsed = performance.now() - started;
  // What the loop itself adds: a copy of the request per iteration.
  const copyStarted = performance.now();
  for (let i = 0; i < times; i++) copy();
  const copyElapsed = performance.now() - copyStarted;
  return Response.json({
    times,
    usPerRequest: (elapsed * 1000) / times,
    usPerCopy: (copyElapsed * 1000) / times,
    bytesPerRequest: bytes / times,
    statuses: [...statuses],
  });
}

export default {
  ...worker,
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    const times = Number(request.headers.get(LOOP_HEADER) ?? '0');
    if (!Number.isInteger(times) || times <= 0) return worker.fetch(request, env, ctx);
    return loop(request, env, ctx, times);
  },
} satisfies ExportedHandler<Env>;
