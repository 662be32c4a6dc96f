import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ipCacheKey } from '../../src/partners/ipqs';
import { finishAuto } from '../support/auto-funnel';
import { finishMedicare, leadOf } from '../support/consent';
import { visitor, type Visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import {
  archivedEventsOf,
  awaitDeletionRequests,
  count,
  deletionRequestsFor,
  fingerprint,
  OPS,
  plainSha256,
  uniqueEmail,
  uniquePhone,
} from './support';

/**
 * Operator privacy requests find the right person and reach every store: only records carrying
 * every identifier given, a preview before a delete, Medicare leads by name and zip, and a
 * delete that leaves nothing of the person in D1, the R2 archive, the Durable Object, KV, the
 * logs, and sends a deletion request to each partner that received the lead.
 */
const ops = (v: Visitor, path: string, body: unknown) =>
  v.fetch(`/ops/privacy/${path}`, { method: 'POST', headers: OPS, body: JSON.stringify(body) });

type Dump = { leads: { id: string; values: Record<string, unknown> }[]; requests: unknown[] };
type Preview = { preview: boolean; matched: { id: string; partners: string[] }[]; deleted: null };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('export matches every identifier given', () => {
  it('two people sharing a phone: by phone and email only that person; by phone alone both; a wrong email nobody, said clearly', async () => {
    const phone = uniquePhone();
    const [emailA, emailB] = [uniqueEmail(), uniqueEmail()];
    const a = visitor('bh');
    await finishMedicare(a, [], { phone, email: emailA });
    const b = visitor('m10');
    await finishMedicare(
      b,
      [],
      { phone, email: emailB },
      {},
      { firstName: 'Brook', lastName: 'Other', zipcode: '33101' },
    );
    const [leadA, leadB] = [await leadOf(a.id), await leadOf(b.id)];

    const both = await ops(a, 'export', { phone, email: emailA });
    expect(both.status).toBe(200);
    const dump = await both.json<Dump>();
    expect(dump.leads.map((l) => l.id)).toEqual([leadA.id]);
    expect(dump.leads[0]?.values).toMatchObject({ firstName: 'Ada', email: emailA });
    expect(JSON.stringify(dump)).not.toContain(emailB);

    const byPhone = await (await ops(a, 'export', { phone })).json<Dump>();
    expect(byPhone.leads.map((l) => l.id).sort()).toEqual([leadA.id, leadB.id].sort());

    const nobody = await ops(a, 'export', { phone, email: uniqueEmail() });
    expect(nobody.status).toBe(404);
    expect(await nobody.json()).toMatchObject({
      error: { code: 'no_match', message: expect.stringMatching(/No record carries every identifier/) },
    });
  });

  it('a Medicare lead without phone or email is found by first name, last name and zip, and only by all three', async () => {
    const last = `Nocontact${crypto.randomUUID().slice(0, 6)}`;
    const v = visitor('bh');
    await finishMedicare(v, [], { phone: '', email: '' }, {}, { firstName: 'Mabel', lastName: last, zipcode: '33101' });
    const lead = await leadOf(v.id);
    const found = await (
      await ops(v, 'export', { firstName: ' mabel ', lastName: last.toUpperCase(), zip: '33101' })
    ).json<Dump>();
    expect(found.leads.map((l) => l.id)).toEqual([lead.id]);
    expect((await ops(v, 'export', { firstName: 'Mabel', lastName: last, zip: '33102' })).status).toBe(404);
    expect((await ops(v, 'export', { firstName: 'Other', lastName: last, zip: '33101' })).status).toBe(404);
    const partial = await ops(v, 'export', { lastName: last, zip: '33101' });
    expect(partial.status).toBe(400);
    expect(await partial.json()).toMatchObject({ error: { code: 'invalid_subject' } });
  });

  it('bad identifiers are a 400 naming the problem', async () => {
    const v = visitor('bh');
    const res = await ops(v, 'export', { phone: '12' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'invalid_subject', issues: { errors: [expect.stringMatching(/^phone:/)] } },
    });
    const unknownField = await ops(v, 'export', { phone: uniquePhone(), ssn: '1' });
    expect(unknownField.status).toBe(400);
    expect(await unknownField.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });
});

describe('delete: a preview first, then only what the operator confirmed, everywhere', () => {
  it('Medicare lead with a company ticked: gone from D1, the R2 archive, the Durable Object and KV; a deletion request at each partner; nothing personal logged', async () => {
    const phone = uniquePhone();
    const email = uniqueEmail();
    const v = visitor('bh');
    await finishMedicare(v, ['harbor-licensed-agents'], { phone, email });
    const lead = await leadOf(v.id);
    // The company's own delivery records it as a recipient (lead_recipients) with the company's reference.
    const reference = (
      await pollUntil(
        () =>
          env.DB.prepare('SELECT reference FROM lead_recipients WHERE lead_id = ? AND recipient = ?')
            .bind(lead.id, 'harbor-licensed-agents')
            .first<{ reference: string | null }>(),
        (row) => row !== null,
        15_000,
      )
    )?.reference;
    expect(reference).toMatch(/^sl-/);
    // Someone else with the same phone must survive the delete.
    const other = visitor('bh');
    await finishMedicare(other, [], { phone, email: uniqueEmail() });
    const otherLead = await leadOf(other.id);
    // The visitor's events are stored and archived by the queue consumer.
    await pollUntil(
      () => count(`SELECT COUNT(*) AS n FROM events WHERE anonymous_id = ? AND event = 'leadCreated'`, v.id),
      (n) => n === 1,
      15_000,
    );
    expect((await archivedEventsOf(v.id)).length).toBeGreaterThan(0);
    const ipKey = await ipCacheKey(v.ip);
    await env.CACHE.put(ipKey, JSON.stringify({ cached: true }));

    // Preview: what matched, with the partners that will be asked; nothing deleted.
    const previewRes = await ops(v, 'delete', { phone, email });
    expect(previewRes.status).toBe(200);
    const preview = await previewRes.json<Preview>();
    expect(preview).toMatchObject({ preview: true, deleted: null });
    expect(preview.matched.map((m) => m.id)).toEqual([lead.id]);
    // MediaAlpha is not a company this visitor ticked: it received nothing personal, so it is owed no deletion.
    expect(preview.matched[0]?.partners.sort()).toEqual(['harbor-licensed-agents']);
    expect(await count('SELECT COUNT(*) AS n FROM leads WHERE id = ?', lead.id)).toBe(1);

    // An id the request does not match (the other person's lead) refuses the whole delete.
    const wrong = await ops(v, 'delete', { phone, email, leads: [lead.id, otherLead.id] });
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toMatchObject({ error: { code: 'not_matched', issues: { leads: [otherLead.id] } } });
    expect(await count('SELECT COUNT(*) AS n FROM leads WHERE id IN (?, ?)', lead.id, otherLead.id)).toBe(2);

    const logged: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      });
    const deleted = await ops(v, 'delete', { phone, email, leads: [lead.id] });
    expect(deleted.status).toBe(200);
    const result = await deleted.json<{
      deleted: { leads: number; visitors: number; partners: number };
      certificatesKept: string[];
      partnerDeletions: { recipient: string }[];
    }>();
    expect(result.deleted).toMatchObject({ leads: 1, visitors: 1, partners: 1 });
    expect(result.certificatesKept).toEqual([lead.certificate_id]);

    // D1: the lead and the visitor's events are gone; the other person's lead is not.
    expect(await count('SELECT COUNT(*) AS n FROM leads WHERE id = ?', lead.id)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM events WHERE anonymous_id = ?', v.id)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM lead_recipients WHERE lead_id = ?', lead.id)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM leads WHERE id = ?', otherLead.id)).toBe(1);
    // The Durable Object holds nothing.
    const stub = env.VISITOR.get(env.VISITOR.idFromName(v.key));
    expect(JSON.parse(await stub.exportState())).toEqual({ values: {}, steps: [] });
    // KV: the ip-quality entry of the lead's ip is gone.
    expect(await env.CACHE.get(ipKey)).toBeNull();
    // R2: the queued erasure rewrote every archive object that held the visitor.
    expect(
      await pollUntil(
        () => archivedEventsOf(v.id),
        (keys) => keys.length === 0,
        15_000,
      ),
    ).toEqual([]);
    // Partners: one deletion request each, naming the lead by id, with nothing personal.
    const requests = await awaitDeletionRequests(lead.id, 1);
    expect(requests.map((r) => r.path)).toEqual(['/sellers/harbor-licensed-agents/deletions']);
    expect(requests[0]?.body.lead_id).toBe(reference);
    expect(JSON.stringify(requests)).not.toContain(phone.replace(/\D/g, '').slice(3));
    expect(JSON.stringify(requests)).not.toContain(email);
    expect(
      await pollUntil(
        () => count(`SELECT COUNT(*) AS n FROM partner_deletions WHERE lead_id = ? AND status = 'sent'`, lead.id),
        (n) => n === 1,
        15_000,
      ),
    ).toBe(1);
    // Logs: neither the phone nor the email was written out.
    const digits = phone.replace(/\D/g, '');
    for (const line of logged) {
      expect(line).not.toContain(email);
      expect(line.replace(/\D/g, '')).not.toContain(digits);
    }
    // The audit names the subject by keyed fingerprints, never a plain SHA-256 of the phone.
    const audit = await env.DB.prepare(
      `SELECT action, subject_fingerprint FROM privacy_audit WHERE substr(subject_fingerprint, 1, 64) = ? ORDER BY at`,
    )
      .bind(await fingerprint('phone', phone))
      .all<{ action: string; subject_fingerprint: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(expect.arrayContaining(['preview', 'delete']));
    expect(JSON.stringify(audit.results)).not.toContain(await plainSha256(`+1${digits}`));

    // Again: nobody matches any more, said clearly, nothing deleted.
    const again = await ops(v, 'delete', { phone, email });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'no_match' } });
  });

  it('auto lead delivered to QuoteWizard: the deletion request reaches QuoteWizard with its own lead id', async () => {
    const phone = uniquePhone();
    const email = uniqueEmail();
    const v = visitor('tqg');
    await finishAuto(v, '/compare-auto', { driver1Phone: phone, driver1Email: email });
    const delivered = await pollUntil(
      () =>
        env.DB.prepare('SELECT id, quotewizard_status, quotewizard_id FROM leads WHERE visitor_id = ?')
          .bind(v.id)
          .first<{ id: string; quotewizard_status: string | null; quotewizard_id: string | null }>(),
      (row) => row?.quotewizard_status === 'accepted',
      15_000,
    );
    expect(delivered?.quotewizard_status).toBe('accepted');
    const leadId = delivered?.id ?? '';
    const preview = await (await ops(v, 'delete', { email, phone })).json<Preview>();
    expect(preview.matched[0]?.partners).toContain('quotewizard');
    expect((await ops(v, 'delete', { email, phone, leads: [leadId] })).status).toBe(200);
    const requests = await awaitDeletionRequests(leadId, 2);
    const qw = requests.find((r) => r.path === '/quotewizard/deletions');
    expect(qw?.body).toMatchObject({ external_id: leadId, lead_id: delivered?.quotewizard_id });
    expect(await deletionRequestsFor(leadId)).toHaveLength(requests.length);
  });
});
