/**
 * Turnstile as Cloudflare documents it, for a lead's final submit:
 * - the idempotency key sent to siteverify is minted by the Worker for the lead (an HMAC of the
 *   lead's visitor, form and contact fingerprint under the Turnstile secret, shaped as a UUID),
 *   never a value the browser chose, so a retried check of the same lead is answered again while
 *   a token taken to another lead is refused (`timeout-or-duplicate`);
 * - a token backs one lead only, by the Worker's own record: its SHA-256 is claimed once, across
 *   every visitor and form, for the lead's key, and the same token on any other lead (another
 *   visitor, another form, or the same visitor with another phone) is `reused` without asking
 *   siteverify, whatever Cloudflare's single-use check says or has not yet converged on;
 * - the hostname siteverify reports must be the host the lead was posted to, and the action the
 *   one the page rendered the widget with for this form.
 */
import type { Context } from 'hono';
import { siteverify, TURNSTILE_TOKEN_MAX } from '../../partners/turnstile';
import { sha256Hex } from '../../shared/consent';
import type { AppEnv } from '../env';
import { throughBreaker } from './partner-guard';
import type { TurnstileResult } from './verdict';

/** Turnstile must not hold up a person's last click for long; past this the result is `error` (TURNSTILE_TIMEOUT_MS, bounded). */
function turnstileTimeoutMs(env: Pick<Env, 'TURNSTILE_TIMEOUT_MS'>): number {
  const ms = Number(env.TURNSTILE_TIMEOUT_MS);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 10_000) : 1000;
}

/** The widget's action for a form's final step (Turnstile: at most 32 of [A-Za-z0-9_-]). */
export function turnstileAction(form: string): string {
  return `lead-${form}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);
}

/** The lead's idempotency key: stable for the lead, unguessable without the secret, UUID-shaped. */
export async function leadIdempotencyKey(secret: string, leadKey: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(`${secret}\u0000turnstile-idempotency`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(leadKey)));
  const hex = Array.from(mac.slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
  // Version 4 and variant bits, so it is a well-formed UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The lead a token is redeemed for, as recordLead names one: visitor, form and contact. */
export function turnstileLeadKey(lead: { visitorId: string; form: string; contactFingerprint: string | null }): string {
  return `${lead.visitorId}|${lead.form}|${lead.contactFingerprint ?? ''}`;
}

/**
 * Claims the token for this lead, by its hash alone (the table's primary key, whatever visitor
 * or form); false when it already backs another lead. The insert is atomic: of two leads posting
 * one token at once, one claims it and the other reads the winner.
 */
async function redeemOnce(db: D1Database, token: string, leadKey: string): Promise<boolean> {
  const tokenHash = await sha256Hex(token);
  const [, read] = await db.batch([
    db
      .prepare('INSERT OR IGNORE INTO turnstile_redemptions (token_sha256, lead_key, at) VALUES (?, ?, ?)')
      .bind(tokenHash, leadKey, new Date().toISOString()),
    db.prepare('SELECT lead_key FROM turnstile_redemptions WHERE token_sha256 = ?').bind(tokenHash),
  ]);
  const row = read?.results[0] as { lead_key?: unknown } | undefined;
  return row?.lead_key === leadKey;
}

export async function checkTurnstile(
  c: Context<AppEnv>,
  input: { token: string | null; visitorId: string; form: string; contactFingerprint: string | null },
): Promise<TurnstileResult> {
  const secret = c.env.TURNSTILE_SECRET_KEY;
  if (!secret) return 'not-configured';
  if (input.token === null || input.token === '') return 'unverified';
  // A token longer than any Turnstile issues is not sent anywhere: it is forged.
  if (input.token.length > TURNSTILE_TOKEN_MAX) return 'failed';
  const leadKey = turnstileLeadKey(input);
  try {
    if (!(await redeemOnce(c.env.DB, input.token, leadKey))) return 'reused';
    const ip = c.req.header('cf-connecting-ip')?.trim() ?? '';
    const idempotencyKey = await leadIdempotencyKey(secret, leadKey);
    const reply = await throughBreaker(c, 'turnstile', () =>
      siteverify(c.env, { token: input.token ?? '', ip, idempotencyKey }, turnstileTimeoutMs(c.env)),
    );
    if (!reply.success) return 'failed';
    const host = new URL(c.req.url).hostname.toLowerCase();
    if ((reply.hostname ?? '').toLowerCase() !== host) return 'failed';
    if ((reply.action ?? '') !== turnstileAction(input.form)) return 'failed';
    return 'passed';
  } catch {
    return 'error';
  }
}
