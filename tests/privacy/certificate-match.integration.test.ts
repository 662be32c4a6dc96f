import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { publishedKeys } from '../../src/worker/consent/certificate';
import { signJws } from '../../src/worker/consent/jws';
import { signingKey } from '../../src/worker/consent/signing-key';
import { inOneWindow } from '../support/rate-window';
import { freshIp } from '../support/sandbox';
import { finishMedicare, jwsPayload, leadOf, verifyWithJwks } from '../support/consent';
import { visitor } from '../support/funnel';
import { OPS, plainSha256, uniqueEmail, uniquePhone } from './support';

/**
 * A buyer checks a lead the way TrustedForm buyers do: POST /certificates/{id}/match with the
 * phone or email it holds, from its own server (no Origin), answered yes or no by the keyed
 * fingerprints of the certificate's lead; rate-limited; after a deletion the certificate still
 * verifies, nothing matches it, and a plain contact hash it carried is gone.
 */
function match(id: string, body: unknown, ip = freshIp()) {
  // A buyer's server: no Origin, no cookie, no Sec-Fetch-Site.
  return SELF.fetch(`http://bh.localhost/certificates/${id}/match`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
  });
}

async function certifiedLead() {
  const phone = uniquePhone();
  const email = uniqueEmail();
  const v = visitor('bh');
  await finishMedicare(v, ['harbor-licensed-agents'], { phone, email });
  const lead = await leadOf(v.id);
  expect(lead.certificate_id).toMatch(/^[0-9a-f-]{36}$/);
  return { v, phone, email, lead, id: lead.certificate_id ?? '' };
}

describe('POST /certificates/{id}/match', () => {
  it('the right phone and email match, a wrong phone does not, however the phone is written', async () => {
    const { phone, email, id } = await certifiedLead();
    const right = await match(id, { phone });
    expect(right.status).toBe(200);
    expect(right.headers.get('cache-control')).toBe('no-store');
    expect(await right.json()).toEqual({ certificate_id: id, phone: true });
    const digits = phone.replace(/\D/g, '');
    expect(await (await match(id, { phone: `+1 ${digits}`, email: email.toUpperCase() })).json()).toEqual({
      certificate_id: id,
      phone: true,
      email: true,
    });
    const wrongDigits = `${digits.slice(0, 9)}${(Number(digits[9]) + 1) % 10}`;
    expect(await (await match(id, { phone: wrongDigits, email: uniqueEmail() })).json()).toEqual({
      certificate_id: id,
      phone: false,
      email: false,
    });
  });

  it('bad input is a JSON 400; an unknown certificate a 404', async () => {
    const { id } = await certifiedLead();
    for (const body of [{}, { phone: 'abc' }, { phone: uniquePhone(), name: 'x' }]) {
      const res = await match(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: expect.stringMatching(/invalid_/) } });
    }
    const unknown = await match(crypto.randomUUID(), { phone: uniquePhone() });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await match('not-an-id', { phone: uniquePhone() })).status).toBe(400);
  });

  it('is rate-limited per client, and per certificate across clients', async () => {
    // RATE_LIMIT_MATCH counts 10 a minute in windows on the wall clock: the burst, the other
    // certificate and the fresh client must fall in one window, or the count starts over halfway.
    const { statuses, otherStatus, fromElsewhere } = await inOneWindow(60, async () => {
      const { id } = await certifiedLead();
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await match(id, { phone: uniquePhone() }, ip)).status);
      const other = await certifiedLead();
      const otherStatus = (await match(other.id, { phone: other.phone })).status;
      const fromElsewhere = await match(id, { phone: uniquePhone() });
      return { statuses, otherStatus, fromElsewhere };
    });
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another certificate from another client is not held back.
    expect(otherStatus).toBe(200);
    // The same certificate from fresh clients: its own count is spent too.
    expect(fromElsewhere.status).toBe(429);
    expect(fromElsewhere.headers.get('retry-after')).toBe('60');
    expect(await fromElsewhere.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('after a deletion the certificate still verifies against the JWKS, nothing matches it, and it holds no plain contact hash', async () => {
    const { v, phone, email, lead, id } = await certifiedLead();
    expect(await (await match(id, { phone })).json()).toMatchObject({ phone: true });
    const { jws: originalJws } = await (
      await v.fetch(`/certificates/${id}`, { headers: { accept: 'application/json' } })
    ).json<{ jws: string }>();
    const preview = await v.fetch('/ops/privacy/delete', {
      method: 'POST',
      headers: OPS,
      body: JSON.stringify({ phone, email }),
    });
    expect(preview.status).toBe(200);
    const deleted = await v.fetch('/ops/privacy/delete', {
      method: 'POST',
      headers: OPS,
      body: JSON.stringify({ phone, email, leads: [lead.id] }),
    });
    expect(deleted.status).toBe(200);
    const cert = await v.fetch(`/certificates/${id}`, { headers: { accept: 'application/json' } });
    expect(cert.status).toBe(200);
    const { jws } = await cert.json<{ jws: string }>();
    const jwks = await (
      await v.get('/.well-known/lead-certificates.json')
    ).json<Parameters<typeof verifyWithJwks>[1]>();
    expect(await verifyWithJwks(jws, jwks)).toBe(true);
    expect(await (await match(id, { phone, email })).json()).toEqual({
      certificate_id: id,
      phone: false,
      email: false,
    });
    // Signed with keyed fingerprints only: no plain SHA-256 of the phone or email, before or after.
    const phoneHash = await plainSha256(`+1${phone.replace(/\D/g, '')}`);
    const before = jwsPayload(originalJws);
    expect(before.contact).toMatchObject({ phone_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(before)).not.toContain(phoneHash);
    // Nothing in it needed redacting: the certificate kept is the one signed, still verifiable, matching nothing.
    expect(jws).toBe(originalJws);
  });
});

describe('the JWKS keeps every key that ever signed', () => {
  it('after a rotation the old key stays published with its kid and its certificates still verify', async () => {
    const { v, id } = await certifiedLead();
    const { jws } = await (
      await v.fetch(`/certificates/${id}`, { headers: { accept: 'application/json' } })
    ).json<{ jws: string }>();
    const old = await signingKey(env.LEAD_CERTIFICATE_KEY);
    // A new key, as an operator would put it with `wrangler secret put LEAD_CERTIFICATE_KEY`.
    const pair = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
    const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
    const rotated = JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d, kid: 'rotated-2027-01' });
    const keys = await publishedKeys({ ...env, LEAD_CERTIFICATE_KEY: rotated });
    expect(keys.map((k) => k.kid)).toEqual(expect.arrayContaining([old?.kid, 'rotated-2027-01']));
    for (const key of keys) expect(key).not.toHaveProperty('d');
    expect(await verifyWithJwks(jws, { keys })).toBe(true);
    const newKey = await signingKey(rotated);
    if (!newKey) throw new Error('the rotated key did not import');
    expect(await verifyWithJwks(await signJws(newKey, { hello: 'world' }), { keys })).toBe(true);
  });
});
