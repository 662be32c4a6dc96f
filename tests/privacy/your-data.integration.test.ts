import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { handleEventBatch } from '../../src/worker/queue/consumer';
import { batchOf, queuedAt } from '../archive/support';
import { finishMedicare, leadOf } from '../support/consent';
import { recordingQueue } from '../support/recording-queue';
import { decode, visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { archivedEventsOf, awaitDeletionRequests, count, uniqueEmail, uniquePhone } from './support';

/**
 * The visitor's own "Your data" page: linked in every footer; the browser's signed visitor key
 * is the proof, so it exports and deletes exactly what this browser holds (its Durable Object,
 * its leads, its events) and nothing of anyone else's.
 */
describe('Your data page', () => {
  it('is linked in every footer, in the page language', async () => {
    for (const [brand, path, label, href] of [
      ['bh', '/get-yours-otc', 'Your data', '/your-data'],
      ['tqg', '/compare-auto', 'Your data', '/your-data'],
      ['m10es', '/', 'Sus datos', '/your-data?lang=es'],
      ['bh', '/partners', 'Your data', '/your-data'],
    ] as const) {
      const html = decode(await (await visitor(brand).get(path)).text());
      expect(html, `${brand}${path}`).toContain(`href="${href}"`);
      expect(html, `${brand}${path}`).toContain(`>${label}</a>`);
    }
    const page = await visitor('bh').get('/your-data');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(decode(await page.text())).toContain('We keep nothing about this browser.');
    const es = decode(await (await visitor('m10es').get('/your-data')).text());
    expect(es).toContain('<h1>Sus datos</h1>');
    expect(es).toContain('action="/your-data/delete?lang=es"');
    expect(es).toContain('No guardamos nada sobre este navegador.');
  });

  it("exports this browser's answers, leads and events as a JSON download, and none of another browser's", async () => {
    const phone = uniquePhone();
    const email = uniqueEmail();
    const v = visitor('bh');
    await finishMedicare(v, ['harbor-licensed-agents'], { phone, email });
    const lead = await leadOf(v.id);
    const stranger = visitor('bh');
    const strangerEmail = uniqueEmail();
    await finishMedicare(stranger, [], { phone, email: strangerEmail });
    await pollUntil(
      () => count(`SELECT COUNT(*) AS n FROM events WHERE anonymous_id = ?`, v.id),
      (n) => n > 0,
      15_000,
    );

    const page = decode(await (await v.get('/your-data')).text());
    expect(page).toMatch(/data-count="leads">1</);

    const res = await v.fetch('/your-data/export', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="bh-your-data.json"');
    const dump = await res.json<{
      state: { values: Record<string, unknown> };
      leads: { id: string; values: Record<string, unknown>; sent_to: string[] }[];
      events: { anonymous_id: string }[];
    }>();
    expect(dump.leads.map((l) => l.id)).toEqual([lead.id]);
    expect(dump.leads[0]?.values).toMatchObject({ email, firstName: 'Ada' });
    expect(dump.leads[0]?.sent_to).toEqual(['harbor-licensed-agents']);
    expect(dump.state.values['values:*']).toBeDefined();
    expect(dump.events.length).toBeGreaterThan(0);
    expect(dump.events.every((e) => e.anonymous_id === v.id)).toBe(true);
    expect(JSON.stringify(dump)).not.toContain(strangerEmail);

    // Another site's page cannot read it.
    const cross = await v.fetch('/your-data/export', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
  });

  it('delete asks for confirmation, then forgets this browser everywhere and asks each partner to delete; the other browser keeps its data', async () => {
    const phone = uniquePhone();
    const v = visitor('bh');
    await finishMedicare(v, ['harbor-licensed-agents'], { phone, email: uniqueEmail() });
    const lead = await leadOf(v.id);
    const other = visitor('bh');
    await finishMedicare(other, [], { phone, email: uniqueEmail() });
    await pollUntil(
      () => count(`SELECT COUNT(*) AS n FROM events WHERE anonymous_id = ? AND event = 'leadCreated'`, v.id),
      (n) => n === 1,
      15_000,
    );

    const unconfirmed = await v.post('/your-data/delete', {});
    expect(unconfirmed.status).toBe(400);
    expect(decode(await unconfirmed.text())).toContain('Tick the box to confirm the deletion.');
    expect(await count('SELECT COUNT(*) AS n FROM leads WHERE id = ?', lead.id)).toBe(1);

    const done = await v.post('/your-data/delete', { confirm: 'yes' });
    expect(done.status).toBe(303);
    const location = done.headers.get('location') ?? '';
    expect(location).toBe('/your-data?deleted=1');
    const after = decode(await (await v.get(location)).text());
    expect(after).toContain('Your data was deleted.');
    expect(after).toContain('We also asked the company that received your quote request to delete it.');

    expect(await count('SELECT COUNT(*) AS n FROM leads WHERE visitor_id = ?', v.id)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM events WHERE anonymous_id = ?', v.id)).toBe(0);
    const stub = env.VISITOR.get(env.VISITOR.idFromName(v.key));
    expect(JSON.parse(await stub.exportState())).toEqual({ values: {}, steps: [] });
    expect(
      await pollUntil(
        () => archivedEventsOf(v.id),
        (keys) => keys.length === 0,
        15_000,
      ),
    ).toEqual([]);
    expect((await awaitDeletionRequests(lead.id, 1)).map((r) => r.path)).toEqual([
      '/sellers/harbor-licensed-agents/deletions',
    ]);
    // The certificate (consent proof, fingerprints only) stays; the other browser's lead too.
    expect(await count('SELECT COUNT(*) AS n FROM lead_certificates WHERE id = ?', lead.certificate_id)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM leads WHERE visitor_id = ?', other.id)).toBe(1);
    const audit = await env.DB.prepare(
      `SELECT via, action, leads FROM privacy_audit WHERE via = 'visitor' AND action = 'delete' AND leads = 1`,
    ).all();
    expect(audit.results.length).toBeGreaterThanOrEqual(1);

    // An event of the visit still in the queue when the delete ran is dropped on arrival, in D1
    // and the archive; one from after the delete is a new visit and is kept.
    const erasedAt = await env.DB.prepare('SELECT erased_at FROM erased_visitors WHERE anonymous_id = ?')
      .bind(v.id)
      .first<{ erased_at: string }>();
    expect(erasedAt?.erased_at).toBeDefined();
    const late = queuedAt(new Date(Date.parse(erasedAt?.erased_at ?? '') - 1000).toISOString(), { anonymousId: v.id });
    const fresh = queuedAt(new Date(Date.parse(erasedAt?.erased_at ?? '') + 1000).toISOString(), { anonymousId: v.id });
    const outcome = await handleEventBatch(batchOf([late, fresh]), { ...env, EVENTS_DLQ: recordingQueue().queue });
    expect(outcome.inserted).toBe(1);
    const ids = (
      await env.DB.prepare('SELECT id FROM events WHERE anonymous_id = ?').bind(v.id).all<{ id: string }>()
    ).results.map((r) => r.id);
    expect(ids).toEqual([fresh.id]);
    expect((await archivedEventsOf(v.id)).length).toBe(1);

    // A form from another site cannot delete.
    const cross = await v.fetch('/your-data/delete', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'confirm=yes',
    });
    expect(cross.status).toBe(403);
  });
});
