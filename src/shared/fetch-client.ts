/**
 * The one small fetch client the browser code uses (spec section 7, general fetch
 * behaviour): object bodies go out as JSON for PATCH, POST, PUT and DELETE; a GET is retried
 * once on 408, 409, 425, 429, 500, 502, 503, 504 or a network failure; a write is retried
 * only when the caller gives an idempotency key, which the server uses to drop the repeat.
 * Standard fetch only, so it runs in browsers and in the Worker alike. `fetchJson` (a reply
 * read and checked) lives in fetch-json.ts.
 */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const JSON_BODY_METHODS: ReadonlySet<string> = new Set(['PATCH', 'POST', 'PUT', 'DELETE']);

export interface ClientFetchOptions extends Omit<RequestInit, 'body'> {
  /** A plain object or array is sent as JSON for PATCH/POST/PUT/DELETE; anything else as is. */
  body?: BodyInit | Record<string, unknown> | unknown[] | null;
  /** Retries after the first attempt. Default: 1 for GET, 0 for writes without an idempotency key. */
  retry?: number;
  /** Makes a write safe to repeat: sent as the Idempotency-Key header and enables one retry. */
  idempotencyKey?: string;
  /** Wait before a retry, in milliseconds. */
  retryDelayMs?: number;
  fetchImpl?: typeof fetch;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly body: unknown,
  ) {
    super(`${status} from ${url}`);
    this.name = 'HttpError';
  }
}

function isPlainBody(body: unknown): body is Record<string, unknown> | unknown[] {
  if (body === null || typeof body !== 'object') return false;
  if (Array.isArray(body)) return true;
  const proto: unknown = Object.getPrototypeOf(body);
  return proto === Object.prototype || proto === null;
}

/**
 * fetch, asked again on a passing failure: a GET (or HEAD) once on RETRY_STATUSES or a network
 * failure, a write only when it carries an Idempotency-Key header (the server drops the
 * repeat), unless `retry` says otherwise. The browser's always-loaded script calls this one
 * directly with bodies it already serialized: it is the whole of the rule, and small.
 */
export async function fetchWithRetry(
  input: string | URL,
  init: RequestInit & { retry?: number; retryDelayMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<Response> {
  const { retry, retryDelayMs = 0, fetchImpl = fetch, ...request } = init;
  const method = (request.method ?? 'GET').toUpperCase();
  const idempotent = method === 'GET' || method === 'HEAD' || new Headers(request.headers).has('idempotency-key');
  let attemptsLeft = retry ?? (idempotent ? 1 : 0);
  for (;;) {
    try {
      const response = await fetchImpl(input, { ...request, method });
      if (attemptsLeft <= 0 || !RETRY_STATUSES.has(response.status)) return response;
      // Let the connection go before asking again.
      await response.body?.cancel();
    } catch (error) {
      if (attemptsLeft <= 0 || request.signal?.aborted) throw error;
    }
    attemptsLeft -= 1;
    if (retryDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
  }
}

export async function clientFetch(input: string | URL, options: ClientFetchOptions = {}): Promise<Response> {
  const { body, idempotencyKey, ...init } = options;
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  let sent: BodyInit | null | undefined;
  if (isPlainBody(body) && JSON_BODY_METHODS.has(method)) {
    sent = JSON.stringify(body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    if (!headers.has('accept')) headers.set('accept', 'application/json');
  } else if (isPlainBody(body)) {
    throw new TypeError(`An object body cannot be sent with ${method}`);
  } else {
    sent = body;
  }
  if (idempotencyKey) headers.set('idempotency-key', idempotencyKey);
  return fetchWithRetry(input, { ...init, method, headers, body: sent });
}
