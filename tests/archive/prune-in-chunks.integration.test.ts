import { createExecutionContext, createScheduledController, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { QueuedEvent } from '../../src/shared/tracking/event-schema';
import worker from '../../src/worker/index';
import { handleEventBatch } from '../../src/worker/queue/consumer';
import { recordingQueue } from '../support/recording-queue';
import { freshIp } from '../support/sandbox';
import { archiveObjects, batchOf, count, pageRollupsBothWays, queuedAt } from './support';

/**
 * A day larger than what one run of the daily cron may prune (a million-row day in production;
 * here 60 rows against a budget of 25 rows a run in chunks of 10, the same code with smaller
 * numbers): the cron prunes it over several runs, each run a success in cron_runs that says the
 * day goes on, and nothing is lost: every row is in the archive, the day's count is exact, the
 * report gives the same numbers throughout, and a row replayed into the day mid-way is pruned too.
 */
const YEAR = 2020;
const BIG_DAY = `${YEAR}-03-02`;
const SMALL_DAY = `${YEAR}-03-03`;
const HOT_DAY = `${YEAR}-04-05`;
const RANGE = `from=${YEAR}-02-25&to=${YEAR}-04-20&brand=wc`;
const SMALL_BUDGET = { EVENTS_PRUNE_ROWS_PER_RUN: '25', EVENTS_PRUNE_CHUNK: '10' };

function events(): QueuedEvent[] {
  const list: QueuedEvent[] = [];
  // 20 sessions of three events on the big day, spread over its hours.
  for (let s = 0; s < 20; s += 1) {
    const hour = String(s % 24).padStart(2, '0');
    const sessionId = `sess-chunks-${s}`;
    const paid = s % 3 === 0;
    list.push(queuedAt(`${BIG_DAY}T${hour}:00:00.000Z`, { sessionId, paid }));
    list.push(queuedAt(`${BIG_DAY}T${hour}:01:00.000Z`, { sessionId, paid, event: 'formStepSubmitted' }));
    list.push(queuedAt(`${BIG_DAY}T${hour}:02:00.000Z`, { sessionId, paid, stepNumber: 2, stepName: 'contact' }));
  }
  for (let s = 0; s < 5; s += 1)
    list.push(queuedAt(`${SMALL_DAY}T0${s}:00:00.000Z`, { sessionId: `sess-chunks-small-${s}` }));
  list.push(queuedAt(`${HOT_DAY}T10:00:00.000Z`, { sessionId: 'sess-chunks-hot' }));
  return list.map((e) => ({ ...e, properties: { ...e.properties, id: e.id } }));
}

async function deliver(list: QueuedEvent[]) {
  for (let i = 0; i < list.length; i += 30)
    await handleEventBatch(batchOf(list.slice(i, i + 30)), { ...env, EVENTS_DLQ: recordingQueue().queue });
}

async function reportCsv(): Promise<string[]> {
  const response = await SELF.fetch(`http://bh.localhost/ops/report?${RANGE}&format=csv`, {
    headers: { authorization: 'Bearer test-report-token', 'cf-connecting-ip': freshIp() },
  });
  expect(response.status).toBe(200);
  return (await response.text()).trim().split('\r\n');
}

/** One night's daily cron, `night` days after April 10 (the hot window then starts in March). */
async function runCron(night: number) {
  const ctx = createExecutionContext();
  const scheduledTime = new Date(Date.parse(`${YEAR}-04-10T03:17:00.000Z`) + night * 86_400_000);
  await worker.scheduled(
    createScheduledController({ scheduledTime, cron: '17 3 * * *' }),
    { ...env, ...SMALL_BUDGET },
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

const rowsOf = (day: string) => count(`SELECT COUNT(*) AS n FROM events WHERE received_at LIKE ?`, `${day}%`);

async function ledger(day: string) {
  return env.DB.prepare(
    `SELECT rolled_up_at, rolled_up_events, archive_confirmed_at, pruned_at, pruned_events FROM event_days WHERE day = ?`,
  )
    .bind(day)
    .first<{
      rolled_up_at: string;
      rolled_up_events: number;
      archive_confirmed_at: string | null;
      pruned_at: string | null;
      pruned_events: number;
    }>();
}

async function lastRun() {
  return env.DB.prepare(
    `SELECT ok, detail FROM cron_runs WHERE task = 'events-hot-window' ORDER BY id DESC LIMIT 1`,
  ).first<{ ok: number; detail: string }>();
}

describe('daily cron: a day larger than a run prunes over several runs', () => {
  it('prunes a bit of the day each run, records each run, and loses nothing', async () => {
    const seeded = events();
    await deliver(seeded);
    const before = await reportCsv();
    expect(await rowsOf(BIG_DAY)).toBe(60);

    // First night: the day is rolled up, confirmed and pruned as far as the budget goes.
    await runCron(0);
    expect(await rowsOf(BIG_DAY)).toBe(35);
    const first = await ledger(BIG_DAY);
    expect(first).toMatchObject({ rolled_up_events: 60, pruned_at: null, pruned_events: 25 });
    expect(first?.archive_confirmed_at).not.toBeNull();
    expect(await lastRun()).toEqual({
      ok: 1,
      detail: expect.stringMatching(
        new RegExp(`^0 days moved out, 25 rows pruned, ${BIG_DAY} continued next run; slowest ${BIG_DAY}: rollup `),
      ),
    });
    expect(await reportCsv()).toEqual(before);

    // A dead-letter replay adds a late row to the day while it is being pruned: the consumer adds
    // it to the rollups (a step the session had not submitted), and the cron prunes it with the rest.
    const late = queuedAt(`${BIG_DAY}T23:30:00.000Z`, {
      sessionId: 'sess-chunks-1',
      event: 'formStepSubmitted',
      stepNumber: 2,
      stepName: 'contact',
    });
    await deliver([{ ...late, properties: { id: late.id } }]);
    const withLate = await reportCsv();
    expect(withLate).not.toEqual(before);

    // Further nights until every old row is gone; each run is a success and the numbers never move.
    let nights = 1;
    while ((await rowsOf(BIG_DAY)) + (await rowsOf(SMALL_DAY)) > 0 || !(await ledger(SMALL_DAY))?.pruned_at) {
      await runCron(nights);
      nights += 1;
      expect((await lastRun())?.ok).toBe(1);
      expect(await reportCsv()).toEqual(withLate);
      expect(nights).toBeLessThan(8);
    }
    // 61 + 5 rows at 25 a night: three nights, a fourth to see the small day's last chunk was its last.
    expect(nights).toBeGreaterThanOrEqual(3);

    const big = await ledger(BIG_DAY);
    // Rolled up once, on the first night: a later run never recounted the partly pruned day.
    expect(big).toMatchObject({ rolled_up_at: first?.rolled_up_at, rolled_up_events: 60, pruned_events: 61 });
    expect(big?.pruned_at).not.toBeNull();
    expect(await ledger(SMALL_DAY)).toMatchObject({ rolled_up_events: 5, pruned_events: 5 });
    expect(await rowsOf(HOT_DAY)).toBe(1);
    expect(await lastRun()).toMatchObject({ ok: 1, detail: expect.not.stringContaining('continued') });

    // Every pruned row is in the archive, the late one included.
    const archived = new Set(
      (await Promise.all([BIG_DAY, SMALL_DAY].map((d) => archiveObjects(`events/dt=${d}/`))))
        .flat()
        .flatMap((o) => o.events.map((e) => e.id)),
    );
    for (const e of [...seeded.filter((e) => !e.receivedAt.startsWith(HOT_DAY)), late])
      expect(archived.has(e.id)).toBe(true);
    const [kept, summed] = await pageRollupsBothWays();
    expect(kept).toEqual(summed);
    expect(await reportCsv()).toEqual(withLate);
  });
});
