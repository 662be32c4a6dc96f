import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { forgetSpentClaims } from '../../src/worker/consent/retention';
import { claimKey } from '../../src/worker/funnel/claim-key';
import { claimFirstLead, duplicateWindowMs, earlierLeadOfPerson } from '../../src/worker/funnel/same-person';

/**
 * The first-lead claim (src/worker/funnel/same-person.ts) over time: it holds for the duplicate
 * window, is taken over after it, and the daily retention deletes what no longer holds, with the
 * Turnstile redemptions past their token's life.
 */
const DAY = 86_400_000;
const fingerprint = () => crypto.randomUUID().replace(/-/g, '');
/** A keyed fingerprint as the Worker makes them: 64 hex digits of an HMAC-SHA256. */
const keyed = () => fingerprint() + fingerprint();

describe('first-lead claims', () => {
  it('a claim holds inside the window, phone or email alike; the same lead claims again', async () => {
    const phone = fingerprint();
    const email = fingerprint();
    const first = { id: crypto.randomUUID(), product: 'auto', phoneFingerprint: phone, emailFingerprint: email };
    expect(await claimFirstLead(env, first)).toBeNull();
    expect(await claimFirstLead(env, first), 'the same lead again').toBeNull();
    const samePhone = { ...first, id: crypto.randomUUID(), emailFingerprint: fingerprint() };
    expect(await claimFirstLead(env, samePhone)).toBe(first.id);
    const sameEmail = { ...first, id: crypto.randomUUID(), phoneFingerprint: fingerprint() };
    expect(await claimFirstLead(env, sameEmail)).toBe(first.id);
    // A loser keeps no claim of its own: its new email is free for the next lead.
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM first_leads WHERE lead_id IN (?, ?)')
      .bind(samePhone.id, sameEmail.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    expect(
      await claimFirstLead(env, { ...first, id: crypto.randomUUID(), product: 'life' }),
      'another product',
    ).toBeNull();
  });

  it('a claim stores 128 bits of the keyed fingerprint, and the duplicate check finds it by them, as an operator release reads it', async () => {
    const phone = keyed();
    const email = keyed();
    const first = { id: crypto.randomUUID(), product: 'medicare', phoneFingerprint: phone, emailFingerprint: email };
    expect(await claimFirstLead(env, first)).toBeNull();
    const stored = await env.DB.prepare('SELECT kind, fingerprint FROM first_leads WHERE lead_id = ? ORDER BY kind')
      .bind(first.id)
      .all<{ kind: string; fingerprint: string }>();
    expect(stored.results).toEqual([
      { kind: 'email', fingerprint: email.slice(0, 32) },
      { kind: 'phone', fingerprint: phone.slice(0, 32) },
    ]);
    expect(claimKey(phone)).toBe(phone.slice(0, 32));
    // The release of a withheld lead asks the duplicate check only (review/release-rules.ts): it must
    // see the claim of a delivered lead, moved to R2 or not, by phone alone and by email alone.
    const second = { ...first, id: crypto.randomUUID(), emailFingerprint: keyed() };
    expect(await earlierLeadOfPerson(env, second)).toBe(first.id);
    expect(await earlierLeadOfPerson(env, { ...first, id: crypto.randomUUID(), phoneFingerprint: null })).toBe(
      first.id,
    );
    expect(await earlierLeadOfPerson(env, { ...second, phoneFingerprint: keyed() })).toBeNull();
  });

  it('past the window a claim is taken over, and the daily retention deletes spent claims and redemptions', async () => {
    const phone = fingerprint();
    const now = new Date();
    const old = new Date(now.getTime() - duplicateWindowMs(env) - DAY);
    const first = { id: crypto.randomUUID(), product: 'medicare', phoneFingerprint: phone, emailFingerprint: null };
    expect(await claimFirstLead(env, first, old)).toBeNull();
    const later = { ...first, id: crypto.randomUUID() };
    expect(await claimFirstLead(env, later, now), 'a claim past the window no longer holds').toBeNull();

    const spent = fingerprint();
    await claimFirstLead(env, { ...first, id: crypto.randomUUID(), phoneFingerprint: spent }, old);
    const token = fingerprint();
    await env.DB.prepare('INSERT INTO turnstile_redemptions (token_sha256, lead_key, at) VALUES (?, ?, ?)')
      .bind(token, 'v|f|c', new Date(now.getTime() - 2 * DAY).toISOString())
      .run();
    expect(await forgetSpentClaims(env, now)).toBeGreaterThanOrEqual(2);
    const left = await env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM first_leads WHERE fingerprint IN (?, ?)) AS claims,
              (SELECT COUNT(*) FROM turnstile_redemptions WHERE token_sha256 = ?) AS tokens`,
    )
      .bind(phone, spent, token)
      .first<{ claims: number; tokens: number }>();
    expect(left).toEqual({ claims: 1, tokens: 0 });
  });
});
