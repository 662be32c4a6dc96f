import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { routeByName } from '../../src/routes/registry';
import { handleEventBatch } from '../../src/worker/queue/consumer';
import { batchOf, queuedAt } from '../archive/support';
import { visitor, type Visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { recordingQueue } from '../support/recording-queue';
import { freshIp } from '../support/sandbox';

/**
 * The report counts people (src/worker/report/query.ts, src/worker/archive/people-rollup.ts,
 * src/worker/report/lead-buckets.ts): every figure is distinct sessions, so one session adds at
 * most one to each, however many events it sends; events may name only pages and variants that
 * exist. Brand bridge is visited by no other test file, so its figures move only with this one.
 */
const BRAND = 'bridge';
const PAGE = 'get-yours-otc';

/** The report's CSV, as an operator's script reads it, as rows keyed by their header. */
async function reportRows(query: string): Promise<Array<Record<string, string>>> {
  const res = await SELF.fetch(`http://bh.localhost/ops/report?${query}&format=csv`, {
    headers: { authorization: 'Bearer test-report-token', 'cf-connecting-ip': freshIp() },
  });
  expect(res.status).toBe(200);
  const [header = '', ...lines] = (await res.text()).trim().split('\r\n');
  const names = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [names[i] ?? `${i}`, value])));
}

/** Yesterday to tomorrow (UTC): the events of a run that crosses midnight stay in range. */
const aroundToday = () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return `from=${day(-1)}&to=${day(1)}`;
};

/** The brand's recent figures: the brand-wide total and the page's row (0 when absent). */
interface Figures {
  visits: number;
  callers: number;
  submitters: number;
}

async function recentFigures(): Promise<{ total: Figures; page: Figures }> {
  const rows = await reportRows(`${aroundToday()}&brand=${BRAND}`);
  const numbers = (row: Record<string, string> | undefined): Figures => ({
    visits: Number(row?.visits ?? 0),
    callers: Number(row?.callers ?? 0),
    submitters: Number(row?.submitters ?? 0),
  });
  return {
    total: numbers(rows.find((r) => r.section === 'total')),
    page: numbers(rows.find((r) => r.section === 'page' && r.page === PAGE)),
  };
}

function postEvent(v: Visitor, event: string, properties: Record<string, unknown>): Promise<Response> {
  return v.fetch('/api/event/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'track',
      event,
      timestamp: new Date().toISOString(),
      sessionId: v.sessionId,
      anonymousId: v.id,
      properties: { id: crypto.randomUUID(), ...properties },
    }),
  });
}

const step = (name: string, number: number) => ({ page: { name: PAGE, step: { name, number, fallback: false } } });

async function storedEventsOf(v: Visitor): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM events WHERE session_id = ?`)
    .bind(v.sessionId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('a report that counts people', () => {
  it('50 forged call clicks and three steps of one session add one caller, one visit of the page and one submitter', async () => {
    const before = await recentFigures();
    const v = visitor(BRAND);
    expect((await v.get(`/${PAGE}`)).status).toBe(200);
    const sent: Array<[string, Record<string, unknown>]> = [
      ['pageView', step('zip', 1)],
      ['formStepSubmitted', { ...step('zip', 1), stepName: 'zip', stepNumber: 1 }],
      ['pageView', step('medicare', 2)],
      ['formStepSubmitted', { ...step('medicare', 2), stepName: 'medicare', stepNumber: 2 }],
      ['pageView', step('medicaid', 3)],
      ...Array.from({ length: 50 }, (): [string, Record<string, unknown>] => ['ctcClicked', step('medicaid', 3)]),
    ];
    for (const [event, properties] of sent) expect((await postEvent(v, event, properties)).status, event).toBe(202);
    await pollUntil(
      () => storedEventsOf(v),
      (n) => n >= sent.length,
      15_000,
    );

    const after = await recentFigures();
    console.log(
      `[report] 50 call clicks and 3 steps of one session: callers +${after.page.callers - before.page.callers}, page visits +${after.page.visits - before.page.visits}`,
    );
    expect(after.page.callers - before.page.callers).toBe(1);
    expect(after.total.callers - before.total.callers).toBe(1);
    expect(after.page.visits - before.page.visits).toBe(1);
    expect(after.page.submitters - before.page.submitters).toBe(1);
    expect(after.total.submitters - before.total.submitters).toBe(1);

    // A second person clicking once is a second caller: the figure counts people, it is not capped.
    const other = visitor(BRAND);
    expect((await postEvent(other, 'ctcClicked', step('zip', 1))).status).toBe(202);
    await pollUntil(
      () => storedEventsOf(other),
      (n) => n >= 1,
      15_000,
    );
    expect((await recentFigures()).page.callers - before.page.callers).toBe(2);
  });

  it('refuses events naming a page or an experiment variant that does not exist (400), and stores nothing', async () => {
    const v = visitor(BRAND);
    const made = await postEvent(v, 'pageView', { page: { name: 'made-up-page' } });
    expect(made.status).toBe(400);
    expect(await made.json()).toMatchObject({ error: { code: 'unknown_page', issues: expect.anything() } });
    // A real page, but not one of this brand's (tqg is auto; get-yours-otc is a Medicare page).
    const elsewhere = await postEvent(visitor('tqg'), 'pageView', { page: { name: PAGE } });
    expect(elsewhere.status).toBe(400);

    const experiment = routeByName('find-benefits')?.experiment;
    expect(experiment).toBeDefined();
    const bh = visitor('bh');
    const variant = await postEvent(bh, 'enteredExperiment', {
      page: { name: 'find-benefits' },
      experimentId: experiment?.id,
      variantId: 'made-up-variant',
    });
    expect(variant.status).toBe(400);
    expect(await variant.json()).toMatchObject({ error: { code: 'unknown_variant' } });
    const ghost = await postEvent(bh, 'enteredExperiment', { page: { name: PAGE }, experimentId: 'x', variantId: 'y' });
    expect(ghost.status).toBe(400);
    const real = await postEvent(bh, 'enteredExperiment', {
      page: { name: 'find-benefits' },
      experimentId: experiment?.id,
      variantId: experiment?.variants[0]?.id,
    });
    expect(real.status).toBe(202);
    await pollUntil(
      () => storedEventsOf(bh),
      (n) => n >= 1,
      15_000,
    );
    expect(await storedEventsOf(bh)).toBe(1);
    expect(await storedEventsOf(v)).toBe(0);
  });

  it('counts leads by status in sessions: one session adds at most one to each bucket, and Leads is the complete ones', async () => {
    const at = '2021-06-02T10:00:00.000Z';
    const insert = (session: string, fields: { status?: string; verdict?: string; qw?: string }) =>
      env.DB.prepare(
        `INSERT INTO leads (id, created_at, brand, page, form, product, session_id, visitor_id, submission_id, "values",
           status, trust_verdict, quotewizard_status)
         VALUES (?, ?, ?, ?, 'medicare', 'medicare', ?, ?, ?, '{}', ?, ?, ?)`,
      )
        .bind(
          crypto.randomUUID(),
          at,
          BRAND,
          PAGE,
          session,
          `visitor-${session}`,
          crypto.randomUUID(),
          fields.status ?? null,
          fields.verdict ?? null,
          fields.qw ?? null,
        )
        .run();
    // Session a: three partial leads and a complete one; b: a bot; c: refused by the buyer;
    // d: a duplicate of an earlier person; e: complete twice (two forms).
    for (let i = 0; i < 3; i += 1) await insert('people-a', { status: 'partial' });
    await insert('people-a', { status: 'complete', verdict: 'clean' });
    await insert('people-b', { status: 'complete', verdict: 'bot' });
    await insert('people-c', { status: 'complete', verdict: 'clean', qw: 'rejected' });
    await insert('people-d', { status: 'duplicate', verdict: 'clean' });
    await insert('people-e', { status: 'complete', verdict: 'suspect' });
    await insert('people-e', { status: 'complete', verdict: 'clean' });

    const rows = await reportRows(`from=2021-06-01&to=2021-06-03&brand=${BRAND}`);
    const total = rows.find((r) => r.section === 'total');
    expect(total).toMatchObject({
      leads: '2',
      leads_complete: '2',
      leads_partial: '1',
      leads_duplicate: '1',
      leads_bot: '1',
      leads_undelivered: '1',
      leads_other: '0',
    });
    expect(rows.find((r) => r.section === 'page' && r.page === PAGE)).toMatchObject({ leads: '2' });

    const html = await (
      await SELF.fetch(`http://bh.localhost/ops/report?from=2021-06-01&to=2021-06-03&brand=${BRAND}`, {
        headers: { authorization: 'Bearer test-report-token', 'cf-connecting-ip': freshIp() },
      })
    ).text();
    expect(/<dt>Leads<\/dt><dd>([^<]+)<\/dd>/.exec(html)?.[1]).toBe('2');
    expect(html).toMatch(/<svg id="chart-leads" role="img"/);
    // One explanatory line under each chart.
    const charts = html.match(/<svg id="chart-/g)?.length ?? 0;
    expect(charts).toBeGreaterThan(1);
    expect(html.match(/<\/svg>\s*<p class="note chart-note">/g)?.length).toBe(charts);
  });

  it('keeps counting people once a day is rolled up and its raw rows are pruned', async () => {
    const day = '2019-05-07';
    const s1 = 'people-pruned-1';
    const s2 = 'people-pruned-2';
    // s3 comes in unpaid, then from a paid click in the next delivery: one visitor, and a paid one.
    const s3 = 'people-pruned-3';
    const events = [
      queuedAt(`${day}T09:00:00.000Z`, { brand: BRAND, page: PAGE, sessionId: s3 }),
      ...['zip', 'medicare', 'medicaid'].map((name, i) =>
        queuedAt(`${day}T10:0${i}:00.000Z`, {
          brand: BRAND,
          page: PAGE,
          sessionId: s1,
          stepName: name,
          stepNumber: i + 1,
        }),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        queuedAt(`${day}T11:0${i}:00.000Z`, { brand: BRAND, page: PAGE, sessionId: s1, event: 'ctcClicked' }),
      ),
      queuedAt(`${day}T12:00:00.000Z`, { brand: BRAND, page: PAGE, sessionId: s2 }),
      queuedAt(`${day}T12:01:00.000Z`, { brand: BRAND, page: PAGE, sessionId: s2, event: 'ctcClicked' }),
      queuedAt(`${day}T13:00:00.000Z`, { brand: BRAND, page: PAGE, sessionId: s3, paid: true }),
    ].map((e) => ({ ...e, properties: { id: e.id } }));
    // Two deliveries, so the consumer's per-batch counting meets sessions it has seen before.
    await handleEventBatch(batchOf(events.slice(0, 4)), { ...env, EVENTS_DLQ: recordingQueue().queue });
    await handleEventBatch(batchOf(events.slice(4)), { ...env, EVENTS_DLQ: recordingQueue().queue });
    const query = `from=${day}&to=${day}&brand=${BRAND}`;
    const page = async () => (await reportRows(query)).find((r) => r.section === 'page' && r.page === PAGE);
    const hot = await page();
    expect(hot).toMatchObject({ visits: '3', paid_visits: '1', callers: '2' });

    const { maintainEvents } = await import('../../src/worker/archive');
    await maintainEvents(env, new Date('2019-06-20T03:17:00.000Z'));
    const pruned = await env.DB.prepare(`SELECT COUNT(*) AS n FROM events WHERE session_id IN (?, ?, ?)`)
      .bind(s1, s2, s3)
      .first<{ n: number }>();
    expect(pruned?.n).toBe(0);
    expect(await page()).toEqual(hot);
  });
});
