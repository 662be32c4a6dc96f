import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/worker/index';
import { moveOldLeads, sweepExpiredPersonal } from '../../src/worker/lead-archive';
import { moveLeadDay } from '../../src/worker/lead-archive/move';
import { DAILY_CRON } from '../../src/worker/operations';
import { healthReport } from '../../src/worker/operations/health';
import { loadTrustReport } from '../../src/worker/report/lead-trust';
import { loadReport, reportFiltersSchema } from '../../src/worker/report/query';
import { finishMedicare, fingerprintOf, leadOf, medicareContactOf, verifyWithJwks } from '../support/consent';
import { visitor, type Visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { awaitDeletionRequests, count, OPS } from '../privacy/support';

/**
 * Leads leave D1 for R2 after their delivery window (src/worker/lead-archive/): each test files
 * real leads through the funnel, dates them back to a day of its own (a past day no other test of
 * this file uses, so moving that day moves only its leads) and moves them; then it checks where
 * everything landed and that every reader still finds what it needs.
 */
const DAY_MS = 86_400_000;
let nextDay = 5;
/** A UTC day past the delivery window, different for every test, inside the 30-day duplicate window. */
function ownDay(): string {
  const day = new Date(Date.now() - nextDay * DAY_MS).toISOString().slice(0, 10);
  nextDay += 1;
  return day;
}

async function backdate(ids: readonly string[], day: string, hour = 10): Promise<void> {
  const at = `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
  await env.DB.prepare(
    `UPDATE leads SET created_at = ?1, updated_at = ?1 WHERE id IN (SELECT value FROM json_each(?2))`,
  )
    .bind(at, JSON.stringify(ids))
    .run();
}

async function keysUnder(prefix: string): Promise<string[]> {
  return (await env.ARCHIVE.list({ prefix })).objects.map((o) => o.key);
}

async function recipientOf(leadId: string): Promise<void> {
  await pollUntil(
    () => count('SELECT COUNT(*) AS n FROM lead_recipients WHERE lead_id = ?', leadId),
    (n) => n === 1,
    15_000,
  );
}

/** Every lead figure the report shows for a day: overall, for one brand, for one page; and lead quality. */
async function leadFigures(day: string) {
  const views = [{}, { brand: 'bh' }, { page: 'get-yours-otc' }, { brand: 'm10', page: 'get-yours-otc' }];
  const reports = await Promise.all(
    views.map(async (view) => {
      const filters = reportFiltersSchema.parse({ from: day, to: day, ...view });
      const report = await loadReport(env.DB, filters);
      const trust = await loadTrustReport(env.DB, filters);
      return {
        totals: report.totals.leads,
        buckets: report.leadBuckets,
        pages: report.pages.map((p) => [p.brand, p.page, p.leads]),
        trust: trust?.map((r) => [r.by, r.key, r.leads, r.clean, r.suspect, r.bot]),
      };
    }),
  );
  return reports;
}

/** Three people's leads: one with a company ticked (delivered, a recipient), one suspect, one partial. */
async function threeLeads(day: string) {
  const a = visitor('bh');
  await finishMedicare(a, ['harbor-licensed-agents']);
  const b = visitor('bh');
  await finishMedicare(b);
  const c = visitor('m10');
  await finishMedicare(c);
  const leads = [await leadOf(a.id), await leadOf(b.id), await leadOf(c.id)];
  await recipientOf(leads[0]?.id ?? '');
  // The buckets and verdicts the rollups must carry across, beyond what a clean walk produces.
  await env.DB.prepare(`UPDATE leads SET trust_verdict = 'suspect' WHERE id = ?`).bind(leads[1]?.id).run();
  await env.DB.prepare(`UPDATE leads SET status = 'partial', partial_reasons = '["steps"]' WHERE id = ?`)
    .bind(leads[2]?.id)
    .run();
  await backdate(
    leads.map((l) => l.id),
    day,
  );
  return { visitors: [a, b, c], leads };
}

const leadsLeft = (ids: readonly string[]) =>
  count('SELECT COUNT(*) AS n FROM leads WHERE id IN (SELECT value FROM json_each(?))', JSON.stringify(ids));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the lead move', () => {
  it('writes each lead to R2, deletes it and its rows from D1, keeps the report figures, and a rerun does nothing', async () => {
    const day = ownDay();
    const { leads } = await threeLeads(day);
    const ids = leads.map((l) => l.id);
    const before = await leadFigures(day);
    expect(before[0]?.totals).toBeGreaterThanOrEqual(1);
    expect(before[0]?.buckets.partial).toBeGreaterThanOrEqual(1);

    const moved = await moveLeadDay(env, day, new Date());
    expect(moved).toMatchObject({ moved: 3, done: true });

    // D1: the leads and their certificate, delivery and recipient rows are gone.
    expect(await leadsLeft(ids)).toBe(0);
    const idsJson = JSON.stringify(ids);
    for (const table of ['lead_certificates', 'lead_deliveries', 'lead_recipients'])
      expect(
        await count(`SELECT COUNT(*) AS n FROM ${table} WHERE lead_id IN (SELECT value FROM json_each(?))`, idsJson),
      ).toBe(0);
    // R2: a record without personal values, a personal object under the day, the certificate, the markers.
    const [first] = leads;
    if (!first) throw new Error('no lead');
    const record = await (
      await env.ARCHIVE.get(`leads/record/${first.id}.json`)
    )?.json<{
      lead: Record<string, unknown>;
      recipients: { recipient: string }[];
      deliveries: unknown[];
    }>();
    expect(record?.lead).toMatchObject({ id: first.id, certificate_id: first.certificate_id, brand: 'bh' });
    expect(record?.lead).not.toHaveProperty('values');
    expect(record?.lead).not.toHaveProperty('ip');
    expect(record?.recipients.map((r) => r.recipient)).toEqual(['harbor-licensed-agents']);
    const personal = await (
      await env.ARCHIVE.get(`leads/personal/dt=${day}/${first.id}.json`)
    )?.json<{
      values: string;
    }>();
    expect(JSON.parse(personal?.values ?? '{}')).toMatchObject({ firstName: 'Ada' });
    expect(await env.ARCHIVE.head(`leads/certificate/${first.certificate_id}.json`)).not.toBeNull();
    expect(await keysUnder(`leads/by-visitor/${first.visitor_id}/`)).toEqual([
      `leads/by-visitor/${first.visitor_id}/${first.id}`,
    ]);
    // Keys name fingerprints and ids only, never a contact value.
    for (const key of await keysUnder('leads/')) expect(key).not.toMatch(/@|\(305\)/);

    // The report's lead figures are the same from the rollups as they were from the rows.
    expect(await leadFigures(day)).toEqual(before);

    // A rerun finds nothing to move and writes nothing.
    expect(await moveLeadDay(env, day, new Date())).toEqual({ moved: 0, written: 0, done: true });
    expect(await leadFigures(day)).toEqual(before);
  });

  it('a crash between the R2 write and the D1 delete leaves the leads hot and counted once; the rerun rewrites nothing and moves them', async () => {
    const day = ownDay();
    const { leads } = await threeLeads(day);
    const ids = leads.map((l) => l.id);
    const before = await leadFigures(day);
    // The D1 transaction of the move (rollups, fingerprints, deletes) fails, as a crash would leave it.
    const crashing: D1Database = {
      prepare: (sql: string) => env.DB.prepare(sql),
      batch: (statements: D1PreparedStatement[]) =>
        statements.length > 3 ? Promise.reject(new Error('isolate gone (simulated)')) : env.DB.batch(statements),
      exec: (sql: string) => env.DB.exec(sql),
      dump: () => env.DB.dump(),
      withSession: (constraint?: string) => env.DB.withSession(constraint),
    };
    await expect(moveLeadDay({ ...env, DB: crashing }, day, new Date())).rejects.toThrow(/simulated/);
    expect(await leadsLeft(ids)).toBe(3);
    for (const lead of leads) expect(await env.ARCHIVE.head(`leads/record/${lead.id}.json`)).not.toBeNull();
    expect(await leadFigures(day)).toEqual(before);

    const rerun = await moveLeadDay(env, day, new Date());
    expect(rerun).toEqual({ moved: 3, written: 0, done: true });
    expect(await leadsLeft(ids)).toBe(0);
    expect(await leadFigures(day)).toEqual(before);
  });
});

describe('two movers and an erasure at once', () => {
  it('two runs moving the same day at once count each lead once and keep every object', async () => {
    const day = ownDay();
    const { leads } = await threeLeads(day);
    const before = await leadFigures(day);
    const now = new Date();
    const [a, b] = await Promise.all([moveLeadDay(env, day, now), moveLeadDay(env, day, now)]);
    expect(a.moved + b.moved).toBe(3);
    expect(await leadsLeft(leads.map((l) => l.id))).toBe(0);
    expect(await leadFigures(day)).toEqual(before);
    for (const lead of leads) expect(await env.ARCHIVE.head(`leads/record/${lead.id}.json`)).not.toBeNull();
  });

  it('a lead erased while it is being moved leaves no object behind', async () => {
    const day = ownDay();
    const v = visitor('bh');
    await finishMedicare(v);
    const lead = await leadOf(v.id);
    await backdate([lead.id], day);
    // The visitor's own delete lands after the move read the lead and before it wrote to R2 (the
    // batch that reads the certificate and delivery rows), so the erasure finds no object to delete.
    let erased = false;
    const erasing: D1Database = {
      prepare: (sql: string) => env.DB.prepare(sql),
      batch: async (statements: D1PreparedStatement[]) => {
        if (statements.length === 3 && !erased) {
          erased = true;
          expect((await v.post('/your-data/delete', { confirm: 'yes' })).status).toBe(303);
        }
        return env.DB.batch(statements);
      },
      exec: (sql: string) => env.DB.exec(sql),
      dump: () => env.DB.dump(),
      withSession: (constraint?: string) => env.DB.withSession(constraint),
    };
    const outcome = await moveLeadDay({ ...env, DB: erasing }, day, new Date());
    expect(erased).toBe(true);
    expect(outcome.moved).toBe(0);
    expect(await leadsLeft([lead.id])).toBe(0);
    expect(await env.ARCHIVE.head(`leads/record/${lead.id}.json`)).toBeNull();
    expect(await keysUnder(`leads/by-visitor/${v.id}/`)).toEqual([]);
  });
});

describe('readers of a moved lead', () => {
  it('moves a lead on the third night after its day (LEADS_HOT_DAYS = 2, as staging and production), and its certificate page reads R2 from then on', async () => {
    const day = ownDay();
    const v = visitor('bh');
    await finishMedicare(v, ['harbor-licensed-agents']);
    const lead = await leadOf(v.id);
    // The last minutes of its day: the latest a lead of that day can be, so the shortest time hot.
    await backdate([lead.id], day, 23);
    const nightAfter = (days: number) => new Date(Date.parse(`${day}T03:17:00.000Z`) + days * DAY_MS);

    // Two whole days after its day it is still in its delivery window: hot, certificate in D1.
    await moveOldLeads(env, nightAfter(2));
    expect(await leadsLeft([lead.id])).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM lead_certificates WHERE id = ?', lead.certificate_id)).toBe(1);

    // The third night it leaves D1 with its certificate, which a buyer still reads at its address.
    await moveOldLeads(env, nightAfter(3));
    expect(await leadsLeft([lead.id])).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM lead_certificates WHERE id = ?', lead.certificate_id)).toBe(0);
    const json = await v.fetch(`/certificates/${lead.certificate_id}`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(200);
    expect((await json.json<{ jws: string }>()).jws.split('.')).toHaveLength(3);
  });

  it("the certificate still verifies from R2 and a buyer's match still answers", async () => {
    const day = ownDay();
    const v = visitor('bh');
    // Consent to share given by name: the lead gets its certificate.
    await finishMedicare(v, ['harbor-licensed-agents']);
    const lead = await leadOf(v.id);
    await backdate([lead.id], day);
    await moveLeadDay(env, day, new Date());
    expect(await leadsLeft([lead.id])).toBe(0);

    const json = await v.fetch(`/certificates/${lead.certificate_id}`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(200);
    const { jws } = await json.json<{ jws: string }>();
    const jwks = await (
      await v.get('/.well-known/lead-certificates.json')
    ).json<{
      keys: { kid: string; kty: string; crv: string; x: string }[];
    }>();
    expect(await verifyWithJwks(jws, jwks)).toBe(true);
    const page = await v.get(`/certificates/${lead.certificate_id}`);
    expect(page.status).toBe(200);

    const { phone } = medicareContactOf(v);
    const match = await v.fetch(`/certificates/${lead.certificate_id}/match`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone }),
    });
    expect(await match.json()).toEqual({ certificate_id: lead.certificate_id, phone: true });
  });

  it('an operator erasure finds the moved lead, deletes its R2 objects, clears its match and asks the company to delete', async () => {
    const day = ownDay();
    const v = visitor('bh');
    await finishMedicare(v, ['harbor-licensed-agents']);
    const lead = await leadOf(v.id);
    await recipientOf(lead.id);
    await backdate([lead.id], day);
    await moveLeadDay(env, day, new Date());
    expect(await leadsLeft([lead.id])).toBe(0);
    const { phone, email } = medicareContactOf(v);
    // Delivered (a company ticked): its fingerprints stay for the duplicate check until the erasure.
    expect(await count('SELECT COUNT(*) AS n FROM lead_fingerprints WHERE id = ?', lead.id)).toBe(1);
    const ops = (body: unknown) =>
      v.fetch('/ops/privacy/delete', { method: 'POST', headers: OPS, body: JSON.stringify(body) });

    const preview = await (await ops({ phone, email })).json<{ matched: { id: string; partners: string[] }[] }>();
    expect(preview.matched).toEqual([expect.objectContaining({ id: lead.id, partners: ['harbor-licensed-agents'] })]);
    const deleted = await ops({ phone, email, leads: [lead.id] });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ deleted: { leads: 1, partners: 1 } });

    expect(await env.ARCHIVE.head(`leads/record/${lead.id}.json`)).toBeNull();
    expect(await env.ARCHIVE.head(`leads/personal/dt=${day}/${lead.id}.json`)).toBeNull();
    for (const key of await keysUnder('leads/by-')) expect(key.endsWith(`/${lead.id}`)).toBe(false);
    expect(await count('SELECT COUNT(*) AS n FROM lead_fingerprints WHERE id = ?', lead.id)).toBe(0);
    // The certificate stays (the consent proof), and nothing matches it any more.
    const match = await v.fetch(`/certificates/${lead.certificate_id}/match`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone }),
    });
    expect(await match.json()).toEqual({ certificate_id: lead.certificate_id, phone: false });
    const requests = await awaitDeletionRequests(lead.id, 1);
    expect(requests.map((r) => r.path)).toEqual(['/sellers/harbor-licensed-agents/deletions']);
    // Asked again, nothing is left to find.
    expect((await ops({ phone, email })).status).toBe(404);
  });

  it("the visitor's own export and delete reach the moved lead", async () => {
    const day = ownDay();
    const v = visitor('bh');
    await finishMedicare(v);
    const lead = await leadOf(v.id);
    await backdate([lead.id], day);
    await moveLeadDay(env, day, new Date());
    const exported = await v.post('/your-data/export', {});
    expect(exported.status).toBe(200);
    const dump = await exported.json<{ leads: { id: string }[] }>();
    expect(dump.leads.map((l) => l.id)).toEqual([lead.id]);
    expect((await v.post('/your-data/delete', { confirm: 'yes' })).status).toBe(303);
    expect(await env.ARCHIVE.head(`leads/record/${lead.id}.json`)).toBeNull();
    expect(await keysUnder(`leads/by-visitor/${v.id}/`)).toEqual([]);
  });

  it('the duplicate check sees a delivered lead of the same person after it has moved, by its fingerprints alone', async () => {
    const day = ownDay();
    const first = visitor('bh');
    // A company ticked: the lead is delivered, and only a delivered lead makes a later one a duplicate.
    await finishMedicare(first, ['harbor-licensed-agents']);
    const lead = await leadOf(first.id);
    const delivery = await env.DB.prepare('SELECT delivery FROM leads WHERE id = ?')
      .bind(lead.id)
      .first<{ delivery: string | null }>();
    expect(delivery?.delivery).toBe('delivered');
    await backdate([lead.id], day);
    await moveLeadDay(env, day, new Date());
    expect(await leadsLeft([lead.id])).toBe(0);
    const kept = await env.DB.prepare('SELECT * FROM lead_fingerprints WHERE id = ?')
      .bind(lead.id)
      .first<Record<string, unknown>>();
    const contact = medicareContactOf(first);
    expect(kept).toMatchObject({ product: 'medicare', phone_fingerprint: await fingerprintOf('phone', contact.phone) });
    // Nothing but ids, time, product and keyed fingerprints.
    expect(Object.keys(kept ?? {}).sort()).toEqual(
      ['created_at', 'email_fingerprint', 'id', 'phone_fingerprint', 'product'].sort(),
    );

    const again: Visitor = visitor('m10');
    await finishMedicare(again, ['harbor-licensed-agents'], contact);
    const second = await env.DB.prepare('SELECT status, duplicate_of FROM leads WHERE visitor_id = ?')
      .bind(again.id)
      .first<{ status: string; duplicate_of: string | null }>();
    expect(second).toEqual({ status: 'duplicate', duplicate_of: lead.id });
  });
});

describe('what does not fit one invocation, and retention', () => {
  it('a day beyond the inline budget is moved by a Workflow, step by step', async () => {
    const day = ownDay();
    const { leads } = await threeLeads(day);
    const before = await leadFigures(day);
    const now = new Date();
    // No inline budget: every day past the window goes to a Workflow.
    const summary = await moveOldLeads(env, now, 0);
    expect(summary.moved).toBe(0);
    expect(summary.handedOver).toContain(day);
    const id = `lead-move-${day}-${now.toISOString().slice(0, 10)}`;
    const job = await pollUntil(
      () => env.DB.prepare('SELECT status, done FROM archive_jobs WHERE id = ?').bind(id).first<{ status: string }>(),
      (row) => row?.status === 'complete' || row?.status === 'failed',
      30_000,
    );
    expect(job).toMatchObject({ status: 'complete' });
    expect(await leadsLeft(leads.map((l) => l.id))).toBe(0);
    expect(await leadFigures(day)).toEqual(before);
  });

  it("lead retention deletes a moved lead's personal object once its day has expired, and keeps the record", async () => {
    const day = ownDay();
    const v = visitor('bh');
    await finishMedicare(v);
    const lead = await leadOf(v.id);
    await backdate([lead.id], day);
    await moveLeadDay(env, day, new Date());
    const personal = `leads/personal/dt=${day}/${lead.id}.json`;
    expect(await env.ARCHIVE.head(personal)).not.toBeNull();
    // Inside retention: nothing goes.
    await sweepExpiredPersonal(env, new Date());
    expect(await env.ARCHIVE.head(personal)).not.toBeNull();
    // LEAD_RETENTION_DAYS (90) after the lead's day has ended.
    await sweepExpiredPersonal(env, new Date(Date.parse(`${day}T00:00:00Z`) + 92 * DAY_MS));
    expect(await env.ARCHIVE.head(personal)).toBeNull();
    expect(await env.ARCHIVE.head(`leads/record/${lead.id}.json`)).not.toBeNull();
  });
});

async function runDailyCron(overrides: Partial<Env> = {}): Promise<unknown> {
  const ctx = createExecutionContext();
  const run = worker.scheduled(
    createScheduledController({ scheduledTime: Date.now(), cron: DAILY_CRON }),
    { ...env, ...overrides },
    ctx,
  );
  const outcome = await Promise.resolve(run).then(
    () => null,
    (error: unknown) => error,
  );
  await waitOnExecutionContext(ctx);
  return outcome;
}

async function lastRun(task: string) {
  return env.DB.prepare(`SELECT ok, detail FROM cron_runs WHERE task = ? ORDER BY id DESC LIMIT 1`)
    .bind(task)
    .first<{ ok: number; detail: string }>();
}

describe('the daily cron task', () => {
  it('a failed R2 write fails the task loudly and loses nothing; the next run moves the lead and records it', async () => {
    const day = ownDay();
    const v = visitor('bh');
    await finishMedicare(v);
    const lead = await leadOf(v.id);
    await backdate([lead.id], day);
    const broken = {
      ...env.ARCHIVE,
      head: (key: string) => env.ARCHIVE.head(key),
      get: (key: string) => env.ARCHIVE.get(key),
      list: (options?: R2ListOptions) => env.ARCHIVE.list(options),
      delete: (keys: string | string[]) => env.ARCHIVE.delete(keys),
      put: () => Promise.reject(new Error('R2 unavailable (simulated)')),
    } as unknown as R2Bucket;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A lead a day past the move's cutoff shows on the health page until it has moved.
    const backlog = async () => (await healthReport(env, new Date())).checks.find((c) => c.id === 'leads:move-backlog');
    expect(await backlog()).toMatchObject({ ok: false, summary: expect.stringMatching(/^1 leads created before/) });
    const failure = await runDailyCron({ ARCHIVE: broken });
    expect(String(failure)).toMatch(/lead-move failed/);
    expect(await lastRun('lead-move')).toMatchObject({ ok: 0, detail: expect.stringMatching(/simulated/) });
    expect(await leadsLeft([lead.id])).toBe(1);
    expect(await env.ARCHIVE.head(`leads/record/${lead.id}.json`)).toBeNull();

    await runDailyCron();
    const outcome = await lastRun('lead-move');
    expect(outcome).toMatchObject({ ok: 1, detail: expect.stringMatching(/^\d+ leads moved from \d+ days/) });
    expect(await leadsLeft([lead.id])).toBe(0);
    expect(await env.ARCHIVE.head(`leads/record/${lead.id}.json`)).not.toBeNull();
    expect(await backlog()).toMatchObject({ ok: true });
  });
});
