import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { consentDisclosure, currentConsent } from '../../src/shared/consent';
import { certifyLead } from '../../src/worker/consent/certificate';
import { recordLead } from '../../src/worker/funnel/leads';
import { visitor } from '../support/funnel';
import { sandboxScope } from '../support/sandbox';
import {
  consentPage,
  finishMedicare,
  jwsPayload,
  leadOf,
  sha256Hex,
  verifyWithJwks,
  type ConsentLeadRow,
} from '../support/consent';

/**
 * The Medicare consent names the button the step shows, "Talk to a licensed agent", and never
 * places the company boxes "below" or "above" (2026-12-15-medicare, and the current 2026-12-22-medicare). The
 * published version it replaces (2026-12-01-medicare) is kept word for word: a lead certified
 * under it still resolves its hash through the catalog and its certificate still verifies.
 */
const bh = brandByCode('bh');
const sellers = bh?.consent.medicare?.sellers ?? [];

describe('a new Medicare consent version beside the old one', () => {
  it('the contact step shows the new version, its button says what the text names, and the lead stores it', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    const page = await finishMedicare(v, [sellers[0]?.id ?? '']);
    expect(page.version).toBe('2026-12-22-medicare');
    const shown = currentConsent('english', 'Benefit Helpers', 'medicare');
    expect(shown.text).toContain('clicking "Talk to a licensed agent"');
    expect(shown.text).not.toMatch(/\bbelow\b|\babove\b/);
    // The step's main button carries the label the text names (the hidden Enter default and the visible one).
    expect(page.html.match(/<button[^>]*class="btn"[^>]*>([^<]*)<\/button>/)?.[1]).toBe('Talk to a licensed agent');
    const lead = await leadOf(v.id);
    expect(lead.consent_version).toBe('2026-12-22-medicare');
    expect(lead.consent_sha256).toBe(await sha256Hex(shown.text));
    expect(lead.certificate_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the Spanish contact step names "Hablar con un agente" in text and button', async () => {
    const v = visitor('m10es');
    await v.get('/get-yours-otc-es');
    const page = await consentPage(v, '/get-yours-otc-es/contact');
    expect(page.version).toBe('2026-12-22-medicare');
    expect(page.html).toContain('Al pulsar "Hablar con un agente"');
    expect(page.html.match(/<button[^>]*class="btn"[^>]*>([^<]*)<\/button>/)?.[1]).toBe('Hablar con un agente');
  });

  it('a lead certified under 2026-12-01-medicare still resolves its old text and its certificate verifies', async () => {
    const old = consentDisclosure('2026-12-01-medicare', 'english', 'Benefit Helpers');
    expect(old?.text).toContain('By ticking the box next to a company below and clicking "Get my quote"');
    expect(old?.action).toBe('Get my quote');
    // The lead as the Worker stored it before the new version: the version the page posted, its text's hash.
    const visitorId = crypto.randomUUID();
    const submissionId = crypto.randomUUID();
    await recordLead(env.DB, {
      brand: { id: 'bh', name: 'Benefit Helpers' },
      form: 'medicare',
      product: 'medicare',
      page: 'get-yours-otc',
      smid: null,
      xsmid: null,
      sessionId: null,
      paid: null,
      visitorId,
      submissionId,
      values: { zipcode: '33101', firstName: 'Ada', phone: '3055550199' },
      consentVersion: '2026-12-01-medicare',
      language: 'english',
      ip: '203.0.113.9',
      userAgent: 'test',
      pageUrl: 'http://bh.localhost/get-yours-otc/contact',
      quoteToken: { valid: true, check: 'ok' },
      consentAction: 'submit',
    });
    const certificateId = await certifyLead(env, {
      visitorId,
      visitorObject: null,
      form: 'medicare',
      submissionId,
      brand: { id: 'bh', name: 'Benefit Helpers' },
      language: 'english',
      fieldLabels: ['Phone number (optional)'],
      steps: [{ step: 'contact', at: new Date().toISOString() }],
      gpc: false,
      sellers: sellers.map((s, i) => ({ id: s.id, name: s.name, accepted: i === 0 })),
      disclaimerVersion: 'tpmo-2026-10-01',
      status: 'complete',
      recipients: [],
      partnerList: { version: 'test', sha256: '0'.repeat(64) },
      fingerprintSecret: env.LEAD_HASH_SALT ?? '',
    });
    expect(certificateId).toMatch(/^[0-9a-f-]{36}$/);
    const row = await env.DB.prepare('SELECT consent_version, consent_sha256 FROM leads WHERE visitor_id = ?')
      .bind(visitorId)
      .first<Pick<ConsentLeadRow, 'consent_version' | 'consent_sha256'>>();
    expect(row).toEqual({ consent_version: '2026-12-01-medicare', consent_sha256: await sha256Hex(old?.text ?? '') });

    const v = visitor('bh');
    const cert = await v.fetch(`/certificates/${certificateId}`, { headers: { accept: 'application/json' } });
    expect(cert.status).toBe(200);
    const { jws } = await cert.json<{ jws: string }>();
    const keys = await v.get('/.well-known/lead-certificates.json');
    expect(await verifyWithJwks(jws, await keys.json())).toBe(true);
    expect(jwsPayload(jws)).toMatchObject({
      consent: { version: '2026-12-01-medicare', sha256: row?.consent_sha256 },
    });
    const catalog = await v.get(`/api/consent-texts/${row?.consent_sha256}`);
    expect(catalog.status).toBe(200);
    expect(await catalog.json()).toMatchObject({ version: '2026-12-01-medicare', text: old?.text });
  });
});
