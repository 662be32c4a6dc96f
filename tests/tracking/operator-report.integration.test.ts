import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QueuedEvent } from '../../src/shared/tracking/event-schema';
import { handleEventBatch } from '../../src/worker/queue/consumer';
import { batchOf, queuedAt } from '../archive/support';
import { recordingQueue } from '../support/recording-queue';
import { freshIp } from '../support/sandbox';

const ORIGIN = 'http://bh.localhost';
const TOKEN = 'test-report-token';
const RANGE = 'from=2020-03-01&to=2020-03-07&brand=wc';

/** The report as an operator's script asks for it: bearer token, from its own ip (sign-in attempts are limited per ip). */
function asOperator(path: string, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) {
  return SELF.fetch(`${ORIGIN}${path}`, { headers: { 'cf-connecting-ip': freshIp(), ...headers } });
}

/** Seeds a small funnel on brand wc in March 2020, away from what other tests write. */
beforeAll(async () => {
  const rows: [string, QueuedEvent['event'], string, number | null, string | null, number, string][] = [];
  // 4 sessions view step 1 (2 of them paid), 3 submit it; 2 view step 2 and 1 submits; 1 call click.
  const sessions = ['s-aaaaaaaa1', 's-aaaaaaaa2', 's-aaaaaaaa3', 's-aaaaaaaa4'];
  sessions.forEach((s, i) =>
    rows.push([s, 'pageView', 'find-benefits', 1, 'zip', i < 2 ? 1 : 0, '2020-03-02T10:00:00.000Z']),
  );
  sessions
    .slice(0, 3)
    .forEach((s) => rows.push([s, 'formStepSubmitted', 'find-benefits', 1, 'zip', 0, '2020-03-02T10:01:00.000Z']));
  sessions
    .slice(0, 2)
    .forEach((s) => rows.push([s, 'pageView', 'find-benefits', 2, 'contact', 0, '2020-03-03T10:02:00.000Z']));
  rows.push([sessions[0] ?? '', 'formStepSubmitted', 'find-benefits', 2, 'contact', 0, '2020-03-03T10:03:00.000Z']);
  rows.push([sessions[3] ?? '', 'ctcClicked', 'find-benefits', null, null, 0, '2020-03-03T10:04:00.000Z']);
  // Outside the range and on another brand: must not count.
  rows.push(['s-bbbbbbbb1', 'pageView', 'find-benefits', 1, 'zip', 1, '2020-04-01T10:00:00.000Z']);
  // Stored the way every event is: through the queue consumer, which keeps the rollups the report reads.
  const events = rows.map(([sessionId, event, page, stepNumber, stepName, paid, at]) =>
    queuedAt(at, { sessionId, event, page, stepNumber, stepName, paid: paid === 1, anonymousId: 'anon-00000001' }),
  );
  const stored = await handleEventBatch(batchOf(events), { ...env, EVENTS_DLQ: recordingQueue().queue });
  expect(stored.inserted).toBe(events.length);
  await env.DB.prepare(
    `INSERT INTO leads (id, created_at, brand, page, form, product, visitor_id, submission_id, "values") VALUES (?, '2020-03-03T10:05:00.000Z', 'wc', 'find-benefits', 'medicare', 'medicare', 'v-1', 'sub-1', '{}')`,
  )
    .bind(crypto.randomUUID())
    .run();
});

describe('operator report /ops/report', () => {
  it.each([
    ['no token', '', {}],
    ['the right token in the query string', `&token=${TOKEN}`, {}],
    ['a wrong bearer token', '', { authorization: 'Bearer nope' }],
    ['a token of another scheme', '', { authorization: `Basic ${TOKEN}` }],
  ])('refuses %s with 401 and shows no numbers', async (_label, query, headers: Record<string, string>) => {
    const response = await asOperator(`/ops/report?${RANGE}${query}`, headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await response.text()).not.toContain('find-benefits');
  });

  it('shows visits, paid share, steps with drop-off, step submitters, callers and leads with the bearer token', async () => {
    const response = await asOperator(`/ops/report?${RANGE}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    const kpi = (name: string) => new RegExp(`<dt>${name}</dt><dd>([^<]+)</dd>`).exec(html)?.[1];
    // A visit is a session on a day (daily rollups): the 2 sessions back on 03-03 visit again.
    expect(kpi('Visits')).toBe('6');
    expect(kpi('Paid share')).toBe('33.3%');
    expect(kpi('Leads')).toBe('1');
    expect(kpi('Callers')).toBe('1');
    // Sessions that submitted a step, once a day: 3 on 03-02, 1 on 03-03.
    expect(kpi('Step submitters')).toBe('4');
    // Step 1: 4 reached, 3 submitted, 50% dropped before step 2; step 2: 2 reached, 1 submitted.
    expect(html).toMatch(/<th scope="row">1\. zip<\/th><td>4<\/td><td>3<\/td><td>50\.0%<\/td>/);
    expect(html).toMatch(/<th scope="row">2\. contact<\/th><td>2<\/td><td>1<\/td><td>–<\/td>/);
    expect(html).toMatch(/<svg id="chart-steps" role="img"/);
    expect(html).toMatch(/<svg id="chart-days" role="img"/);
  });

  it('gives the same numbers as CSV', async () => {
    const response = await asOperator(`/ops/report?${RANGE}&format=csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await response.text()).trim().split('\r\n');
    // trust_by to bot_share are the lead-quality rows (section `trust`); then step submitters and
    // the sessions with a lead in each bucket (src/worker/report/lead-buckets.ts), all in people;
    // then the revenue and experiment rows (sections `money`, `experiment`).
    expect(lines[0]).toBe(
      'section,from,to,brand,page,step_number,step_name,visits,paid_visits,paid_share,reached,submitted,drop_off,leads,callers,trust_by,trust_key,clean,suspect,bot,suspect_share,bot_share,submitters,leads_complete,leads_partial,leads_duplicate,leads_bot,leads_undelivered,leads_other,money_by,money_key,realized_usd,expected_usd,revenue_usd,rpv_realized,rpv,revenue_per_lead,epc_call_clicks,payouts,rpv_low,rpv_high,probability_best,traffic_share',
    );
    expect(lines).toContain('total,2020-03-01,2020-03-07,wc,,,,6,2,0.3333,,,,1,1,,,,,,,,4,1,0,0,0,0,0');
    expect(lines).toContain('page,2020-03-01,2020-03-07,wc,find-benefits,,,6,2,0.3333,,,,1,1,,,,,,,,4');
    expect(lines).toContain('step,2020-03-01,2020-03-07,wc,,1,zip,,,,4,3,0.5000,,');
    expect(lines).toContain('step,2020-03-01,2020-03-07,wc,,2,contact,,,,2,1,,,');
  });

  it('answers 400 to bad filters', async () => {
    const response = await asOperator('/ops/report?from=2020-03-09&to=2020-03-01');
    expect(response.status).toBe(400);
  });
});
