import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { EVENT_ROW_COLUMNS, eventRowValues } from '../../src/worker/archive/archive-object';
import { replaceDayRollups } from '../../src/worker/archive/rollup-query';
import type { QueuedEvent } from '../../src/shared/tracking/event-schema';
import { eraseRecords } from '../../src/worker/consent/privacy-erase';
import { count, dayRollupsBothWays, pageRollupsBothWays, queuedAt } from './support';

/**
 * A privacy deletion takes a visitor's rows out of a hot day's rollups without rolling the whole
 * day up again (src/worker/archive/rollup-subtract.ts): at full traffic a day is a million rows,
 * one statement over it passes D1's 30 s, and the deletion runs on a request. The day is this
 * file's own.
 */
const day = '2026-10-06';
const EVENTS: QueuedEvent['event'][] = [
  'pageView',
  'pageView',
  'formStepSubmitted',
  'ctcClicked',
  'leadCreated',
  'pageView',
];

async function seed(): Promise<{ erased: string; rows: number }> {
  const erased = `anon-erase-${crypto.randomUUID().slice(0, 8)}`;
  const events = Array.from({ length: 80 }, (_, i) => {
    const minute = (i * 41) % 1440;
    const at = `${day}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00.000Z`;
    // The erased visitor's two sessions; one of them also carries a row of another visitor id
    // (the rare case the subtraction adds back); everyone else's sessions around them.
    const mine = i % 4 === 0;
    const session = mine ? `sess-erase-${i % 8 === 0 ? 'a' : 'b'}` : i === 1 ? 'sess-erase-a' : `sess-other-${i % 9}`;
    return queuedAt(at, {
      event: EVENTS[i % EVENTS.length] ?? 'pageView',
      sessionId: session,
      anonymousId: mine ? erased : `anon-other-${i % 9}`,
      brand: i % 2 ? 'wc' : 'bh',
      // A page only the erased visitor saw: its rollup rows must go with them, as a recompute has none.
      page: mine && i % 8 === 4 ? 'erase-mine-only' : i % 3 ? 'erase-page' : 'erase-quote',
      stepNumber: (i % 3) + 1,
      paid: i % 5 === 0,
    });
  });
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < events.length; i += 7) {
    const part = events.slice(i, i + 7);
    statements.push(
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
  await env.DB.batch(statements);
  await env.DB.batch(replaceDayRollups(env.DB, 'events', day));
  return { erased, rows: events.length };
}

describe("a privacy deletion and a hot day's rollups", () => {
  it("subtracts the visitor's sessions, leaving exactly the rollups of the rows that stay, and rolls no whole day up", async () => {
    const { erased, rows } = await seed();
    const [stored] = await dayRollupsBothWays(day);
    expect((stored as { events: number }[]).reduce((n, r) => n + r.events, 0)).toBe(rows);

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
    const result = await eraseRecords({ ...env, DB: db }, { leads: [], anonymousIds: [erased], objects: [] });
    expect(result.events).toBe(20);
    expect(await count(`SELECT COUNT(*) AS n FROM events WHERE anonymous_id = ?`, erased)).toBe(0);

    // The stored rollups are what the rows left give, to the row; the page rollups follow them.
    const [after, fromRows] = await dayRollupsBothWays(day);
    expect(after).toEqual(fromRows);
    expect((after as { events: number }[]).reduce((n, r) => n + r.events, 0)).toBe(rows - 20);
    expect(await count(`SELECT COUNT(*) AS n FROM event_rollups WHERE day = ? AND page = 'erase-mine-only'`, day)).toBe(
      0,
    );
    const people = await env.DB.prepare(
      `SELECT brand, page, visitors, paid_visitors, submitters, callers FROM event_people_rollups WHERE day = ? ORDER BY brand, page`,
    )
      .bind(day)
      .all();
    await env.DB.batch(replaceDayRollups(env.DB, 'events', day));
    const recomputed = await env.DB.prepare(
      `SELECT brand, page, visitors, paid_visitors, submitters, callers FROM event_people_rollups WHERE day = ? ORDER BY brand, page`,
    )
      .bind(day)
      .all();
    expect(people.results).toEqual(recomputed.results);
    const [kept, summed] = await pageRollupsBothWays();
    expect(kept).toEqual(summed);

    // No statement of the deletion read the whole day: each rollup it ran was over the visitor's sessions.
    const rollups = prepared.filter((sql) => /INSERT INTO event_(people_)?rollups/.test(sql));
    expect(rollups.length).toBeGreaterThan(0);
    for (const sql of rollups) expect(sql).toContain('session_id IN (SELECT session_id FROM events WHERE anonymous_id');
    expect(prepared.some((sql) => /^DELETE FROM event_rollups WHERE day = \?$/.test(sql.trim()))).toBe(false);
  });
});
