import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueuedEvent } from '../../src/shared/tracking/event-schema';
import { EVENT_ROW_COLUMNS, eventRowValues } from '../../src/worker/archive/archive-object';
import { rebuildDay } from '../../src/worker/archive/rebuild';
import { replaceDayRollupsInChunks } from '../../src/worker/archive/rollup-chunks';
import { replaceDayRollups } from '../../src/worker/archive/rollup-query';
import { archiveEvents } from '../../src/worker/archive/write';
import { queuedAt } from './support';

const day = '2026-10-03';
const EDGE_IDS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'A', '-', ''];
const EVENTS = ['pageView', 'pageView', 'formStepSubmitted', 'ctcClicked', 'leadCreated', 'lowBidResult'];
/** The same events, as the archive's schema names them. */
const REBUILT_EVENTS: QueuedEvent['event'][] = [
  'pageView',
  'pageView',
  'formStepSubmitted',
  'ctcClicked',
  'leadCreated',
  'lowBidResult',
];

/**
 * A small day shaped like a real one: sessions that span hours, two brands, pages and steps, paid
 * and unpaid, traffic sources and variants, repeated page views (entries, distinct visits), verdicts.
 */
async function seedDay(sessions: number): Promise<number> {
  const statements: D1PreparedStatement[] = [];
  for (let s = 0; s < sessions; s++) {
    // Ids on the chunk bounds themselves ('1', '8', ...), ids of other forms, and UUIDs.
    const session = s < EDGE_IDS.length ? (EDGE_IDS[s] ?? '') : s % 5 === 0 ? `sess-${s}` : crypto.randomUUID();
    for (let e = 0; e < 3 + (s % 7); e++) {
      const minute = (s * 37 + e * 131) % 1440;
      const receivedAt = `${day}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:0${e % 10}.000Z`;
      const event = EVENTS[(s + e) % EVENTS.length];
      const properties = {
        session: { urlParams: s % 3 ? { utm_source: s % 2 ? 'Google' : 'facebook' } : {} },
        ...(s % 4 ? { experimentId: 'exp1', variantId: s % 2 ? 'a' : 'b' } : {}),
        ...(event === 'leadCreated' ? { verdict: ['ok', 'suspect', 'bot'][s % 3] } : {}),
      };
      statements.push(
        env.DB.prepare(
          `INSERT INTO events (id, event, timestamp, received_at, session_id, anonymous_id, brand, page, step_name, step_number, paid, properties)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).bind(
          crypto.randomUUID(),
          event,
          receivedAt,
          receivedAt,
          session,
          `anon-${s}`,
          s % 2 ? 'wc' : 'mc',
          e % 3 ? 'find-benefits' : 'quote',
          e % 2 ? 'zip' : 'age',
          (e % 3) + 1,
          s % 3 === 0 ? 1 : 0,
          JSON.stringify(properties),
        ),
      );
    }
  }
  await env.DB.batch(statements);
  return statements.length;
}

async function snapshot() {
  const read = async (sql: string) => (await env.DB.prepare(sql).bind(day).all()).results;
  return {
    rollups: await read(
      `SELECT * FROM event_rollups WHERE day = ? ORDER BY brand, page, step_number, step_name, traffic_source, paid, variant`,
    ),
    people: await read(`SELECT * FROM event_people_rollups WHERE day = ? ORDER BY brand, page`),
    pages: await read(
      `SELECT * FROM event_page_rollups WHERE day = ? ORDER BY brand, page, step_number, step_name, paid`,
    ),
  };
}

describe('the daily rollup in chunks of sessions', () => {
  beforeEach(async () => {
    await env.DB.batch(
      ['events', 'event_rollups', 'event_people_rollups', 'event_rollup_chunks', 'event_people_rollup_chunks'].map(
        (t) => env.DB.prepare(`DELETE FROM ${t}`),
      ),
    );
  });

  it('gives the same rollups as the one statement over the whole day', async () => {
    const rows = await seedDay(120);

    await env.DB.batch(replaceDayRollups(env.DB, 'events', day));
    const whole = await snapshot();
    expect(whole.rollups.reduce((n, r) => n + Number(r.events), 0)).toBe(rows);

    const ms = await replaceDayRollupsInChunks(env.DB, day, [], 16);
    expect(ms).toHaveLength(16);
    expect(await snapshot()).toEqual(whole);
    const left = await env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM event_rollup_chunks) + (SELECT COUNT(*) FROM event_people_rollup_chunks) AS n`,
    ).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it('gives the same rollups whatever the number of chunks, and replaces stale staging rows', async () => {
    await seedDay(60);
    await env.DB.batch(replaceDayRollups(env.DB, 'events', day));
    const whole = await snapshot();
    await env.DB.prepare(
      `INSERT INTO event_rollup_chunks (day, brand, page, step_number, step_name, traffic_source, paid, variant, events)
       VALUES (?, 'wc', 'quote', 1, 'age', '(direct)', 0, '', 999)`,
    )
      .bind(day)
      .run();
    for (const chunks of [1, 3, 7, 16]) {
      await replaceDayRollupsInChunks(env.DB, day, [], chunks);
      expect(await snapshot(), `${chunks} chunks`).toEqual(whole);
    }
  });

  it('rebuilds a day from the R2 archive in chunks too, with the rollups of the one statement over the raw day', async () => {
    // The day as the consumer archived it: two brands, pages, steps, paid and unpaid.
    const rebuildDayName = '2026-10-04';
    const events = Array.from({ length: 90 }, (_, i) => {
      // Ids starting on each chunk bound, ids of another form, UUIDs (the archive takes ids of 8 characters or more).
      const session = i < 16 ? `${i.toString(16)}0000000` : i % 5 === 0 ? `sess-rebuild-${i}` : crypto.randomUUID();
      const minute = (i * 53) % 1440;
      const at = `${rebuildDayName}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00.000Z`;
      return queuedAt(at, {
        event: REBUILT_EVENTS[i % REBUILT_EVENTS.length] ?? 'pageView',
        sessionId: session,
        anonymousId: `anon-rebuild-${i % 30}`,
        brand: i % 2 ? 'wc' : 'mc',
        page: i % 3 ? 'find-benefits' : 'quote',
        stepNumber: (i % 3) + 1,
        paid: i % 4 === 0,
      });
    });
    await archiveEvents(env.ARCHIVE, events);
    // What the cron's one statement gives from the same rows in `events`.
    const rows: D1PreparedStatement[] = [];
    for (let i = 0; i < events.length; i += 7) {
      const part = events.slice(i, i + 7);
      rows.push(
        env.DB.prepare(
          `INSERT INTO events (${EVENT_ROW_COLUMNS}) VALUES ${part
            .map(
              () =>
                `(${EVENT_ROW_COLUMNS.split(',')
                  .map(() => '?')
                  .join(', ')})`,
            )
            .join(', ')}`,
        ).bind(...part.flatMap(eventRowValues)),
      );
    }
    await env.DB.batch(rows);
    await env.DB.batch(replaceDayRollups(env.DB, 'events', rebuildDayName));
    const read = async (sql: string) => (await env.DB.prepare(sql).bind(rebuildDayName).all()).results;
    const rollupsOf = async () => ({
      rollups: await read(
        `SELECT * FROM event_rollups WHERE day = ? ORDER BY brand, page, step_number, step_name, traffic_source, paid, variant`,
      ),
      people: await read(`SELECT * FROM event_people_rollups WHERE day = ? ORDER BY brand, page`),
    });
    const whole = await rollupsOf();
    expect(whole.rollups.reduce((n, r) => n + Number(r.events), 0)).toBe(events.length);
    await env.DB.batch(
      ['events', 'event_rollups', 'event_people_rollups'].map((t) =>
        env.DB.prepare(`DELETE FROM ${t} WHERE ${t === 'events' ? 'substr(received_at, 1, 10)' : 'day'} = ?`).bind(
          rebuildDayName,
        ),
      ),
    );

    // Every statement the rebuild prepares, to see that no one of them rolls up the whole staged day.
    const prepared: string[] = [];
    const db = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'prepare')
          return (sql: string) => {
            prepared.push(sql);
            return target.prepare(sql);
          };
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const rebuilt = await rebuildDay({ DB: db, ARCHIVE: env.ARCHIVE }, rebuildDayName, 4);
    expect(rebuilt.events).toBe(events.length);
    expect(await rollupsOf()).toEqual(whole);
    const fromStaging = prepared.filter((sql) => /FROM events_rebuild/.test(sql) && /INSERT INTO event_/.test(sql));
    expect(fromStaging).toHaveLength(8);
    for (const sql of fromStaging) expect(sql).toMatch(/^\s*INSERT INTO event_(people_)?rollup_chunks /);
    const left = await env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM events_rebuild) + (SELECT COUNT(*) FROM event_rollup_chunks) AS n`,
    ).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
