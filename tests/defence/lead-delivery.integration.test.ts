import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { brandByCode } from '../../brands';
import { HONEYPOT_FIELD } from '../../src/shared/defence';
import { formDefinition } from '../../src/shared/forms';
import { autoContactOf, finishAuto } from '../support/auto-funnel';
import { finishMedicare, medicareContactOf } from '../support/consent';
import { hiddenFieldsOf, visitor, type Visitor } from '../support/funnel';
import { asIfTaken } from '../support/pace';
import { pollUntil } from '../support/poll';
import { sandboxScope, type SandboxScope } from '../support/sandbox';
import { passedTurnstile } from '../support/turnstile';

/**
 * Only a real person's lead reaches a buyer, once. Each test does what a visitor or an attacker
 * does, through the Worker, and looks where the effect lands: the lead's D1 row (status,
 * verdict, delivery and why not), the partner sandbox's record of calls (QuoteWizard, the
 * Medicare companies, MediaAlpha's get-phone), and the number the visitor is shown.
 */
const bhSellers = brandByCode('bh')?.consent.medicare?.sellers ?? [];
// A delivery the sandbox answers late on a loaded run is retried after the queue's 10 s backoff
// (delivery-rules.ts): a barrier waits past one retry, and each test past its barrier.
const WAIT_MS = 40_000;
vi.setConfig({ testTimeout: 90_000 });

interface DeliveryRow {
  id: string;
  status: string;
  delivery: string | null;
  withheld_reasons: string | null;
  duplicate_of: string | null;
  trust_verdict: string | null;
  trust_reasons: string | null;
  turnstile: string | null;
  quotewizard_status: string | null;
  certificate_id: string | null;
  form: string;
  brand: string;
}

async function leadRows(v: Visitor): Promise<DeliveryRow[]> {
  const rows = await env.DB.prepare(
    `SELECT id, status, delivery, withheld_reasons, duplicate_of, trust_verdict, trust_reasons, turnstile, quotewizard_status,
            certificate_id, form, brand
     FROM leads WHERE visitor_id = ? ORDER BY created_at`,
  )
    .bind(v.id)
    .all<DeliveryRow>();
  return rows.results;
}

async function leadRow(v: Visitor): Promise<DeliveryRow> {
  const [row] = await leadRows(v);
  expect(row, 'the lead is stored').toBeDefined();
  return row as DeliveryRow;
}

const reasons = (text: string | null): string[] => JSON.parse(text ?? '[]') as string[];

/** The number the page asks for after the final step, as the island does; returns the sandbox's get-phone calls. */
async function numberAfterLead(v: Visitor, sb: SandboxScope, product: 'auto' | 'medicare', page: string) {
  const res = await v.fetch('/api/mediaalpha/get-phone', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product, page }),
  });
  expect(res.status).toBe(200);
  const body = await res.json<{ phone: { href: string } }>();
  expect(body.phone.href, 'the visitor still sees a number to call').toMatch(/^tel:\+1\d{10}$/);
  return sb.calls('mediaalpha', '/get-phone');
}

/**
 * A barrier on the queue: a second visitor from the same scope finishes with Turnstile passing and
 * its lead is delivered. Once it has been, the queue has run past the lead under test.
 */
async function autoBarrier(sb: SandboxScope): Promise<Visitor> {
  const barrier = visitor('ps', { ip: sb.ip });
  await finishAuto(barrier);
  const row = await pollUntil(
    () => leadRow(barrier),
    (r) => r.quotewizard_status === 'accepted',
    WAIT_MS,
  );
  expect(row.quotewizard_status).toBe('accepted');
  return barrier;
}

/** Every step of a Medicare form on `path` as the island posts it, the last at a person's pace; returns the final reply. */
async function finishMedicareJson(
  v: Visitor,
  path: string,
  form: 'medicare' | 'quiz-otc' | 'quiz-medicare',
  phone: string,
  extra: Record<string, unknown> = {},
) {
  const def = formDefinition(form);
  const last = def.steps[def.steps.length - 1];
  const answers: Record<string, Record<string, unknown>> = {
    zip: { zipcode: '33101' },
    medicare: { haveMedicare: true },
    medicaid: { haveMedicaid: false },
    name: { firstName: 'Ada', lastName: 'Lovelace' },
  };
  for (const step of def.steps.slice(0, -1)) {
    const res = await v.api({
      submissionId: crypto.randomUUID(),
      page: path,
      step: step.name,
      values: answers[step.name],
    });
    expect(res.status, step.name).toBe(200);
  }
  // `?edit=1`: a visitor who finished a form of the product sees the confirmation first; this one answers again.
  const hidden = hiddenFieldsOf(await (await v.get(`${path}/${last?.name}?edit=1`)).text());
  await asIfTaken(v);
  const res = await v.api({
    submissionId: crypto.randomUUID(),
    page: path,
    step: last?.name,
    values: { phone, [`consentSeller:${bhSellers[0]?.id}`]: 'yes' },
    consentVersion: hidden.consentVersion,
    quoteToken: hidden.quoteToken,
    turnstileToken: passedTurnstile(v.origin, form),
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.json<{ completed: boolean; shared?: boolean }>();
}

describe('delivery needs a verified human', () => {
  it('a script without JavaScript or a Turnstile token: the auto lead is stored, withheld, and nothing personal reaches a partner', async () => {
    const sb = sandboxScope();
    const script = visitor('ps', { ip: sb.ip, userAgent: 'python-requests/2.32' });
    await finishAuto(script, '/save-auto', { 'cf-turnstile-response': '' });
    const row = await leadRow(script);
    expect(row).toMatchObject({ status: 'complete', delivery: 'withheld', turnstile: 'unverified' });
    expect(reasons(row.trust_reasons)).toContain('turnstile-unverified');
    expect(reasons(row.withheld_reasons)).toEqual(['verdict']);
    // The visitor still gets a number; MediaAlpha's call carries no name, phone, email or address.
    const calls = await numberAfterLead(script, sb, 'auto', 'save-auto');
    const own = autoContactOf(script);
    const sent = JSON.stringify(calls);
    for (const raw of ['Grace', 'Hopper', own.digits, own.driver1Email, '1 Main St']) expect(sent).not.toContain(raw);
    const barrier = await autoBarrier(sb);
    const qw = await sb.calls('quotewizard', '/v1/leads/auto');
    // Distinct leads: a post the sandbox answered after our timeout is sent again with the same
    // Idempotency-Key (the buyer keeps one), so a loaded run can show the barrier's lead twice.
    const delivered = new Set(qw.map((c) => (c.body as { drivers: { email: string }[] }).drivers[0]?.email));
    expect([...delivered]).toEqual([autoContactOf(barrier).driver1Email]);
    expect((await leadRow(script)).quotewizard_status).toBeNull();
  });

  it('the same walk with Turnstile passing is delivered to QuoteWizard with its certificate', async () => {
    const sb = sandboxScope();
    const person = visitor('ps', { ip: sb.ip });
    await finishAuto(person);
    const row = await pollUntil(
      () => leadRow(person),
      (r) => r.quotewizard_status === 'accepted',
      WAIT_MS,
    );
    expect(row).toMatchObject({
      status: 'complete',
      delivery: 'delivered',
      trust_verdict: 'clean',
      turnstile: 'passed',
    });
    const [call] = await sb.calls('quotewizard', '/v1/leads/auto');
    expect((call?.body as { tcpa: Record<string, unknown> }).tcpa).toMatchObject({
      consented: true,
      certificate_id: row.certificate_id,
      certificate_url: `http://ps.localhost/certificates/${row.certificate_id}`,
    });
  });

  it('a Medicare lead without a token reaches none of the companies ticked', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    await finishMedicare(v, [bhSellers[0]?.id ?? ''], medicareContactOf(v), { turnstile: false });
    expect(await leadRow(v)).toMatchObject({ status: 'complete', delivery: 'withheld' });
    const withToken = visitor('bh', { ip: sb.ip });
    await finishMedicare(withToken, [bhSellers[0]?.id ?? '']);
    const calls = await pollUntil(
      () => sb.calls('sellers'),
      (c) => c.length > 0,
      WAIT_MS,
    );
    // Only the lead with a passing token was sent (the one without was never queued).
    expect(calls.map((c) => (c.body as { lead_id: string }).lead_id)).toEqual([(await leadRow(withToken)).id]);
  });
});

describe('Turnstile as Cloudflare documents it', () => {
  it('one token replayed by three visitors: the first passes, the others are refused as reused and judged bot', async () => {
    const token = passedTurnstile('http://bh.localhost', 'medicare');
    const results: DeliveryRow[] = [];
    for (let i = 0; i < 3; i += 1) {
      const v = visitor('bh');
      await finishMedicare(v, [bhSellers[0]?.id ?? ''], medicareContactOf(v), {
        turnstile: false,
        extra: { 'cf-turnstile-response': token },
      });
      results.push(await leadRow(v));
    }
    expect(results.map((r) => r.turnstile)).toEqual(['passed', 'reused', 'reused']);
    expect(results.map((r) => r.trust_verdict)).toEqual(['clean', 'bot', 'bot']);
    for (const r of results.slice(1)) expect(reasons(r.trust_reasons)).toContain('turnstile-reused');
    expect(results.map((r) => r.delivery)).toEqual(['delivered', 'withheld', 'withheld']);
  });

  it('a token minted on another brand host, or for another form, fails', async () => {
    const otherHost = visitor('bh');
    await finishMedicare(otherHost, [bhSellers[0]?.id ?? ''], medicareContactOf(otherHost), {
      turnstile: false,
      extra: { 'cf-turnstile-response': passedTurnstile('http://m10.localhost', 'medicare') },
    });
    expect(await leadRow(otherHost)).toMatchObject({ turnstile: 'failed', trust_verdict: 'bot', delivery: 'withheld' });
    const otherForm = visitor('bh');
    await finishMedicare(otherForm, [bhSellers[0]?.id ?? ''], medicareContactOf(otherForm), {
      turnstile: false,
      extra: { 'cf-turnstile-response': passedTurnstile('http://bh.localhost', 'auto') },
    });
    expect(await leadRow(otherForm)).toMatchObject({ turnstile: 'failed', trust_verdict: 'bot' });
  });
});

describe('one person, one lead', () => {
  it('one phone across three visitors and two brands: one delivered lead, the others duplicates of it', async () => {
    // Three people's networks (each its own ip): the form-post limits of one address are not the subject here.
    const scopes = [sandboxScope(), sandboxScope(), sandboxScope()];
    const [first, second, third] = [
      visitor('ps', { ip: scopes[0]?.ip }),
      visitor('tqg', { ip: scopes[1]?.ip }),
      visitor('ps', { ip: scopes[2]?.ip }),
    ] as const;
    const shared = autoContactOf(first);
    await finishAuto(first, '/save-auto', { driver1Phone: shared.driver1Phone, driver1Email: shared.driver1Email });
    await finishAuto(second, '/save-auto', { driver1Phone: shared.driver1Phone, driver1Email: shared.driver1Email });
    // Another email, the same phone: still the same person.
    await finishAuto(third, '/save-auto', { driver1Phone: shared.driver1Phone });
    const a = await leadRow(first);
    expect(a).toMatchObject({ status: 'complete', delivery: 'delivered', duplicate_of: null });
    for (const v of [second, third]) {
      const row = await leadRow(v);
      expect(row).toMatchObject({ status: 'duplicate', delivery: 'withheld', duplicate_of: a.id });
      expect(reasons(row.withheld_reasons)).toContain('duplicate');
      const queued = await env.DB.prepare('SELECT COUNT(*) AS n FROM lead_deliveries WHERE lead_id = ?')
        .bind(row.id)
        .first<{ n: number }>();
      expect(queued?.n, 'a duplicate is never queued to anyone').toBe(0);
    }
    expect((await leadRow(second)).brand).toBe('tqg');
    await pollUntil(
      () => leadRow(first),
      (r) => r.quotewizard_status === 'accepted',
      WAIT_MS,
    );
    expect(await scopes[0]?.calls('quotewizard', '/v1/leads/auto')).toHaveLength(1);
  });

  it('one visitor, one phone, three Medicare forms: the first is delivered, the other two are duplicates', async () => {
    const v = visitor('bh');
    const phone = medicareContactOf(v).phone;
    const forms = [
      ['/get-yours-otc', 'medicare'],
      ['/quiz/otc', 'quiz-otc'],
      ['/quiz/medicare', 'quiz-medicare'],
    ] as const;
    for (const [path, form] of forms) expect((await finishMedicareJson(v, path, form, phone)).completed).toBe(true);
    const rows = new Map((await leadRows(v)).map((r) => [r.form, r]));
    expect([...rows.keys()].sort()).toEqual(['medicare', 'quiz-medicare', 'quiz-otc']);
    const first = rows.get('medicare');
    expect(first).toMatchObject({ status: 'complete', delivery: 'delivered', duplicate_of: null });
    for (const form of ['quiz-otc', 'quiz-medicare'])
      expect(rows.get(form), form).toMatchObject({
        status: 'duplicate',
        delivery: 'withheld',
        duplicate_of: first?.id,
      });
  });
});

describe('the verdict is recomputed on every submission', () => {
  it('clean, then a resubmission with the honeypot filled: the lead becomes bot, keeps both reasons, stays delivered (flagged for review), and nothing more is sent', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    const seller = bhSellers[0]?.id ?? '';
    await finishMedicare(v, [seller]);
    const clean = await leadRow(v);
    expect(clean).toMatchObject({ trust_verdict: 'clean', delivery: 'delivered' });
    await pollUntil(
      () => sb.calls('sellers'),
      (c) => c.length === 1,
      WAIT_MS,
    );
    // The same visitor goes back (edit) and posts the final step again, now with the hidden field
    // filled and a disposable email, as a browser would post the page's form.
    const page = hiddenFieldsOf(await (await v.get('/get-yours-otc/contact?edit=1')).text());
    const again = await v.post('/get-yours-otc/contact?edit=1', {
      ...page,
      submissionId: crypto.randomUUID(),
      phone: medicareContactOf(v).phone,
      email: 'x@mailinator.com',
      [`consentSeller:${seller}`]: 'yes',
      'cf-turnstile-response': passedTurnstile(v.origin, 'medicare'),
      [HONEYPOT_FIELD]: 'https://spam.example',
    });
    expect(again.status).toBe(303);
    const after = await leadRow(v);
    expect(after.id).toBe(clean.id);
    // What happened stays on the row: it was delivered, to the company ticked; the resubmission
    // adds its reasons and flags the lead for review, and cannot unsend it.
    expect(after).toMatchObject({
      trust_verdict: 'bot',
      delivery: 'delivered',
      status: 'complete',
      withheld_reasons: null,
    });
    expect(reasons(after.trust_reasons)).toEqual(expect.arrayContaining(['honeypot', 'disposable-email']));
    const kept = await env.DB.prepare('SELECT recipients, flagged_after_delivery FROM leads WHERE id = ?')
      .bind(clean.id)
      .first<{ recipients: string; flagged_after_delivery: string | null }>();
    expect((JSON.parse(kept?.recipients ?? '[]') as { id: string }[]).map((r) => r.id)).toEqual([seller]);
    expect(reasons(kept?.flagged_after_delivery ?? null)).toEqual(['verdict']);
    // Its one delivery stays the one made before; the resubmission queued nothing.
    const deliveries = await env.DB.prepare('SELECT recipient, status FROM lead_deliveries WHERE lead_id = ?')
      .bind(clean.id)
      .all<{ recipient: string; status: string }>();
    expect(deliveries.results).toHaveLength(1);
    expect((await sb.calls('sellers')).length).toBe(1);
  });
});
