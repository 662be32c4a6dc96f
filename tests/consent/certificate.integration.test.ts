import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { currentConsent } from '../../src/shared/consent';
import { visitor } from '../support/funnel';
import { sandboxScope } from '../support/sandbox';
import {
  finishLife,
  finishMedicare,
  jwsPayload,
  jwsWithPayload,
  fingerprintOf,
  leadOf,
  medicareContactOf,
  sha256Hex,
  verifyWithJwks,
} from '../support/consent';

/**
 * Every lead gets a signed certificate (compact JWS, EdDSA over Ed25519)
 * that anyone can verify with the published JWKS, with no raw personal data in it; item 1:
 * the consent hash it names resolves through the public catalog.
 */
/** A certificate is signed only for consent given: a Medicare visitor ticks at least one company. */
const firstSeller = brandByCode('bh')?.consent.medicare?.sellers[0]?.id ?? '';

describe('lead certificates', () => {
  it('a Medicare lead carries a certificate that verifies with the published JWKS and names no personal value', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    const bh = brandByCode('bh');
    const sellers = bh?.consent.medicare?.sellers ?? [];
    await finishMedicare(v, [sellers[1]?.id ?? '']);
    const lead = await leadOf(v.id);
    expect(lead.certificate_id).toMatch(/^[0-9a-f-]{36}$/);

    const json = await v.fetch(`/certificates/${lead.certificate_id}`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(200);
    const { jws } = await json.json<{ jws: string }>();
    expect(jws.split('.')).toHaveLength(3);

    const keys = await v.get('/.well-known/lead-certificates.json');
    expect(keys.status).toBe(200);
    const jwks = await keys.json<{
      keys: { kid: string; kty: string; crv: string; x: string; alg: string; use: string }[];
    }>();
    expect(jwks.keys.length).toBeGreaterThanOrEqual(1);
    for (const k of jwks.keys) expect(k).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(JSON.stringify(jwks)).not.toMatch(/"d"/);
    expect(await verifyWithJwks(jws, jwks)).toBe(true);

    const payload = jwsPayload(jws);
    expect(payload).toMatchObject({
      certificate_id: lead.certificate_id,
      lead_id: lead.id,
      brand: { id: 'bh', name: 'Benefit Helpers' },
      page_url: 'http://bh.localhost/get-yours-otc/contact',
      created_at: lead.created_at,
      consent: { version: lead.consent_version, language: 'english', sha256: lead.consent_sha256 },
      gpc: false,
      disclaimer_version: 'tpmo-2026-10-01',
      // Keyed fingerprints only the issuer can compute, never a plain hash a laptop reverses.
      contact: {
        phone_fingerprint: await fingerprintOf('phone', medicareContactOf(v).phone),
        email_fingerprint: await fingerprintOf('email', medicareContactOf(v).email),
      },
      lead_status: 'complete',
      action: 'submit',
      recipients: [{ id: sellers[1]?.id, name: sellers[1]?.name }],
      partner_list: {
        version: expect.stringMatching(/^[0-9a-f]{12}$/),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
    expect(JSON.stringify(payload)).not.toContain(
      await sha256Hex(`+1${medicareContactOf(v).phone.replace(/\D/g, '')}`),
    );
    expect((payload.fields as string[]).some((f) => /phone/i.test(f))).toBe(true);
    expect((payload.steps as { step: string }[]).map((s) => s.step)).toEqual([
      'zip',
      'medicare',
      'medicaid',
      'name',
      'contact',
    ]);
    expect(payload.sellers).toEqual(sellers.map((s, i) => ({ id: s.id, name: s.name, accepted: i === 1 })));
    // The lead-defence verdict of this very lead is signed with it.
    const trust = await env.DB.prepare('SELECT trust_verdict FROM leads WHERE id = ?')
      .bind(lead.id)
      .first<string>('trust_verdict');
    expect(payload.trust).toMatchObject({ verdict: trust, reasons: expect.any(Array) });
    // No raw personal data: not the phone, the email, the name, the ip.
    const text = JSON.stringify(payload);
    const own = medicareContactOf(v);
    for (const raw of [own.phone, own.phone.replace(/\D/g, ''), own.email, 'Ada', 'Lovelace', v.ip])
      expect(text).not.toContain(raw);

    // The consent hash resolves through the catalog, to a text with that very hash.
    const catalog = await v.get(`/api/consent-texts/${lead.consent_sha256}`);
    expect(catalog.status).toBe(200);
    const entry = await catalog.json<{ version: string; language: string; text: string }>();
    expect(entry).toMatchObject({ version: lead.consent_version, language: 'english' });
    expect(await sha256Hex(entry.text)).toBe(lead.consent_sha256);
    expect(entry.text).not.toMatch(/marketing partners/);
  });

  it('a changed payload, a key not in the JWKS, or a stranger key with a published kid fail verification', async () => {
    const v = visitor('bh');
    await finishMedicare(v, [firstSeller]);
    const lead = await leadOf(v.id);
    const { jws } = await (
      await v.fetch(`/certificates/${lead.certificate_id}`, { headers: { accept: 'application/json' } })
    ).json<{ jws: string }>();
    const jwks = await (
      await v.get('/.well-known/lead-certificates.json')
    ).json<{ keys: { kid: string; kty: string; crv: string; x: string }[] }>();
    expect(await verifyWithJwks(jws, jwks)).toBe(true);

    const payload = jwsPayload(jws);
    expect(await verifyWithJwks(jwsWithPayload(jws, { ...payload, gpc: true }), jwks)).toBe(false);
    expect(
      await verifyWithJwks(
        jwsWithPayload(jws, { ...payload, sellers: [{ name: 'Someone Else, LLC', accepted: true }] }),
        jwks,
      ),
    ).toBe(false);

    // Signed by a key the JWKS does not publish, under a kid it does not know, and under the published kid.
    const stranger = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
    const sign = async (kid: string) => {
      const enc = (x: string) =>
        btoa(String.fromCharCode(...new TextEncoder().encode(x)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const input = `${enc(JSON.stringify({ alg: 'EdDSA', kid }))}.${enc(JSON.stringify(payload))}`;
      const sig = new Uint8Array(
        await crypto.subtle.sign('Ed25519', stranger.privateKey, new TextEncoder().encode(input)),
      );
      return `${input}.${btoa(String.fromCharCode(...sig))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')}`;
    };
    expect(await verifyWithJwks(await sign('not-published'), jwks)).toBe(false);
    expect(await verifyWithJwks(await sign(jwks.keys[0]?.kid ?? ''), jwks)).toBe(false);
  });

  it('key rotation: every key that signed stays published, so certificates signed by a retired key still verify', async () => {
    const v = visitor('bh');
    await finishMedicare(v, [firstSeller]);
    // The current key was recorded when it signed.
    expect(
      await env.DB.prepare('SELECT COUNT(*) AS n FROM certificate_keys WHERE kid = ?').bind('test-2026-11').first('n'),
    ).toBe(1);
    // A key retired before this one, as the table holds it after a rotation.
    const retired = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
    const { x } = (await crypto.subtle.exportKey('jwk', retired.publicKey)) as { x: string };
    const kid = `retired-${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare('INSERT INTO certificate_keys (kid, public_jwk, first_used_at) VALUES (?, ?, ?)')
      .bind(
        kid,
        JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' }),
        '2026-01-01T00:00:00.000Z',
      )
      .run();
    const jwks = await (
      await v.get('/.well-known/lead-certificates.json')
    ).json<{ keys: { kid: string; kty: string; crv: string; x: string }[] }>();
    expect(jwks.keys.map((k) => k.kid)).toEqual(expect.arrayContaining(['test-2026-11', kid]));
    const enc = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const input = `${enc(new TextEncoder().encode(JSON.stringify({ alg: 'EdDSA', kid })))}.${enc(new TextEncoder().encode(JSON.stringify({ certificate_id: 'old' })))}`;
    const signature = new Uint8Array(
      await crypto.subtle.sign('Ed25519', retired.privateKey, new TextEncoder().encode(input)),
    );
    expect(await verifyWithJwks(`${input}.${enc(signature)}`, jwks)).toBe(true);
  });

  it('a page that shows a consent text writes it to the catalog before any lead', async () => {
    const shown = currentConsent('spanish', brandByCode('m10es')?.name ?? '', 'medicare');
    const sha = await sha256Hex(shown.text);
    const page = await visitor('m10es').get('/get-yours-otc-es');
    expect(page.status).toBe(200);
    await page.text();
    await expect
      .poll(
        async () =>
          env.DB.prepare('SELECT version, language, text FROM consent_texts WHERE sha256 = ?').bind(sha).first(),
        { timeout: 5000 },
      )
      .toEqual({ version: shown.version, language: 'spanish', text: shown.text });
  });

  it('every lead of every product resolves its consent hash through the catalog', async () => {
    // Leads of two products and two brands in this file's database: each hash is in the catalog with its text.
    await finishMedicare(visitor('m10'), [brandByCode('m10')?.consent.medicare?.sellers[0]?.id ?? '']);
    const life = await finishLife(visitor('bh'));
    expect(life.html).toContain("Benefit Helpers's partner list");
    expect(life.raw).toMatch(/<a href="\/partners"[^>]*>Benefit Helpers(&#x27;|')s partner list<\/a>/);
    const rows = await env.DB.prepare(
      'SELECT DISTINCT consent_sha256 AS sha FROM leads WHERE consent_sha256 IS NOT NULL',
    ).all<{ sha: string }>();
    expect(rows.results.length).toBeGreaterThanOrEqual(2);
    for (const { sha } of rows.results) {
      const entry = await env.DB.prepare('SELECT text FROM consent_texts WHERE sha256 = ?')
        .bind(sha)
        .first<{ text: string }>();
      expect(entry, `catalog has ${sha}`).not.toBeNull();
      expect(await sha256Hex(entry?.text ?? '')).toBe(sha);
    }
  });

  it('answers 404 for an unknown certificate or text, 400 for a malformed hash; the page verifies in the browser with a nonced script', async () => {
    const v = visitor('bh');
    const unknown = crypto.randomUUID();
    expect((await v.fetch(`/certificates/${unknown}`, { headers: { accept: 'application/json' } })).status).toBe(404);
    const page404 = await v.get(`/certificates/${unknown}`);
    expect(page404.status).toBe(404);
    const missing = await v.get(`/api/consent-texts/${'0'.repeat(64)}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
    const bad = await v.get('/api/consent-texts/xyz');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_hash' } });

    await finishMedicare(v, [firstSeller]);
    const lead = await leadOf(v.id);
    // Any brand host serves any certificate.
    const html = await visitor('tqg').get(`/certificates/${lead.certificate_id}`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    const csp = html.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const body = await html.text();
    expect(body).toContain(`<script nonce="${nonce}">`);
    expect(body).toContain('/.well-known/lead-certificates.json');
    expect(body).toContain(lead.id);
    expect(body).not.toMatch(/\son[a-z]+="/);
    expect(body).not.toContain('555-0182');
  });
});
