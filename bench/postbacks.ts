/**
 * Payout postbacks (src/worker/revenue/): N visits each hold a leased number (their lease history
 * and value rows seeded straight into D1), then N signed call postbacks are posted to the built
 * Worker at a fixed concurrency, and each is posted a second time (a partner retrying), mixed in.
 * Reports postbacks accepted and attributed per second and checks exactly once: one payout row per
 * conversion, every one attributed to its own visit, and the revenue rollups' realized sum equal to
 * the payouts' (a repeat that counted twice, or a lost one, fails the run).
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { WORKER_NAME, send, type Harness } from './harness';

export interface PostbackBenchResult {
  postbacks: number;
  repeats: number;
  concurrency: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  payoutRows: number;
  attributed: number;
  realizedCents: number;
  expectedCents: number;
  statuses: Record<string, number>;
}

function devSecret(name: string): string {
  const line = readFileSync('.dev.vars.example', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`${name} missing from .dev.vars.example`);
  return line.slice(name.length + 1).trim();
}

export async function benchPostbacks(
  h: Harness,
  total: number,
  concurrency: number,
  log: (text: string) => void,
): Promise<PostbackBenchResult> {
  // The leases, visits, payouts and rollups are in the revenue store's own D1 database.
  const db = await h.mf.getD1Database('REVENUE_DB', WORKER_NAME);
  const leases = await h.mf.getD1Database('LEASES_DB', WORKER_NAME);
  const run = Date.now().toString(36);
  const now = new Date();
  const leasedAt = new Date(now.getTime() - 60_000).toISOString();
  const expires = new Date(now.getTime() + 3_600_000).toISOString();
  const day = now.toISOString().slice(0, 10);
  const visits = Array.from({ length: total }, (_, i) => ({
    session: `bench-${run}-${i}`,
    number: `1833${String(i).padStart(7, '0')}`,
    cents: 500 + (i % 50) * 100,
  }));
  log(`postbacks: seeding ${total} leased visits`);
  for (let i = 0; i < visits.length; i += 200) {
    const chunk = visits.slice(i, i + 200);
    // The lease history is in its own D1 database (LEASES_DB), the visits in REVENUE_DB.
    await leases.batch(
      chunk.map((v) =>
        leases
          .prepare('INSERT INTO phone_leases (number, leased_at, expires_at, session_id) VALUES (?, ?, ?, ?)')
          .bind(v.number, leasedAt, expires, v.session),
      ),
    );
    await db.batch(
      chunk.flatMap((v) => [
        db
          .prepare(
            `INSERT INTO visit_values (session_id, ref, visitor_id, day, brand, page, traffic_source, campaign, paid, variant, expected_cents, created_at, updated_at)
             VALUES (?, ?, 'bench', ?, 'bh', 'get-yours-otc', 'bench-${run}', '', 1, '', 250, ?, ?)`,
          )
          .bind(
            v.session,
            `r${createHmac('sha256', 'x').update(v.session).digest('hex').slice(0, 31)}`,
            day,
            leasedAt,
            leasedAt,
          ),
      ]),
    );
  }
  const secret = devSecret('POSTBACK_SECRET_MEDIAALPHA');
  const bodies = visits.map((v, i) =>
    JSON.stringify({
      conversion_id: `bench-${run}-${i}`,
      type: 'call',
      payout: v.cents / 100,
      at: now.toISOString(),
      phone: `+${v.number}`,
    }),
  );
  // Every postback once, and a repeat of every fourth, interleaved a little later in the stream.
  const stream: string[] = [];
  bodies.forEach((body, i) => {
    stream.push(body);
    if (i % 4 === 0 && i >= 8) stream.push(bodies[i - 8] ?? body);
  });
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const body = stream[next++];
        if (body === undefined) return;
        const t = performance.now();
        const r = await send(
          h.port,
          'POST',
          'bh.localhost',
          '/api/postback/mediaalpha',
          {
            'content-type': 'application/json',
            'x-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
          },
          body,
        );
        latencies.push(performance.now() - t);
        const key = r.status === 200 ? (JSON.parse(r.body) as { status: string }).status : String(r.status);
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const rows = await db
    .prepare(
      `SELECT COUNT(*) AS n, SUM(session_id IS NOT NULL AND session_id = 'bench-${run}-' || substr(conversion_id, length('bench-${run}-') + 1)) AS own, SUM(payout_cents) AS cents FROM payouts WHERE conversion_id LIKE ?`,
    )
    .bind(`bench-${run}-%`)
    .first<{ n: number; own: number; cents: number }>();
  const rollup = await db
    .prepare(
      'SELECT SUM(realized_cents) AS realized, SUM(expected_cents) AS expected FROM revenue_rollups WHERE traffic_source = ?',
    )
    .bind(`bench-${run}`)
    .first<{ realized: number; expected: number }>();
  return {
    postbacks: stream.length,
    repeats: stream.length - bodies.length,
    concurrency,
    seconds,
    perSecond: stream.length / seconds,
    p50Ms: latencies[Math.floor(latencies.length * 0.5)] ?? 0,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    payoutRows: rows?.n ?? 0,
    attributed: rows?.own ?? 0,
    realizedCents: rollup?.realized ?? 0,
    expectedCents: visits.reduce((s, v) => s + v.cents, 0),
    statuses,
  };
}
