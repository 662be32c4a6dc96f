import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { decode, hiddenFieldsOf, submissionIdOf, submitStep, type Visitor } from './funnel';
import { passedTurnstile } from './turnstile';

/** The consent step's page: its html (entities decoded) and the consent version it shows. */
export async function consentPage(v: Visitor, path: string): Promise<{ html: string; raw: string; version: string }> {
  const res = await v.get(path);
  expect(res.status, `GET ${path}`).toBe(200);
  const raw = await res.text();
  const version = /name="consentVersion" value="([^"]+)"/.exec(raw)?.[1];
  expect(version, 'the consent step carries its version').toBeDefined();
  return { html: decode(raw), raw, version: version ?? '' };
}

/**
 * The earlier steps as a person would have taken them (a minute ago), so the lead-defence
 * speed check (src/worker/defence/) does not judge the test's instant submits a bot.
 */
export async function atHumanPace(v: Visitor): Promise<void> {
  await runInDurableObject(env.VISITOR.get(env.VISITOR.idFromName(v.key)), (_instance, state) => {
    state.storage.sql.exec('UPDATE submissions SET at = at - 60000');
  });
}

/**
 * A test visitor's own phone and email: one person's lead per product (src/worker/funnel/same-person.ts)
 * means a shared test phone would make every later test's lead a duplicate.
 */
export function medicareContactOf(v: Pick<Visitor, 'key'>): { phone: string; email: string } {
  const n = parseInt(v.key.replace(/-/g, '').slice(0, 8), 16) % 8_000_000;
  const digits = String(2_000_000 + n).padStart(7, '0');
  return { phone: `(305) ${digits.slice(0, 3)}-${digits.slice(3)}`, email: `ada.${v.key.slice(0, 8)}@example.com` };
}

/** The keyed fingerprint the Worker stores for a contact value (test secret of vitest.config.ts). */
export async function fingerprintOf(kind: 'phone' | 'email', value: string): Promise<string> {
  const normal =
    kind === 'phone' ? `phone:+1${value.replace(/\D/g, '').slice(-10)}` : `email:${value.trim().toLowerCase()}`;
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(env.LEAD_HASH_SALT),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(normal)));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The Medicare funnel of /get-yours-otc posted as forms up to and including the consent step;
 * `sellers` are the seller ids to tick there. The final post carries a passing Turnstile token
 * as a browser with JavaScript would (`turnstile: false`: none, as without JavaScript). Returns
 * the consent page (its html and version).
 */
export async function finishMedicare(
  v: Visitor,
  sellers: readonly string[] = [],
  contact: Record<string, string> = medicareContactOf(v),
  options: { turnstile?: boolean; extra?: Record<string, string>; base?: string } = {},
  person: { firstName: string; lastName: string; zipcode: string } = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    zipcode: '33101',
  },
) {
  // Another page of the Medicare form (the same steps) when `base` names it.
  const base = options.base ?? '/get-yours-otc';
  await submitStep(v, `${base}/zip`, { zipcode: person.zipcode });
  await submitStep(v, `${base}/medicare`, { haveMedicare: '1' });
  await submitStep(v, `${base}/medicaid`, { haveMedicaid: '0' });
  await submitStep(v, `${base}/name`, { firstName: person.firstName, lastName: person.lastName });
  const page = await consentPage(v, `${base}/contact`);
  await atHumanPace(v);
  const ticks = Object.fromEntries(sellers.map((id) => [`consentSeller:${id}`, 'yes']));
  const res = await v.post(`${base}/contact`, {
    ...hiddenFieldsOf(page.raw),
    submissionId: submissionIdOf(page.raw),
    ...contact,
    ...ticks,
    ...(options.turnstile === false ? {} : { 'cf-turnstile-response': passedTurnstile(v.origin, 'medicare') }),
    ...options.extra,
  });
  expect(res.status).toBe(303);
  return page;
}

export interface ConsentLeadRow {
  id: string;
  brand: string;
  product: string;
  visitor_id: string;
  values: string;
  consent_version: string | null;
  consent_sha256: string | null;
  certificate_id: string | null;
  gpc: number | null;
  consent_sellers: string | null;
  tpmo_version: string | null;
  phone_sha256: string | null;
  email_sha256: string | null;
  personal_purged_at: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export async function leadOf(visitorId: string): Promise<ConsentLeadRow> {
  const row = await env.DB.prepare('SELECT * FROM leads WHERE visitor_id = ? ORDER BY created_at DESC')
    .bind(visitorId)
    .first<ConsentLeadRow>();
  expect(row, 'the visitor has a lead').not.toBeNull();
  return row as ConsentLeadRow;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const b64 = (x: string) => Uint8Array.from(atob(x.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
const text64 = (x: string) => new TextDecoder().decode(b64(x));

/** Verifies a compact JWS against a JWKS with WebCrypto, independently of the Worker's own code. */
export async function verifyWithJwks(
  jws: string,
  jwks: { keys: { kid: string; kty: string; crv: string; x: string; alg?: string }[] },
): Promise<boolean> {
  const [h, p, s] = jws.split('.') as [string, string, string];
  const header = JSON.parse(text64(h)) as { alg: string; kid: string };
  const jwk = jwks.keys.find((k) => k.kid === header.kid);
  if (!jwk || header.alg !== 'EdDSA') return false;
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: jwk.kty, crv: jwk.crv, x: jwk.x },
    { name: 'Ed25519' },
    false,
    ['verify'],
  );
  return crypto.subtle.verify('Ed25519', key, b64(s), new TextEncoder().encode(`${h}.${p}`));
}

export function jwsPayload(jws: string): Record<string, unknown> {
  return JSON.parse(text64(jws.split('.')[1] ?? '')) as Record<string, unknown>;
}

export function jwsWithPayload(jws: string, payload: unknown): string {
  const [h, , s] = jws.split('.');
  const p = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(payload))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `${h}.${p}.${s}`;
}

/** The life funnel of /get-life-now without JavaScript, skipping what may be skipped. */
export async function finishLife(v: Visitor) {
  await submitStep(v, '/get-life-now/zip', { zipcode: '85001' });
  await submitStep(v, '/get-life-now/coverage', { _action: 'skip' });
  await submitStep(v, '/get-life-now/about', { _action: 'skip' });
  await submitStep(v, '/get-life-now/name', { firstName: 'Grace', lastName: 'Hopper' });
  const page = await consentPage(v, '/get-life-now/contact');
  const res = await v.post('/get-life-now/contact', {
    ...hiddenFieldsOf(page.raw),
    submissionId: submissionIdOf(page.raw),
    phone: '(602) 555-0123',
  });
  expect(res.status).toBe(303);
  return page;
}
