import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { claimKey } from '../../src/worker/funnel/claim-key';
import { autoContactOf, finishAuto } from '../support/auto-funnel';
import { finishMedicare, jwsPayload, medicareContactOf, verifyWithJwks } from '../support/consent';
import { visitor, type Visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { freshIp, sandboxScope } from '../support/sandbox';

/**
 * The operator's review of withheld leads (src/worker/review/), as the operator and an attacker
 * meet it through the Worker: the queue's evidence with nothing personal, a release that is
 * judged by every rule but the verdict and lands once in the partner sandbox, a rejection that
 * keeps the lead, and refusals that name the rule and change nothing.
 */
const WAIT_MS = 15_000;
const TOKEN = { authorization: 'Bearer test-report-token' };
const bhSellers = brandByCode('bh')?.consent.medicare?.sellers ?? [];

/**
 * An operator at a network of their own (each token attempt counts against the per-network
 * sign-in limit, so tests never share one), sending from the brand's own origin as the write guard requires.
 */
function operator() {
  const ip = freshIp();
  return (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    SELF.fetch(`http://ps.localhost${path}`, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...TOKEN,
        origin: 'http://ps.localhost',
        'cf-connecting-ip': ip,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
    });
}
type Ops = ReturnType<typeof operator>;

interface Entry {
  id: string;
  brand: string;
  product: string;
  withheld_reasons: string[];
  trust: { verdict: string | null; reasons: string[]; turnstile: string | null };
  review: { action: string; by: string; at: string; recipients: { id: string }[] } | null;
}

async function queue(ops: Ops, state = 'pending'): Promise<{ entries: Entry[]; text: string }> {
  const res = await ops(`/ops/review?state=${state}&limit=500&format=json`);
  expect(res.status).toBe(200);
  const text = await res.text();
  return { entries: (JSON.parse(text) as { leads: Entry[] }).leads, text };
}

interface Row {
  id: string;
  delivery: string;
  withheld_reasons: string | null;
  quotewizard_status: string | null;
  certificate_id: string | null;
}

async function leadRow(v: Visitor): Promise<Row> {
  const row = await env.DB.prepare(
    'SELECT id, delivery, withheld_reasons, quotewizard_status, certificate_id FROM leads WHERE visitor_id = ?',
  )
    .bind(v.id)
    .first<Row>();
  expect(row, 'the lead is stored').not.toBeNull();
  return row as Row;
}

async function deliveriesOf(leadId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM lead_deliveries WHERE lead_id = ?')
    .bind(leadId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** A lead posted without JavaScript (no Turnstile token): complete, withheld for its verdict. */
async function unverifiedAutoLead(ip: string): Promise<{ v: Visitor; row: Row }> {
  const v = visitor('ps', { ip });
  await finishAuto(v, '/save-auto', { 'cf-turnstile-response': '' });
  const row = await leadRow(v);
  expect(row.delivery).toBe('withheld');
  expect(JSON.parse(row.withheld_reasons ?? '[]')).toEqual(['verdict']);
  return { v, row };
}

describe('the review queue is the operator’s', () => {
  it('no token: 401 JSON for the queue and for a release; a bad body: 400 JSON naming it; another site: 403', async () => {
    const ops = operator();
    const anonymous = await SELF.fetch('http://ps.localhost/ops/review?format=json');
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json<{ error: { code: string } }>()).error.code).toBe('unauthorized');
    const release = await SELF.fetch('http://ps.localhost/ops/review/x/release', {
      method: 'POST',
      headers: { origin: 'http://ps.localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ by: 'Mallory' }),
    });
    expect(release.status).toBe(401);

    const { row } = await unverifiedAutoLead(sandboxScope().ip);
    for (const body of [{}, { by: '' }, { by: 'Dana', extra: 1 }, '{not json']) {
      const res = await ops(`/ops/review/${row.id}/release`, { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (await res.json<{ error: { code: string; message: string } }>()).error;
      expect(['invalid_request', 'invalid_json']).toContain(error.code);
      expect(error.message).toBeTruthy();
    }
    const filters = await ops('/ops/review?state=maybe&format=json');
    expect(filters.status).toBe(400);
    expect((await filters.json<{ error: { code: string } }>()).error.code).toBe('invalid_filters');
    const crossSite = await ops(`/ops/review/${row.id}/release`, {
      method: 'POST',
      body: { by: 'Dana' },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    // Nothing of it was recorded.
    const after = await env.DB.prepare('SELECT delivery FROM leads WHERE id = ?')
      .bind(row.id)
      .first<{ delivery: string }>();
    expect(after?.delivery).toBe('withheld');
    expect(await env.DB.prepare('SELECT 1 FROM lead_reviews WHERE lead_id = ?').bind(row.id).first()).toBeNull();
  });
});

describe('release', () => {
  it('an unverified auto lead: listed with its evidence and nothing personal; released, it reaches QuoteWizard once; a second release is refused', async () => {
    const ops = operator();
    const sb = sandboxScope();
    const { v, row } = await unverifiedAutoLead(sb.ip);
    const { entries, text } = await queue(ops);
    const entry = entries.find((e) => e.id === row.id);
    expect(entry).toMatchObject({ brand: 'ps', product: 'auto', withheld_reasons: ['verdict'], review: null });
    expect(entry?.trust).toMatchObject({ verdict: 'suspect', turnstile: 'unverified' });
    expect(entry?.trust.reasons).toContain('turnstile-unverified');
    const own = autoContactOf(v);
    for (const personal of ['Grace', 'Hopper', own.digits, own.driver1Email, '1 Main St', v.ip, '60601'])
      expect(text, 'the queue shows nothing personal').not.toContain(personal);

    const released = await ops(`/ops/review/${row.id}/release`, { method: 'POST', body: { by: 'Dana (ops)' } });
    expect(released.status).toBe(200);
    const body = await released.json<{ review: { by: string; recipients: { id: string }[]; overrode: string[] } }>();
    expect(body.review).toMatchObject({ by: 'Dana (ops)', overrode: ['verdict'] });
    expect(body.review.recipients.map((r) => r.id)).toEqual(['quotewizard']);

    const delivered = await pollUntil(
      () => leadRow(v),
      (r) => r.quotewizard_status === 'accepted',
      WAIT_MS,
    );
    expect(delivered.delivery).toBe('delivered');
    const calls = await sb.calls('quotewizard', '/v1/leads/auto');
    expect(calls.map((c) => (c.body as { drivers: { email: string }[] }).drivers[0]?.email)).toEqual([
      own.driver1Email,
    ]);

    const again = await ops(`/ops/review/${row.id}/release`, { method: 'POST', body: { by: 'Sam' } });
    expect(again.status).toBe(409);
    const error = (await again.json<{ error: { code: string; issues: { by: string } } }>()).error;
    expect(error).toMatchObject({ code: 'already_reviewed', issues: { by: 'Dana (ops)' } });
    expect(await deliveriesOf(row.id)).toBe(1);
    expect(await sb.calls('quotewizard', '/v1/leads/auto')).toHaveLength(1);

    const listed = (await queue(ops, 'released')).entries.find((e) => e.id === row.id);
    expect(listed?.review).toMatchObject({ action: 'released', by: 'Dana (ops)' });
    expect(Date.parse(listed?.review?.at ?? '')).not.toBeNaN();
    expect(
      (await queue(ops)).entries.some((e) => e.id === row.id),
      'no longer pending',
    ).toBe(false);
  });

  it('a Medicare lead without a token, released: the company the visitor ticked receives it once; the certificate stays, the release is signed beside it', async () => {
    const ops = operator();
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    const seller = bhSellers[0]?.id ?? '';
    await finishMedicare(v, [seller], medicareContactOf(v), { turnstile: false });
    const row = await leadRow(v);
    expect(row.delivery).toBe('withheld');
    const certificate = await env.DB.prepare('SELECT jws FROM lead_certificates WHERE lead_id = ?')
      .bind(row.id)
      .first<{ jws: string }>();
    expect(jwsPayload(certificate?.jws ?? '').recipients, 'signed when it was withheld').toEqual([]);

    const res = await ops(`/ops/review/${row.id}/release`, { method: 'POST', body: { by: 'Dana' } });
    expect(res.status).toBe(200);
    const { review } = await res.json<{ review: { statement: string; certificate_id: string } }>();
    const calls = await pollUntil(
      () => sb.calls('sellers'),
      (c) => c.length > 0,
      WAIT_MS,
    );
    expect(calls.map((c) => (c.body as { lead_id: string }).lead_id)).toEqual([row.id]);
    // Delivered by the release, it claims its person's first lead as a delivery does: the claims are
    // what keep it in the duplicate window once it has moved to R2 (first_leads alone holds the window).
    const lead = await env.DB.prepare('SELECT product, phone_fingerprint, email_fingerprint FROM leads WHERE id = ?')
      .bind(row.id)
      .first<{ product: string; phone_fingerprint: string; email_fingerprint: string }>();
    const claims = await env.DB.prepare(
      'SELECT product, kind, fingerprint FROM first_leads WHERE lead_id = ? ORDER BY kind',
    )
      .bind(row.id)
      .all<{ product: string; kind: string; fingerprint: string }>();
    expect(claims.results).toEqual([
      { product: 'medicare', kind: 'email', fingerprint: claimKey(lead?.email_fingerprint ?? '') },
      { product: 'medicare', kind: 'phone', fingerprint: claimKey(lead?.phone_fingerprint ?? '') },
    ]);
    expect(lead?.product).toBe('medicare');
    // The certificate is the same one, unchanged; the release names it and who receives the lead.
    const after = await env.DB.prepare('SELECT jws FROM lead_certificates WHERE lead_id = ?')
      .bind(row.id)
      .first<{ jws: string }>();
    expect(after?.jws).toBe(certificate?.jws);
    const jwks = await (
      await v.get('/.well-known/lead-certificates.json')
    ).json<{
      keys: { kid: string; kty: string; crv: string; x: string }[];
    }>();
    expect(await verifyWithJwks(review.statement, jwks)).toBe(true);
    // Public beside the certificate, as buyers read it (no token).
    const published = await v.get(`/certificates/${row.certificate_id}/release`);
    expect(published.status).toBe(200);
    expect((await published.json<{ jws: string }>()).jws).toBe(review.statement);
    expect(jwsPayload(review.statement)).toMatchObject({
      type: 'lead-release',
      lead_id: row.id,
      certificate_id: row.certificate_id,
      overrode: ['verdict'],
      recipients: [{ id: seller, name: bhSellers[0]?.name }],
    });
  });
});

describe('release judges every rule but the verdict', () => {
  it('a lead withheld for the visitor’s Global Privacy Control: refused, naming the rule; nothing changes', async () => {
    const ops = operator();
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    await v.fetch('/get-yours-otc', { headers: { 'sec-gpc': '1' } });
    await finishMedicare(v, [bhSellers[0]?.id ?? '']);
    const row = await leadRow(v);
    expect(JSON.parse(row.withheld_reasons ?? '[]')).toContain('opted_out');
    const res = await ops(`/ops/review/${row.id}/release`, { method: 'POST', body: { by: 'Dana' } });
    expect(res.status).toBe(409);
    const error = (await res.json<{ error: { code: string; message: string; issues: { rule: string } } }>()).error;
    expect(error).toMatchObject({ code: 'release_refused', issues: { rule: 'opted_out' } });
    expect(error.message).toContain('opted out');
    expect((await leadRow(v)).delivery).toBe('withheld');
    expect(await deliveriesOf(row.id)).toBe(0);
    expect(await env.DB.prepare('SELECT 1 FROM lead_reviews WHERE lead_id = ?').bind(row.id).first()).toBeNull();
  });

  it('a do-not-sell request filed after the lead was withheld for its verdict: the release is refused', async () => {
    const ops = operator();
    const sb = sandboxScope();
    const { v, row } = await unverifiedAutoLead(sb.ip);
    // Someone else's browser, the same person's email: the request is for the contact, not the visitor.
    const request = await visitor('ps').post('/do-not-sell', { email: autoContactOf(v).driver1Email, phone: '' });
    expect(request.status).toBeLessThan(400);
    const res = await ops(`/ops/review/${row.id}/release`, { method: 'POST', body: { by: 'Dana' } });
    expect(res.status).toBe(409);
    expect((await res.json<{ error: { issues: { rule: string } } }>()).error.issues.rule).toBe('opted_out');
    expect(await deliveriesOf(row.id)).toBe(0);
    expect((await leadRow(v)).quotewizard_status).toBeNull();
  });
});

describe('reject', () => {
  it('a rejected lead stays withheld, says who rejected it and when, and cannot be released afterwards', async () => {
    const ops = operator();
    const { v, row } = await unverifiedAutoLead(sandboxScope().ip);
    const res = await ops(`/ops/review/${row.id}/reject`, { method: 'POST', body: { by: 'Robin' } });
    expect(res.status).toBe(200);
    expect((await leadRow(v)).delivery).toBe('withheld');
    const listed = (await queue(ops, 'rejected')).entries.find((e) => e.id === row.id);
    expect(listed?.review).toMatchObject({ action: 'rejected', by: 'Robin' });
    const release = await ops(`/ops/review/${row.id}/release`, { method: 'POST', body: { by: 'Dana' } });
    expect(release.status).toBe(409);
    expect((await release.json<{ error: { code: string } }>()).error.code).toBe('already_reviewed');
    expect(await deliveriesOf(row.id)).toBe(0);
    expect(row.certificate_id).toBeTruthy();
    expect((await v.get(`/certificates/${row.certificate_id}/release`)).status, 'no release, no statement').toBe(404);
  });

  it('the page: the same queue as HTML, with a release and a reject form per pending lead, nothing personal', async () => {
    const ops = operator();
    const { v, row } = await unverifiedAutoLead(sandboxScope().ip);
    const res = await ops('/ops/review', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain(`action="/ops/review/${row.id}/release"`);
    expect(html).toContain(`action="/ops/review/${row.id}/reject"`);
    for (const personal of ['Hopper', autoContactOf(v).driver1Email, autoContactOf(v).digits])
      expect(html).not.toContain(personal);
    // The page's form post (urlencoded, same origin, the session or token) goes back to the queue.
    const posted = await ops(`/ops/review/${row.id}/reject`, {
      method: 'POST',
      body: new URLSearchParams({ by: 'Robin' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(303);
    expect((await queue(ops, 'rejected')).entries.find((e) => e.id === row.id)?.review?.by).toBe('Robin');
  });
});
