/**
 * The Worker's bindings wrapped to record when each call to the outside world settles relative to
 * the response: before its headers were returned (the visitor waits for it before the first byte),
 * while its body was read, or after the body ended (waitUntil, background). Locally a Durable
 * Object, KV or D1 call costs a tenth of a millisecond; on Cloudflare each one awaited before the
 * first byte can cost tens, so the count of those is what a page's latency depends on there.
 *
 * Every object binding is wrapped by one proxy: a call that returns a promise is a call to the
 * outside (KV get, D1 first/all/run/batch, a Durable Object RPC method, a queue send, a rate-limit
 * check) and is recorded; a call that returns an object (DB.prepare, bind, VISITOR.get) returns
 * that object wrapped the same way, so calls on it are recorded under the binding's name. The
 * global fetch (partner calls) is wrapped by `timedFetch` for the span of one request.
 */
export type Phase = 'beforeHeaders' | 'body' | 'after';

export interface BindingCall {
  /** Binding and method, e.g. `VISITOR.funnelStateOrEmpty`, `DB.first`, `fetch mediaalpha`. */
  name: string;
  /** When the call settled. */
  settled: Phase;
  /** Order of its start and its end among all starts and ends of the request (for the chain of waits). */
  start: number;
  end: number;
}

export interface Recorder {
  phase: Phase;
  calls: BindingCall[];
  /** Counts starts and ends, so calls made one after another can be told from calls made together. */
  tick: number;
}

/**
 * The longest chain of calls each started after the one before had ended: the round trips a
 * visitor waits for one after another (calls made together with Promise.all count once).
 */
export function chainOf(calls: BindingCall[]): number {
  const sorted = [...calls].sort((a, b) => a.end - b.end);
  const depth: number[] = [];
  sorted.forEach((c, i) => {
    let longest = 0;
    for (let j = 0; j < i; j++) if ((sorted[j]?.end ?? 0) < c.start) longest = Math.max(longest, depth[j] ?? 0);
    depth.push(longest + 1);
  });
  return Math.max(0, ...depth);
}

const wrappedToReal = new WeakMap<object, object>();

// D1's batch takes an array of prepared statements: unwrap each.
const unwrap = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(unwrap)
    : typeof value === 'object' && value !== null
      ? (wrappedToReal.get(value) ?? value)
      : value;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** `real` with each method call recorded into `recorder` under `binding`. */
function wrap<T extends object>(real: T, binding: string, recorder: () => Recorder | undefined): T {
  const proxy = new Proxy(real, {
    get(target, prop) {
      // A stub answers every name with a callable: a promise's `then` must stay absent.
      if (prop === 'then' || typeof prop === 'symbol') return Reflect.get(target, prop, target) as unknown;
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = Reflect.apply(value as (...a: unknown[]) => unknown, target, args.map(unwrap));
        if (isThenable(result)) {
          const rec = recorder();
          if (!rec) return result;
          // D1's first/all/run/raw are named under DB; a Durable Object's RPC method under its namespace.
          const call: BindingCall = {
            name: `${binding}.${String(prop)}`,
            settled: rec.phase,
            start: rec.tick++,
            end: 0,
          };
          const settle = () => {
            call.settled = rec.phase;
            call.end = rec.tick++;
            rec.calls.push(call);
          };
          return Promise.resolve(result).then(
            (v) => {
              settle();
              return v;
            },
            (e: unknown) => {
              settle();
              throw e;
            },
          );
        }
        if ((typeof result === 'object' || typeof result === 'function') && result !== null)
          return wrap(result, binding, recorder);
        return result;
      };
    },
  });
  wrappedToReal.set(proxy, real);
  return proxy;
}

/** `base` with every object binding (Durable Object namespaces, KV, D1, R2, queues, rate limits, workflows) recorded. */
export function timingEnv(base: Env, recorder: () => Recorder | undefined): Env {
  const env: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(base)) {
    // Static assets are served before the Worker on Cloudflare; strings are vars and secrets.
    env[name] = typeof value === 'object' && value !== null && name !== 'ASSETS' ? wrap(value, name, recorder) : value;
  }
  return env as unknown as Env;
}

/** Runs `during` with the global fetch (partner and outside calls) recorded into `rec`. */
export async function timedFetch<T>(rec: Recorder, during: () => Promise<T>): Promise<T> {
  const real = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    // The sandbox's first path segment names the partner (mediaalpha, ipqs, turnstile, ...).
    const call: BindingCall = {
      name: `fetch ${url.pathname.split('/')[1] ?? url.hostname}`,
      settled: rec.phase,
      start: rec.tick++,
      end: 0,
    };
    try {
      return await real(input, init);
    } finally {
      call.settled = rec.phase;
      call.end = rec.tick++;
      rec.calls.push(call);
    }
  };
  try {
    return await during();
  } finally {
    globalThis.fetch = real;
  }
}
