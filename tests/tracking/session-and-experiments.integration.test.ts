import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../src/worker/tracking/session';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';

const ORIGIN = 'http://bh.localhost';
const GCLID = 'Cj0KCQiA-long-click-id';

const pageTrackingSchema = z.object({
  tracking: z.object({
    sessionId: z.uuid(),
    paid: z.boolean(),
    urlParams: z.record(z.string(), z.string()),
    anonymousId: z.uuid(),
    experiment: z.object({ experimentId: z.string(), variantId: z.string() }).nullable(),
  }),
});

async function visit(path: string, cookies: Map<string, string>) {
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const html = await response.text();
  const json = /<script[^>]*id="page-context"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return { response, html, context: pageTrackingSchema.parse(JSON.parse(json ?? 'null')) };
}

describe('tracking session (qf_sid)', () => {
  it('marks a gclid + utm_campaign visit paid and keeps the first parameters for the whole session', async () => {
    const cookies = new Map<string, string>();
    const first = await visit(`/find-benefits?gclid=${GCLID}&utm_campaign=spring&utm_medium=cpc`, cookies);
    expect(first.context.tracking).toMatchObject({
      paid: true,
      urlParams: { gclid: GCLID, utm_campaign: 'spring', utm_medium: 'cpc' },
    });
    const setCookie = first.response.headers.getSetCookie().find((h) => h.startsWith(`${SESSION_COOKIE}=`));
    expect(setCookie).toMatch(/Max-Age=1800; Path=\/; HttpOnly; Secure; SameSite=Lax/);

    // A later step with a cleaned address: same session, same parameters, still paid.
    const later = await visit('/find-benefits/2', cookies);
    expect(later.context.tracking.sessionId).toBe(first.context.tracking.sessionId);
    expect(later.context.tracking).toMatchObject({ paid: true, urlParams: { gclid: GCLID, utm_campaign: 'spring' } });

    // A new ad click starts a new session with its own attribution.
    const click = await visit('/find-benefits?utm_source=newsletter', cookies);
    expect(click.context.tracking.sessionId).not.toBe(first.context.tracking.sessionId);
    expect(click.context.tracking.paid).toBe(false);
  });

  it('does not mark a short click id paid, and ignores a forged cookie', async () => {
    const cookies = new Map<string, string>([[SESSION_COOKIE, 'bm90LWpzb24']]);
    const page = await visit(`/find-benefits?gclid=${'x'.repeat(14)}&utm_campaign=spring`, cookies);
    expect(page.context.tracking.paid).toBe(false);
  });
});

describe('edge experiment on find-benefits', () => {
  it('renders the sticky variant on the server and tells the tracker', async () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 16; i += 1) {
      const cookies = new Map<string, string>();
      const first = await visit('/find-benefits', cookies);
      const assignment = first.context.tracking.experiment;
      expect(assignment?.experimentId).toBe('find-benefits-headline');
      const variant = assignment?.variantId ?? 'none';
      seen.set(variant, (seen.get(variant) ?? 0) + 1);
      const zipFirst = first.html.includes('Enter your ZIP code to see the Medicare benefits near you');
      expect(zipFirst).toBe(variant === 'zip-first');
      // Same visitor again: same variant.
      const again = await visit('/find-benefits', cookies);
      expect(again.context.tracking.experiment?.variantId).toBe(variant);
    }
    expect([...seen.keys()].sort()).toEqual(['control', 'zip-first']);
  });

  it("every event of the page carries the visitor's variant, so page views and submits split by variant in the rollups", async () => {
    const v = visitor('bh');
    const html = await (await v.get('/find-benefits')).text();
    const json = /<script[^>]*id="page-context"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    const assignment = pageTrackingSchema.parse(JSON.parse(json ?? 'null')).tracking.experiment;
    expect(assignment?.experimentId).toBe('find-benefits-headline');
    const sent = [
      ['pageView', 'find-benefits'],
      ['formStepSubmitted', 'find-benefits'],
      ['pageView', 'get-offers'],
    ].map(([event, page]) => ({ id: crypto.randomUUID(), event, page }));
    for (const { id, event, page } of sent) {
      const response = await v.fetch('/api/event/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'track',
          event,
          timestamp: new Date().toISOString(),
          sessionId: v.sessionId,
          anonymousId: v.id,
          // The page's own events say nothing of the experiment: the Worker adds it.
          properties: { id, page: { name: page, step: { name: 'zip', number: 1, fallback: false } } },
        }),
      });
      expect(response.status).toBe(202);
    }
    const rows = await pollUntil(
      async () =>
        (
          await env.DB.prepare(
            `SELECT id, json_extract(properties, '$.experimentId') AS experiment, json_extract(properties, '$.variantId') AS variant
             FROM events WHERE id IN (SELECT value FROM json_each(?))`,
          )
            .bind(JSON.stringify(sent.map((e) => e.id)))
            .all<{ id: string; experiment: string | null; variant: string | null }>()
        ).results,
      (r) => r.length === sent.length,
      15_000,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const { id, page } of sent)
      expect(byId.get(id), page).toMatchObject(
        page === 'find-benefits'
          ? { experiment: 'find-benefits-headline', variant: assignment?.variantId }
          : { experiment: null, variant: null },
      );
    // A page view without JavaScript (the noscript image) and the Worker's own events carry it too.
    expect((await v.fetch('/api/event/noscript-view.gif?path=/find-benefits')).status).toBe(200);
    const noJs = await pollUntil(
      () =>
        env.DB.prepare(
          `SELECT json_extract(properties, '$.variantId') AS variant FROM events
           WHERE anonymous_id = ? AND json_extract(properties, '$.source') = 'no-js'`,
        )
          .bind(v.id)
          .first<{ variant: string | null }>(),
      (row) => row !== null,
      15_000,
    );
    expect(noJs?.variant).toBe(assignment?.variantId);
    // Where it lands: today's rollup row of that variant counts the page view and the submit.
    const rollup = await env.DB.prepare(
      `SELECT SUM(page_views) AS views, SUM(step_submits) AS submits FROM event_rollups
       WHERE day = ? AND brand = 'bh' AND page = 'find-benefits' AND variant = ?`,
    )
      .bind(new Date().toISOString().slice(0, 10), `find-benefits-headline:${assignment?.variantId ?? ''}`)
      .first<{ views: number; submits: number }>();
    expect(rollup?.views).toBeGreaterThanOrEqual(1);
    expect(rollup?.submits).toBeGreaterThanOrEqual(1);
  });

  it('leaves pages without an experiment alone', async () => {
    const page = await visit('/get-offers', new Map());
    expect(page.context.tracking.experiment).toBeNull();
  });
});
