import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LEFT_BEHIND } from '../../src/worker/archive/table-retention';
import { pruneRevenueTables } from '../../src/worker/revenue/retention';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { loopbackIp } from '../support/sandbox';
import { leasedNumber, postback } from './support';

/**
 * The revenue store lives in REVENUE_DB and the lease history in LEASES_DB, each its own D1
 * database (docs/decisions/0341-the-revenue-store-in-a-database-of-its-own.md). DB keeps empty copies of its
 * tables for a rolled-back Worker; this version must write none of them there. A visit leases a
 * number, a partner pays for the call and restates it, and the daily prune runs: every row lands in
 * REVENUE_DB, and DB's copies stay empty.
 */
const WAIT = 10_000;

async function rowsIn(db: D1Database, table: string): Promise<number> {
  return (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;
}

describe('the revenue store in a database of its own', () => {
  it('writes visits, payouts, adjustments and rollups to REVENUE_DB, leases to LEASES_DB, and none of them to DB', async () => {
    const v = visitor('bh', { ip: loopbackIp(), urlParams: { utm_source: 'Google' } });
    expect((await v.get('/get-yours-otc')).status).toBe(200);
    const { number } = await leasedNumber(v);
    expect(number).not.toBe('');
    // The lease history and the visit row are written after the answer (waitUntil).
    for (const [db, table] of [
      [env.LEASES_DB, 'phone_leases'],
      [env.REVENUE_DB, 'visit_values'],
    ] as const)
      await pollUntil(
        () => db.prepare(`SELECT 1 AS found FROM ${table} WHERE session_id = ?`).bind(v.sessionId).first(),
        (row) => row !== null,
        WAIT,
      );
    const id = `conv-${crypto.randomUUID()}`;
    const at = new Date().toISOString();
    const call = { conversion_id: id, type: 'call', payout: 30, at, phone: `+${number}` };
    expect(await (await postback('mediaalpha', call)).json()).toEqual({ status: 'recorded', attributed: true });
    const restated = { ...call, payout: 45, adjusted_at: new Date(Date.now() + 1000).toISOString() };
    expect((await postback('mediaalpha', restated)).status).toBe(200);
    await pruneRevenueTables(env, new Date());

    // The payout reached its visit and the report's money through the triggers, in REVENUE_DB.
    const visit = await env.REVENUE_DB.prepare(
      'SELECT realized_call_cents, payouts FROM visit_values WHERE session_id = ?',
    )
      .bind(v.sessionId)
      .first();
    expect(visit).toEqual({ realized_call_cents: 4500, payouts: 1 });
    for (const table of ['visit_values', 'payouts', 'payout_adjustments', 'revenue_rollups'])
      expect(await rowsIn(env.REVENUE_DB, table), `${table} in REVENUE_DB`).toBeGreaterThan(0);
    expect(await rowsIn(env.LEASES_DB, 'phone_leases'), 'phone_leases in LEASES_DB').toBeGreaterThan(0);
    // DB's copies, left for a rollback, are never written by this version.
    for (const { table } of LEFT_BEHIND.filter((t) => t.database === 'DB' && t.movedTo !== 'ADS_DB'))
      expect(await rowsIn(env.DB, table), `${table} in DB`).toBe(0);
  });
});
