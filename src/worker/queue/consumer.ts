import { z } from 'zod';
import { queuedEventSchema, type QueuedEvent } from '../../shared/tracking/event-schema';
import {
  addIncomingToPeople,
  addIncomingToRollups,
  archiveEvents,
  erasureMessageSchema,
  EVENT_ROW_COLUMNS,
  eventRowValues,
  type ErasureBucket,
  type ErasureMessage,
} from '../archive';
import { withoutErased } from '../consent/erased-visitors';
import { partnerDeletionMessageSchema, sendPartnerDeletion } from '../consent/partner-deletions';
import { startJob, type JobParams } from '../long-jobs/jobs';
import { logJson } from '../observability/log';
import { reportError } from '../observability/report-error';

/**
 * Consumer of the EVENTS queue: writes each batch to the R2 archive (src/worker/archive/, one
 * object per batch and hour, named by the batch's event ids, so a redelivery rewrites it) and
 * then to D1 `events`, idempotent on the event id, so a redelivered batch or a browser retry is
 * stored once. The batch's new rows are added to the daily rollups in the same transaction, one
 * upsert per rollup row (storeStatements). A dead-letter message sent back to the
 * queue (the replay in docs/decisions/0009-tracking-sessions-ids-and-the-event-pipeline.md) is unwrapped and goes the same way, archive included.
 *
 * Nothing is silently dropped:
 * - a message that is not an event (cannot ever succeed) goes to the dead-letter queue at once
 *   and is acknowledged, so it does not hold the good ones back;
 * - when D1 fails, the batch is retried with exponential backoff; on the last delivery
 *   (wrangler.toml max_retries + 1) the consumer itself sends the events to the dead-letter
 *   queue with the reason, and only then acknowledges them. If that send fails too, it
 *   retries once more and the platform dead-letters them (wrangler.toml dead_letter_queue).
 * The dead-letter queue has no consumer: docs/decisions/0009-tracking-sessions-ids-and-the-event-pipeline.md says how an operator replays it.
 */

/** wrangler.toml `max_retries` of the EVENTS consumer; delivery attempts = retries + 1. */
export const EVENTS_MAX_RETRIES = 5;

/** Retry delay by attempt: 10 s, 20 s, 40 s, 80 s, 160 s, capped at 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(300, 10 * 2 ** Math.max(0, attempts - 1));
}

const ROW_COLUMNS = `${EVENT_ROW_COLUMNS}, archive_batch`;

/**
 * The statements that store a delivery, run as one D1 batch (one transaction): its events not
 * yet in `events` are staged in events_incoming (one statement, the rows as one JSON parameter:
 * D1 binds at most 100 parameters a statement), added to the rollups (one grouped upsert),
 * moved to `events` and the stage emptied. A redelivered event is not staged, so it is neither
 * stored nor counted twice. The statement at INSERTED_AT changes as many rows as were inserted.
 */
/** Index in storeStatements of the insert into `events`. */
const INSERTED_AT = 3;

function storeStatements(db: D1Database, rows: unknown[][]): D1PreparedStatement[] {
  const values = ROW_COLUMNS.split(', ')
    .map((_, i) => `json_extract(value, '$[${i}]')`)
    .join(', ');
  return [
    db
      .prepare(
        `INSERT OR IGNORE INTO events_incoming (${ROW_COLUMNS}) SELECT ${values} FROM json_each(?)
         WHERE NOT EXISTS (SELECT 1 FROM events WHERE events.id = json_extract(value, '$[0]'))`,
      )
      .bind(JSON.stringify(rows)),
    addIncomingToRollups(db),
    // The report's distinct sessions per page and action (archive/people-rollup.ts), before the rows move.
    addIncomingToPeople(db),
    db.prepare(`INSERT INTO events (${ROW_COLUMNS}) SELECT ${ROW_COLUMNS} FROM events_incoming`),
    db.prepare(`DELETE FROM events_incoming`),
  ];
}

type ConsumerEnv = Pick<
  Env,
  | 'DB'
  | 'EVENTS'
  | 'EVENTS_DLQ'
  | 'QUOTEWIZARD_API_KEY'
  | 'MEDIAALPHA_API_TOKEN'
  | 'PARTNER_TIMEOUT_MS'
  | 'QUOTEWIZARD_TIMEOUT_MS'
> & {
  ARCHIVE_JOBS: Workflow<JobParams>;
  ARCHIVE: ErasureBucket;
  SENTRY_DSN?: string;
  ENVIRONMENT?: string;
};

/** A dead-letter message replayed onto the events queue: its `body` is the event. */
const replayedSchema = z.object({ reason: z.string(), body: queuedEventSchema });

function eventOf(body: unknown): QueuedEvent | null {
  const parsed = queuedEventSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const replayed = replayedSchema.safeParse(body);
  return replayed.success ? replayed.data.body : null;
}

export interface BatchOutcome {
  /** Rows D1 accepted (new events; duplicates are ignored). */
  inserted: number;
  duplicates: number;
  /** Sent to the dead-letter queue by this run (unparseable, or D1 failed on the last delivery). */
  deadLettered: number;
  retried: boolean;
}

export async function handleEventBatch(batch: MessageBatch<unknown>, env: ConsumerEnv): Promise<BatchOutcome> {
  const good: { message: Message<unknown>; event: QueuedEvent }[] = [];
  const poison: Message<unknown>[] = [];
  const erasures: { message: Message<unknown>; erasure: ErasureMessage }[] = [];
  const deletions: { message: Message<unknown>; deletion: string }[] = [];
  for (const message of batch.messages) {
    const erasure = erasureMessageSchema.safeParse(message.body);
    if (erasure.success) {
      erasures.push({ message, erasure: erasure.data });
      continue;
    }
    const deletion = partnerDeletionMessageSchema.safeParse(message.body);
    if (deletion.success) {
      deletions.push({ message, deletion: deletion.data.deletion });
      continue;
    }
    const event = eventOf(message.body);
    if (event) good.push({ message, event });
    else poison.push(message);
  }
  // A privacy deletion's archive erasure (src/worker/archive/erase.ts): retried until it is done;
  // past the retries the daily cron still runs it, since its row stays pending.
  for (const { message, erasure } of erasures) {
    try {
      // Runs as a Workflow in parts (src/worker/long-jobs/): durable, its progress on the health page.
      await startJob(env, { kind: 'erasure', erasure: erasure.erasure });
      message.ack();
    } catch (err) {
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      await reportError(env, err, { where: 'queue.archive-erasure', queue: batch.queue, erasure: erasure.erasure });
    }
  }

  // A privacy deletion's request to a partner that received the lead (src/worker/consent/partner-deletions.ts):
  // retried until the partner takes it; past the retries the daily cron still sends it (its row stays pending).
  for (const { message, deletion } of deletions) {
    try {
      await sendPartnerDeletion(env, deletion);
      message.ack();
    } catch (err) {
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      await reportError(env, err, { where: 'queue.partner-deletion', queue: batch.queue, deletion });
    }
  }

  let poisonSent = 0;
  if (poison.length > 0) {
    try {
      await env.EVENTS_DLQ.sendBatch(
        poison.map((m) => deadLetter('unparseable', batch.queue, m, m.body, 'not an event (schema mismatch)')),
      );
      for (const m of poison) m.ack();
      poisonSent = poison.length;
      logJson('warn', 'unparseable events moved to the dead-letter queue', {
        where: 'queue.poison',
        queue: batch.queue,
        count: poison.length,
        messageIds: poison.map((m) => m.id),
      });
    } catch (err) {
      // The dead-letter queue itself failed: let the platform retry them (and dead-letter them after the limit).
      for (const m of poison) m.retry({ delaySeconds: retryDelaySeconds(m.attempts) });
      await reportError(env, err, { where: 'queue.dead-letter-send', queue: batch.queue, count: poison.length });
    }
  }

  if (good.length === 0) return { inserted: 0, duplicates: 0, deadLettered: poisonSent, retried: false };

  let failedStep: 'archive' | 'd1' = 'd1';
  // The messages this run still has to settle (a dropped one is acknowledged at once).
  let unsettled = good;
  try {
    // Events of a visitor erased after they were sent are dropped, not stored (src/worker/consent/erased-visitors.ts).
    const { kept, dropped } = await withoutErased(env.DB, good);
    for (const { message } of dropped) message.ack();
    unsettled = kept;
    if (kept.length === 0) return { inserted: 0, duplicates: 0, deadLettered: poisonSent, retried: false };
    failedStep = 'archive';
    // The archive first: a row in D1 always has its archive object (the cron prunes on that).
    const batchIds = await archiveEvents(
      env.ARCHIVE,
      kept.map(({ event }) => event),
    );
    failedStep = 'd1';
    // One D1 batch is one transaction: the batch is stored whole or not at all.
    const results = await env.DB.batch(
      storeStatements(
        env.DB,
        kept.map(({ event }) => [...eventRowValues(event), batchIds.get(event.id) ?? null]),
      ),
    );
    const inserted = results[INSERTED_AT]?.meta.changes ?? 0;
    for (const { message } of kept) message.ack();
    return { inserted, duplicates: kept.length - inserted, deadLettered: poisonSent, retried: false };
  } catch (err) {
    const reason = err instanceof Error ? err.message.slice(0, 300) : `${failedStep} write failed`;
    const deadReason = failedStep === 'archive' ? 'archive-write-failed' : 'd1-write-failed';
    const lastDelivery = unsettled.filter(({ message }) => message.attempts > EVENTS_MAX_RETRIES);
    const retrying = unsettled.filter(({ message }) => message.attempts <= EVENTS_MAX_RETRIES);
    let deadLettered = 0;
    if (lastDelivery.length > 0) {
      try {
        await env.EVENTS_DLQ.sendBatch(
          lastDelivery.map(({ message, event }) => deadLetter(deadReason, batch.queue, message, event, reason)),
        );
        for (const { message } of lastDelivery) message.ack();
        deadLettered = lastDelivery.length;
      } catch {
        // Retried once more: past max_retries the platform moves them to the dead-letter queue itself.
        retrying.push(...lastDelivery);
      }
    }
    const attempts = Math.max(...unsettled.map(({ message }) => message.attempts));
    const delaySeconds = retryDelaySeconds(Math.max(1, ...retrying.map(({ message }) => message.attempts)));
    for (const { message } of retrying) message.retry({ delaySeconds });
    await reportError(env, err, {
      where: failedStep === 'archive' ? 'queue.archive-write' : 'queue.d1-insert',
      queue: batch.queue,
      count: unsettled.length,
      attempts,
      delaySeconds,
      deadLettered,
    });
    return { inserted: 0, duplicates: 0, deadLettered: poisonSent + deadLettered, retried: retrying.length > 0 };
  }
}

/** A dead-letter message: the original body, why it is there, and where it came from (for replay). */
export interface DeadLetter {
  reason: 'unparseable' | 'archive-write-failed' | 'd1-write-failed';
  detail: string;
  queue: string;
  messageId: string;
  attempts: number;
  body: unknown;
}

function deadLetter(
  reason: DeadLetter['reason'],
  queue: string,
  message: Message<unknown>,
  body: unknown,
  detail: string,
): MessageSendRequest<DeadLetter> {
  return {
    body: { reason, detail, queue, messageId: message.id, attempts: message.attempts, body },
    contentType: 'json',
  };
}
