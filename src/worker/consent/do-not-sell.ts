/**
 * "Do not sell or share my personal information" requests: stored in D1 `privacy_requests`
 * as keyed fingerprints of the contact the visitor gave (never the raw email or phone), with
 * the visitor and whether the browser also sent GPC. A request is obeyed, not only filed:
 * `doNotSellRequested` is asked before every delivery of a lead (any brand, any visitor with
 * that email or phone), and the browser that made it is opted out for its later visits
 * (opt-out.ts). The visitor gets a reference id; nothing personal goes into the URL or logs.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { visitorStub } from '../visitor';
import { contactFingerprint, normaliseEmail, normalisePhone } from './contact-hash';
import { optedOut, optOutCookieHeader } from './opt-out';

/** Stores the request; returns its reference id, or null when neither a valid email nor a valid phone was given. */
export async function recordDoNotSell(
  c: Context<AppEnv>,
  input: { email: string; phone: string },
): Promise<string | null> {
  const email = input.email.trim() ? normaliseEmail(input.email) : null;
  const phone = input.phone.trim() ? normalisePhone(input.phone) : null;
  // Something typed that is not valid: ask again rather than store half a request.
  if ((input.email.trim() && !email) || (input.phone.trim() && !phone) || (!email && !phone)) return null;
  const secret = c.env.LEAD_HASH_SALT ?? '';
  const [emailFingerprint, phoneFingerprint] = await Promise.all([
    contactFingerprint(secret, 'email', email),
    contactFingerprint(secret, 'phone', phone),
  ]);
  const id = crypto.randomUUID();
  await c.env.DB.prepare(
    'INSERT INTO privacy_requests (id, created_at, brand, kind, email, phone, email_fingerprint, phone_fingerprint, visitor_id, gpc) VALUES (?, ?, ?, ?, NULL, NULL, ?, ?, ?, ?)',
  )
    .bind(
      id,
      new Date().toISOString(),
      c.var.brand.id,
      'do-not-sell',
      emailFingerprint,
      phoneFingerprint,
      c.var.anonymousId,
      optedOut(c) ? 1 : 0,
    )
    .run();
  // This browser is opted out from now on: no tags on its pages, nothing about it to partners.
  c.header('Set-Cookie', optOutCookieHeader(), { append: true });
  await visitorStub(c.env, c.var.visitorId)
    .recordOptOut('do-not-sell')
    .catch(() => undefined);
  return id;
}

/**
 * Whether a do-not-sell request covers this contact (its email or its phone, matched by
 * fingerprint) or was made by this visitor. Fails closed: when D1 cannot answer, the lead is
 * treated as opted out (kept, not sold) rather than sold against a request we could not read.
 */
export async function doNotSellRequested(
  env: Pick<Env, 'DB' | 'LEAD_HASH_SALT'>,
  contact: { email: unknown; phone: unknown },
  visitorId: string | null,
): Promise<boolean> {
  const secret = env.LEAD_HASH_SALT ?? '';
  const [email, phone] = await Promise.all([
    contactFingerprint(secret, 'email', contact.email),
    contactFingerprint(secret, 'phone', contact.phone),
  ]);
  if (!email && !phone && !visitorId) return false;
  try {
    const row = await env.DB.prepare(
      `SELECT 1 AS hit FROM privacy_requests WHERE kind = 'do-not-sell'
         AND ((?1 IS NOT NULL AND email_fingerprint = ?1) OR (?2 IS NOT NULL AND phone_fingerprint = ?2) OR (?3 IS NOT NULL AND visitor_id = ?3))
       LIMIT 1`,
    )
      .bind(email, phone, visitorId)
      .first<{ hit: number }>();
    return row !== null;
  } catch {
    return true;
  }
}
