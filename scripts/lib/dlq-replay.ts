/**
 * Dead letters back onto their queue, through the Cloudflare Queues HTTP API: pull a batch from
 * the dead-letter queue (POST /accounts/{account_id}/queues/{queue_id}/messages/pull, which needs
 * an HTTP pull consumer on it: `wrangler queues consumer http add <dlq>`), send each body to the
 * queue it came from (POST .../queues/{queue_id}/messages/batch, `content_type: "json"`), then
 * acknowledge the leases (POST .../messages/ack). Nothing is acked before its send succeeded, so a
 * replay that stops half way loses nothing: the leases lapse and the messages are pulled again.
 * Every consumer here is idempotent (event ids, lead claims, conversion rows), so a message
 * replayed twice is harmless. Bodies are read by their content type (`metadata["CF-Content-Type"]`):
 * json and text as they are, bytes as base64; a `v8` body cannot be read outside Workers and is
 * left in the dead-letter queue (counted, never dropped).
 */
export interface QueuesApi {
  base: string;
  token: string;
  accountId: string;
}

interface PulledMessage {
  id: string;
  body: string;
  attempts?: number;
  lease_id: string;
  metadata?: Record<string, string>;
}

export interface ReplayOutcome {
  pulled: number;
  replayed: number;
  unreadable: number;
}

async function call<T>(api: QueuesApi, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${api.base.replace(/\/+$/, '')}/accounts/${encodeURIComponent(api.accountId)}${path}`, {
    method,
    headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const envelope = (await response.json().catch(() => null)) as {
    success?: boolean;
    errors?: { message: string }[];
    result?: T;
  } | null;
  if (!response.ok || !envelope?.success)
    throw new Error(
      `${method} ${path}: HTTP ${response.status}${envelope?.errors?.length ? ` ${envelope.errors.map((e) => e.message).join('; ')}` : ''}`,
    );
  return envelope.result as T;
}

/** Queue ids by name (GET /accounts/{account_id}/queues, every page). */
export async function queueIds(api: QueuesApi, names: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let page = 1; page <= 50 && found.size < names.length; page++) {
    const queues = await call<{ queue_id: string; queue_name: string }[]>(
      api,
      'GET',
      `/queues?page=${page}&per_page=100`,
    );
    for (const q of queues) if (names.includes(q.queue_name)) found.set(q.queue_name, q.queue_id);
    if (queues.length < 100) break;
  }
  return found;
}

/** The body as the consumer expects it; undefined when it cannot be read here. */
function readBody(message: PulledMessage, unwrap: boolean): unknown {
  const type = message.metadata?.['CF-Content-Type'] ?? 'json';
  let body: unknown;
  if (type === 'json') body = JSON.parse(message.body) as unknown;
  else if (type === 'text') body = message.body;
  else if (type === 'bytes') body = message.body;
  else return undefined;
  // The events consumer dead-letters with its reason around the event (queue/consumer.ts): send the event.
  if (unwrap && typeof body === 'object' && body !== null && 'reason' in body && 'body' in body)
    return (body as { body: unknown }).body;
  return body;
}

export async function replayDeadLetters(
  api: QueuesApi,
  options: { deadLetterQueueId: string; queueId: string; unwrap: boolean; batchSize?: number; limit?: number },
): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { pulled: 0, replayed: 0, unreadable: 0 };
  const seen = new Set<string>();
  const batchSize = options.batchSize ?? 100;
  while (outcome.pulled < (options.limit ?? Infinity)) {
    const pulled = await call<{ messages?: PulledMessage[] }>(
      api,
      'POST',
      `/queues/${options.deadLetterQueueId}/messages/pull`,
      { batch_size: batchSize, visibility_timeout_ms: 60_000 },
    );
    const fresh = (pulled.messages ?? []).filter((m) => !seen.has(m.id));
    if (fresh.length === 0) break;
    for (const m of fresh) seen.add(m.id);
    outcome.pulled += fresh.length;
    const readable: { message: PulledMessage; body: unknown }[] = [];
    for (const message of fresh) {
      let body: unknown;
      try {
        body = readBody(message, options.unwrap);
      } catch {
        body = undefined;
      }
      if (body === undefined) outcome.unreadable++;
      else readable.push({ message, body });
    }
    if (readable.length > 0) {
      await call(api, 'POST', `/queues/${options.queueId}/messages/batch`, {
        messages: readable.map(({ body }) => ({ body, content_type: 'json' })),
      });
      await call(api, 'POST', `/queues/${options.deadLetterQueueId}/messages/ack`, {
        acks: readable.map(({ message }) => ({ lease_id: message.lease_id })),
      });
      outcome.replayed += readable.length;
    }
  }
  return outcome;
}
