/**
 * "Do not sell or share my personal information" requests (issue 19): stored in D1
 * `privacy_requests` with the contact the visitor gave (needed to honour it) and its hashes
 * (to match leads after retention cleared their values), the visitor and whether the browser
 * also sent GPC. The visitor gets a reference id; nothing personal goes into the URL or logs.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { emailSha256, normaliseEmail, normalisePhone, phoneSha256 } from './contact-hash';
import { gpcOf } from './lead-consent';

/** Stores the request; returns its reference id, or null when neither a valid email nor a valid phone was given. */
export async function recordDoNotSell(
  c: Context<AppEnv>,
  input: { email: string; phone: string },
): Promise<string | null> {
  const email = input.email.trim() ? normaliseEmail(input.email) : null;
  const phone = input.phone.trim() ? normalisePhone(input.phone) : null;
  // Something typed that is not valid: ask again rather than store half a request.
  if ((input.email.trim() && !email) || (input.phone.trim() && !phone) || (!email && !phone)) return null;
  const id = crypto.randomUUID();
  await c.env.DB.prepare(
    'INSERT INTO privacy_requests (id, created_at, brand, kind, email, phone, email_sha256, phone_sha256, visitor_id, gpc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(
      id,
      new Date().toISOString(),
      c.var.brand.id,
      'do-not-sell',
      email,
      phone,
      await emailSha256(email),
      await phoneSha256(phone),
      c.var.anonymousId,
      gpcOf(c) ? 1 : 0,
    )
    .run();
  return id;
}
