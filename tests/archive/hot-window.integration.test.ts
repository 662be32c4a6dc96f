import { createExecutionContext, createScheduledController, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { QueuedEvent } from '../../src/shared/tracking/event-schema';
import worker from '../../src/worker/index';
import { maintainEvents, type MaintenanceEnv } from '../../src/worker/archive';
import { handleEventBatch } from '../../src/worker/queue/consumer';
import { recordingQueue } from '../support/recording-queue';
import { freshIp } from '../support/sandbox';
import { archiveObjects, batchOf, count, pageRollupsBothWays, queuedAt } from './support';

/**
 * The hot window: the daily cron rolls up, archives and prunes raw rows older than
 * EVENTS_HOT_DAYS (30), and the report gives the same numbers from rollups as from raw rows.
 * The tests of this file share one database, so each has its own year: its cron runs "on"
 * April 10 of that year (the hot window starts March 12) and only older days are touched.
 */
function scenario(year: number) {
  const oldDays = ['03-01', '03-02', '03-03'].map((d) => `${year}-${d}`);
  const hotDay = `${year}-04-05`;
  const now = new Date(`${year}-04-10T03:17:00.000Z`);
  const range = `from=${year}-02-25&to=${year}-04-10&brand=wc`;

  /** A small funnel over three old days and a hot one, sent through the consumer in two batches. */
  function funnel(): QueuedEvent[] {
    const at = (day: string, time: string) => `${day}T${time}.000Z`;
    const session = (n: number) => `sess-hot-${year}-${n}`;
    const google = { session: { id: 'x', paid: true, urlParams: { utm_source: 'Google' } } };
    const events: QueuedEvent[] = [];
    oldDays.forEach((day, d) => {
      for (let n = 0; n < 4; n += 1) {
        const s = session(n);
        const paid = n < 2;
        events.push(queuedAt(at(day, `0${n}:00:00`), { sessionId: s, paid, properties: n === 0 ? { ...google } : {} }));
        if (n < 3) events.push(queuedAt(at(day, `0${n}:01:00`), { sessionId: s, paid, event: 'formStepSubmitted' }));
        if (n < 2 + (d % 2))
          events.push(queuedAt(at(day, `0${n}:02:00`), { sessionId: s, paid, stepNumber: 2, stepName: 'contact' }));
      }
      events.push(
        queuedAt(at(day, '05:00:00'), { sessionId: session(0), event: 'ctcClicked', stepName: null, stepNumber: null }),
      );
      events.push(queuedAt(at(day, '06:00:00'), { sessionId: session(1), event: 'lowBidResult' }));
      events.push(
        queuedAt(at(day, '07:00:00'), {
          sessionId: session(2),
          event: 'leadCreated',
          properties: { verdict: d === 0 ? 'suspect' : 'bot' },
        }),
      );
    });
    // A session of an old day back on a hot day, and a new paid one there.
    events.push(queuedAt(at(hotDay, '10:00:00'), { sessionId: session(0) }));
    events.push(queuedAt(at(hotDay, '10:05:00'), { sessionId: session(9), paid: true }));
    return events.map((e) => ({ ...e, properties: { ...e.properties, id: e.id } }));
  }

  return {
    oldDays,
    hotDay,
    now,
    async seed() {
      const events = funnel();
      const half = Math.ceil(events.length / 2);
      for (const part of [events.slice(0, half), events.slice(half)])
        await handleEventBatch(batchOf(part), { ...env, EVENTS_DLQ: recordingQueue().queue });
    },
    oldRows: () =>
      count(`SELECT COUNT(*) AS n FROM events WHERE received_at >= ? AND received_at < ?`, oldDays[0], `${year}-03-04`),
    async reportCsv(): Promise<string[]> {
      const response = await SELF.fetch(`http://bh.localhost/ops/report?${range}&format=csv`, {
        headers: { authorization: 'Bearer test-report-token', 'cf-connecting-ip': freshIp() },
      });
      expect(response.status).toBe(200);
      return (await response.text()).trim().split('\r\n');
    },
    async runCron() {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: now, cron: '17 3 * * *' }), env, ctx);
      await waitOnExecutionContext(ctx);
    },
    /** The cron's outcomes for this scenario's days. */
    async maintain(broken: MaintenanceEnv) {
      return (await maintainEvents(broken, now)).filter((o) => oldDays.includes(o.day));
    },
    rollups: (where = '1 = 1') =>
      env.DB.prepare(`SELECT * FROM event_rollups WHERE day IN (?, ?, ?) AND ${where} ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`)
        .bind(...oldDays)
        .all(),
  };
}

describe('daily cron: rollups, archive confirmation and pruning of the hot window', () => {
  it('rolls up and prunes the days older than the hot window, and the report numbers stay the same', async () => {
    const t = scenario(2010);
    await t.seed();
    const before = await t.reportCsv();
    // Visits are sessions a day: 4 on each old day, 2 on the hot day; 2 of each old day's are paid, 1 of the hot day's.
    // Callers: session 0 on each old day; submitters: 3 sessions a day; no lead rows.
    expect(before).toContain('total,2010-02-25,2010-04-10,wc,,,,14,7,0.5000,,,,0,3,,,,,,,,9,0,0,0,0,0,0');
    expect(before).toContain('step,2010-02-25,2010-04-10,wc,,1,zip,,,,14,9,0.5000,,');
    expect(before).toContain('step,2010-02-25,2010-04-10,wc,,2,contact,,,,7,0,,,');
    expect(await t.oldRows()).toBe(12 + 13 + 12);

    await t.runCron();

    expect(await t.oldRows()).toBe(0);
    expect(await count(`SELECT COUNT(*) AS n FROM events WHERE received_at LIKE ?`, `${t.hotDay}%`)).toBe(2);
    expect(
      (
        await env.DB.prepare(
          `SELECT pruned_events FROM event_days WHERE day IN (?, ?, ?) AND pruned_at IS NOT NULL ORDER BY day`,
        )
          .bind(...t.oldDays)
          .all()
      ).results,
    ).toEqual([{ pruned_events: 12 }, { pruned_events: 13 }, { pruned_events: 12 }]);
    expect(await t.reportCsv()).toEqual(before);
    // What the report reads (migration 0011) follows the rollups the cron recomputed.
    const [kept, summed] = await pageRollupsBothWays();
    expect(kept).toEqual(summed);

    // The rollups hold the measures the report does not show, and the archive holds every pruned row.
    const rollup = await env.DB.prepare(
      `SELECT SUM(events) AS events, SUM(page_views) AS page_views, SUM(step_submits) AS submits, SUM(leads) AS leads,
         SUM(call_clicks) AS calls, SUM(low_bids) AS low_bids, SUM(suspect_leads) AS suspect, SUM(bot_leads) AS bot
       FROM event_rollups WHERE day IN (?, ?, ?)`,
    )
      .bind(...t.oldDays)
      .first();
    expect(rollup).toEqual({
      events: 37,
      page_views: 12 + 7,
      submits: 9,
      leads: 3,
      calls: 3,
      low_bids: 3,
      suspect: 1,
      bot: 2,
    });
    expect((await t.rollups(`traffic_source = 'google'`)).results.map((r) => r.visits)).toEqual([1, 1, 1]);
    const archived = (await Promise.all(t.oldDays.map((d) => archiveObjects(`events/dt=${d}/`)))).flat();
    expect(new Set(archived.flatMap((o) => o.events.map((e) => e.id))).size).toBe(37);

    // A second run finds nothing left to do and changes nothing.
    await t.runCron();
    expect(await t.reportCsv()).toEqual(before);
  });

  it('rebuilds the rollups of pruned days from the archive alone', async () => {
    const t = scenario(2011);
    await t.seed();
    await t.runCron();
    const pruned = await t.reportCsv();
    const stored = (await t.rollups()).results;
    await env.DB.prepare(`DELETE FROM event_rollups WHERE day IN (?, ?, ?)`)
      .bind(...t.oldDays)
      .run();
    expect(await t.reportCsv()).not.toEqual(pruned);

    const rebuild = (body: unknown) =>
      SELF.fetch('http://bh.localhost/ops/events/rebuild', {
        method: 'POST',
        headers: {
          authorization: 'Bearer test-report-token',
          origin: 'http://bh.localhost',
          'content-type': 'application/json',
          'cf-connecting-ip': freshIp(),
        },
        body: JSON.stringify(body),
      });
    const refused = await rebuild({ from: t.oldDays[2], to: t.oldDays[0] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'invalid_range' } });
    const response = await rebuild({ from: t.oldDays[0], to: t.oldDays[2] });
    expect(response.status).toBe(200);
    const { days } = await response.json<{ days: { day: string; events: number }[] }>();
    expect(days.map((d) => d.events)).toEqual([12, 13, 12]);
    expect((await t.rollups()).results).toEqual(stored);
    expect(await t.reportCsv()).toEqual(pruned);
    const [kept, summed] = await pageRollupsBothWays();
    expect(kept).toEqual(summed);
  });
});

/** The DB binding with one statement broken (its table renamed), as a failing D1 statement. */
function dbBreaking(pattern: RegExp, replace: string): D1Database {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => target.prepare(sql.replace(pattern, replace));
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function archiveWith(overrides: Partial<R2Bucket>): R2Bucket {
  return {
    put: env.ARCHIVE.put.bind(env.ARCHIVE),
    get: env.ARCHIVE.get.bind(env.ARCHIVE),
    list: env.ARCHIVE.list.bind(env.ARCHIVE),
    ...overrides,
  } as R2Bucket;
}

describe('a failure at any step of the cron deletes nothing', () => {
  const healthy: MaintenanceEnv = { ...env };

  async function expectNothingDeleted(t: ReturnType<typeof scenario>, broken: MaintenanceEnv, step: string) {
    const rows = await t.oldRows();
    expect(rows).toBe(37);
    const outcomes = await t.maintain(broken);
    expect(outcomes.map((o) => o.failedAt)).toEqual([step, step, step]);
    expect(await t.oldRows()).toBe(rows);
    expect(
      await count(
        `SELECT COUNT(*) AS n FROM event_days WHERE day IN (?, ?, ?) AND pruned_at IS NOT NULL`,
        ...t.oldDays,
      ),
    ).toBe(0);
    // Once the cause is gone, the next run prunes: the failure was the only thing stopping it.
    expect((await t.maintain(healthy)).map((o) => o.pruned)).toEqual([12, 13, 12]);
    expect(await t.oldRows()).toBe(0);
  }

  it('rollup: the rollups cannot be written', async () => {
    const t = scenario(2012);
    await t.seed();
    await expectNothingDeleted(
      t,
      { ...healthy, DB: dbBreaking(/INSERT INTO event_rollups/, 'INSERT INTO no_such_rollups') },
      'rollup',
    );
  });

  it('archive: rows without an archive object cannot be archived', async () => {
    const t = scenario(2013);
    await t.seed();
    // As rows written before the archive existed: no archive object named.
    await env.DB.prepare(`UPDATE events SET archive_batch = NULL WHERE received_at >= ? AND received_at < ?`)
      .bind(t.oldDays[0], '2013-03-04')
      .run();
    const objects = (await Promise.all(t.oldDays.map((d) => archiveObjects(`events/dt=${d}/`)))).flat();
    await Promise.all(objects.map((o) => env.ARCHIVE.delete(o.key)));
    await expectNothingDeleted(
      t,
      { ...healthy, ARCHIVE: archiveWith({ put: () => Promise.reject(new Error('R2 unavailable')) }) },
      'archive',
    );
    // The healthy run archived them before it pruned them.
    const archived = (await Promise.all(t.oldDays.map((d) => archiveObjects(`events/dt=${d}/`)))).flat();
    expect(new Set(archived.flatMap((o) => o.events.map((e) => e.id))).size).toBe(37);
  });

  it('confirm: the archive cannot be listed', async () => {
    const t = scenario(2014);
    await t.seed();
    await expectNothingDeleted(
      t,
      { ...healthy, ARCHIVE: archiveWith({ list: () => Promise.reject(new Error('R2 unavailable')) }) },
      'confirm',
    );
  });

  it('confirm: an archive object the rows name is missing', async () => {
    const t = scenario(2015);
    await t.seed();
    const [object] = await archiveObjects(`events/dt=${t.oldDays[1]}/`);
    await env.ARCHIVE.delete(object?.key ?? '');
    const outcomes = await t.maintain(healthy);
    expect(outcomes.map((o) => o.failedAt)).toEqual([undefined, 'confirm', undefined]);
    expect(await t.oldRows()).toBe(13);
    expect(await count(`SELECT COUNT(*) AS n FROM events WHERE received_at LIKE ?`, `${t.oldDays[1]}%`)).toBe(13);
  });

  it('prune: the delete fails, and the day is not marked pruned either', async () => {
    const t = scenario(2016);
    await t.seed();
    await expectNothingDeleted(
      t,
      { ...healthy, DB: dbBreaking(/DELETE FROM events WHERE/, 'DELETE FROM no_such_events WHERE') },
      'prune',
    );
  });
});
