import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueIds, replayDeadLetters } from '../../scripts/lib/dlq-replay';

/**
 * `npm run dlq:replay` against a stand-in of the Cloudflare Queues API as its reference describes
 * it: GET /accounts/{id}/queues, POST .../queues/{id}/messages/pull ({ batch_size,
 * visibility_timeout_ms } to { result: { messages: [{ id, body, attempts, lease_id, metadata }] } },
 * a body as a string typed by `metadata["CF-Content-Type"]`), POST .../messages/batch
 * ({ messages: [{ body, content_type }] }) and POST .../messages/ack ({ acks: [{ lease_id }] }).
 */
interface Held {
  id: string;
  body: string;
  type: string;
  leased: boolean;
}
let server: Server;
let base = '';
let deadLetters: Held[] = [];
const sent: { body: unknown; content_type: string }[] = [];
let failSends = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const reply = (status: number, result: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            success: status === 200,
            errors: status === 200 ? [] : [{ code: 10000, message: 'refused' }],
            messages: [],
            result,
          }),
        );
      };
      if (req.headers.authorization !== 'Bearer test-queues-token') return reply(403, null);
      const path = url.pathname.replace('/client/v4/accounts/acc-1', '');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      if (req.method === 'GET' && path === '/queues')
        return reply(200, [
          { queue_id: 'q-events', queue_name: 'quote-funnel-events-production' },
          { queue_id: 'q-events-dlq', queue_name: 'quote-funnel-events-production-dlq' },
        ]);
      if (req.method === 'POST' && path === '/queues/q-events-dlq/messages/pull') {
        const batch = deadLetters.filter((m) => !m.leased).slice(0, Number(body.batch_size ?? 10));
        for (const m of batch) m.leased = true;
        return reply(200, {
          message_backlog_count: deadLetters.length,
          messages: batch.map((m) => ({
            id: m.id,
            body: m.body,
            attempts: 6,
            lease_id: `lease-${m.id}`,
            timestamp_ms: 1,
            metadata: { 'CF-Content-Type': m.type },
          })),
        });
      }
      if (req.method === 'POST' && path === '/queues/q-events/messages/batch') {
        if (failSends) return reply(500, null);
        sent.push(...(body.messages as { body: unknown; content_type: string }[]));
        return reply(200, {});
      }
      if (req.method === 'POST' && path === '/queues/q-events-dlq/messages/ack') {
        const acked = new Set((body.acks as { lease_id: string }[]).map((a) => a.lease_id));
        deadLetters = deadLetters.filter((m) => !acked.has(`lease-${m.id}`));
        return reply(200, { ackCount: acked.size, retryCount: 0, warnings: [] });
      }
      return reply(404, null);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
});

afterAll(() => server?.close());

const api = () => ({ base, token: 'test-queues-token', accountId: 'acc-1' });
const event = (id: string) => ({ id, event: 'pageView', receivedAt: '2026-11-20T10:00:00.000Z' });

describe('npm run dlq:replay', () => {
  it('sends each dead letter back to its queue (the events wrapper taken off), then acks it; a v8 body stays', async () => {
    deadLetters = [
      {
        id: 'm1',
        type: 'json',
        leased: false,
        body: JSON.stringify({ reason: 'd1-write-failed', detail: 'x', queue: 'q', body: event('e1') }),
      },
      { id: 'm2', type: 'json', leased: false, body: JSON.stringify(event('e2')) },
      { id: 'm3', type: 'v8', leased: false, body: 'AAEC' },
    ];
    sent.length = 0;
    const ids = await queueIds(api(), ['quote-funnel-events-production', 'quote-funnel-events-production-dlq']);
    const outcome = await replayDeadLetters(api(), {
      deadLetterQueueId: ids.get('quote-funnel-events-production-dlq') ?? '',
      queueId: ids.get('quote-funnel-events-production') ?? '',
      unwrap: true,
      batchSize: 2,
    });
    expect(outcome).toEqual({ pulled: 3, replayed: 2, unreadable: 1 });
    expect(sent).toEqual([
      { body: event('e1'), content_type: 'json' },
      { body: event('e2'), content_type: 'json' },
    ]);
    expect(deadLetters.map((m) => m.id)).toEqual(['m3']);
  });

  it('acks nothing when the send back fails: the dead letters stay for the next try', async () => {
    deadLetters = [{ id: 'm4', type: 'json', leased: false, body: JSON.stringify(event('e4')) }];
    failSends = true;
    await expect(
      replayDeadLetters(api(), { deadLetterQueueId: 'q-events-dlq', queueId: 'q-events', unwrap: true }),
    ).rejects.toThrow(/messages\/batch: HTTP 500/);
    failSends = false;
    expect(deadLetters.map((m) => m.id)).toEqual(['m4']);
  });
});
