/**
 * The visitor's own privacy rights at /your-data, linked in every footer. The proof is the
 * browser's signed visitor key (cookie qf_aid): it names the visitor's Durable Object, and its
 * public anonymous id names the leads and events written from this browser. So a visitor can
 * reach only what their own browser holds, without giving an email or phone that someone else
 * could type in.
 * - GET /your-data: what is held (counts), a download button and a delete form;
 * - POST /your-data/export: everything as a JSON download (the Durable Object's state, the
 *   leads sent from this browser with who received them, the recorded events);
 * - POST /your-data/delete with `confirm=yes`: the same erasure as an operator's delete
 *   (privacy-erase.ts): Durable Object, leads, events in D1 and R2, a deletion request to each
 *   partner that received a lead; then back to the page, which says what was done.
 * Plain form posts (no JavaScript needed), same-origin like every browser write.
 */
import { Hono, type Context } from 'hono';
import { renderYourDataPage, yourDataPath } from '../../ui/consent/your-data-page';
import type { AppEnv } from '../env';
import { archivedLeadCount, archivedLeadsOf } from '../lead-archive/read';
import { visitorStub } from '../visitor';
import { recipientsOf } from './partner-deletions';
import { eraseRecords } from './privacy-erase';
import { audit, visitorData } from './privacy-ops';
import type { LeadRow } from './privacy-subject';
import { chrome, languageOf } from './page-chrome';

export const yourData = new Hono<AppEnv>();

const HTML = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' };
const VISITOR_SUBJECT = { kind: 'visitor', fingerprint: null };

/** The leads sent from this browser: the hot ones in D1, then those moved to R2 after their delivery window. */
async function leadsOfVisitor(c: Context<AppEnv>): Promise<LeadRow[]> {
  const rows = await c.env.DB.prepare('SELECT * FROM leads WHERE visitor_id = ? ORDER BY created_at')
    .bind(c.var.anonymousId)
    .all<LeadRow>();
  const hot = new Set(rows.results.map((l) => l.id));
  const moved = await archivedLeadsOf(c.env.ARCHIVE, { visitors: [c.var.anonymousId] });
  return [...rows.results, ...moved.filter((l) => !hot.has(l.id))];
}

/** The Durable Object's export, or an empty one for a browser that has no visitor record yet. */
async function ownState(c: Context<AppEnv>): Promise<{ values: Record<string, unknown>; steps: unknown[] }> {
  if (c.var.newVisitor) return { values: {}, steps: [] };
  const parsed: unknown = JSON.parse(await visitorStub(c.env, c.var.visitorId).exportState());
  const state = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  return {
    values: typeof state.values === 'object' && state.values !== null ? (state.values as Record<string, unknown>) : {},
    steps: Array.isArray(state.steps) ? (state.steps as unknown[]) : [],
  };
}

async function page(c: Context<AppEnv>, deleted: { partners: number } | null, mustConfirm = false) {
  const [state, leads, moved, events] = await Promise.all([
    ownState(c),
    c.env.DB.prepare('SELECT COUNT(*) AS n FROM leads WHERE visitor_id = ?')
      .bind(c.var.anonymousId)
      .first<{ n: number }>(),
    archivedLeadCount(c.env.ARCHIVE, c.var.anonymousId),
    c.env.DB.prepare('SELECT COUNT(*) AS n FROM events WHERE anonymous_id = ?')
      .bind(c.var.anonymousId)
      .first<{ n: number }>(),
  ]);
  return c.body(
    await renderYourDataPage({
      ...chrome(c, 'your-data'),
      counts: { answers: Object.keys(state.values).length, leads: (leads?.n ?? 0) + moved, events: events?.n ?? 0 },
      deleted,
      mustConfirm,
    }),
    mustConfirm ? 400 : 200,
    HTML,
  );
}

yourData.get('/your-data', async (c) => {
  const partners = Number(c.req.query('deleted'));
  return page(c, Number.isInteger(partners) && partners >= 0 && partners < 100 ? { partners } : null);
});

yourData.post('/your-data/export', async (c) => {
  const leads = await leadsOfVisitor(c);
  const state = await ownState(c);
  const { events } = await visitorData(c.env, [c.var.anonymousId], []);
  await audit(c.env.DB, 'export', 'visitor', VISITOR_SUBJECT, {
    leads: leads.length,
    visitors: c.var.newVisitor ? 0 : 1,
    events: events.length,
    requests: 0,
  });
  const body = {
    exportedAt: new Date().toISOString(),
    brand: c.var.brand.id,
    visitor: c.var.anonymousId,
    state,
    leads: await Promise.all(
      leads.map(async (l) => ({
        id: l.id,
        created_at: l.created_at,
        brand: l.brand,
        page: l.page,
        product: l.product,
        status: l.status ?? null,
        values: JSON.parse(l.values) as unknown,
        consent_version: l.consent_version ?? null,
        consent_at: l.consent_at ?? null,
        certificate_id: l.certificate_id,
        sent_to: (await recipientsOf(c.env, l)).map((r) => r.recipient),
      })),
    ),
    events,
  };
  return c.body(JSON.stringify(body, null, 2), 200, {
    'content-type': 'application/json; charset=utf-8',
    'content-disposition': `attachment; filename="${c.var.brand.id}-your-data.json"`,
    'cache-control': 'private, no-store',
  });
});

yourData.post('/your-data/delete', async (c) => {
  let form: Record<string, unknown> = {};
  try {
    form = await c.req.parseBody();
  } catch {
    form = {};
  }
  if (form.confirm !== 'yes') return page(c, null, true);
  const leads = await leadsOfVisitor(c);
  const result = await eraseRecords(c.env, {
    leads,
    anonymousIds: [c.var.anonymousId],
    objects: c.var.newVisitor ? [] : [visitorStub(c.env, c.var.visitorId)],
    visitorKeys: [c.var.visitorId],
  });
  const partners = new Set(result.partners.map((p) => p.recipient)).size;
  await audit(c.env.DB, 'delete', 'visitor', VISITOR_SUBJECT, {
    leads: result.leads,
    visitors: result.visitors,
    events: result.events,
    requests: 0,
    partners: result.partners.length,
  });
  const target = yourDataPath(languageOf(c));
  return c.redirect(`${target}${target.includes('?') ? '&' : '?'}deleted=${partners}`, 303);
});
