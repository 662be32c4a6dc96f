import { runInDurableObject, SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { moveLeadDay } from '../../src/worker/lead-archive/move';
import { certificateKey, recordKey } from '../../src/worker/lead-archive/store';
import { expireCertificates } from '../../src/worker/lead-log/expiry';
import { claimPrefix } from '../../src/worker/lead-log/retention';
import { leafHash } from '../../src/worker/lead-log/merkle';
import { leadOf, medicareContactOf } from '../support/consent';
import { certifiedLead, includedProof, log, type Inclusion } from './support';

/**
 * Buyers' claims (src/worker/lead-log/claims.ts) and certificate expiry (expiry.ts): a claim by
 * proof of the lead's contact keeps a certificate for the period named; an unclaimed certificate
 * is gone after its window, hot or moved to R2, while its log entry (a hash) stays.
 */
const DAY_MS = 86_400_000;

/** A buyer's server: no Origin, no cookie. */
function claim(origin: string, id: string, body: unknown): Promise<Response> {
  return SELF.fetch(`${origin}/certificates/${id}/claim`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'cf-connecting-ip': `198.51.100.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify(body),
  });
}

async function expireAt(now: number): Promise<{ expired: number; kept: number }> {
  return runInDurableObject(log(), (_instance, state) => expireCertificates(env, state.storage, now));
}

async function certificateStatus(origin: string, id: string): Promise<number> {
  return (await SELF.fetch(`${origin}/certificates/${id}`, { headers: { accept: 'application/json' } })).status;
}

// Several leads and proofs a test: on a loaded two-core run that takes longer than the default 20 s.
describe('claims and expiry', { timeout: 60_000 }, () => {
  it('a claim needs the lead’s contact, names its period within the rules, and is recorded without the contact', async () => {
    const { v, id } = await certifiedLead();
    const { phone, email } = medicareContactOf(v);
    expect((await claim(v.origin, id, { phone: '(305) 999-0000' })).status).toBe(403);
    expect((await claim(v.origin, id, { phone, email: 'someone.else@example.com' })).status).toBe(403);
    const tooLong = await claim(v.origin, id, { phone, retain_days: 5000 });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json<{ error: { code: string } }>()).error.code).toBe('invalid_request');
    expect((await claim(v.origin, id, {})).status).toBe(400);

    const before = Date.now();
    const ok = await claim(v.origin, id, { phone, email, claimant: 'Acme Leads' });
    expect(ok.status).toBe(201);
    const answer = await ok.json<{ retain_until: string; proof: string[] }>();
    expect(answer.proof).toEqual(['phone', 'email']);
    const until = Date.parse(answer.retain_until);
    expect(until).toBeGreaterThanOrEqual(before + 1095 * DAY_MS);
    expect(until).toBeLessThan(before + 1096 * DAY_MS);
    // A shorter claim later never shortens what an earlier one kept.
    const shorter = await (await claim(v.origin, id, { phone, retain_days: 30 })).json<{ retain_until: string }>();
    expect(shorter.retain_until).toBe(answer.retain_until);

    const records = await env.ARCHIVE.list({ prefix: claimPrefix(id) });
    expect(records.objects).toHaveLength(2);
    const text = await (await env.ARCHIVE.get(records.objects[0]?.key ?? ''))?.text();
    expect(text).toContain('Acme Leads');
    expect(text).not.toContain(phone.replace(/\D/g, '').slice(-7));
    expect(text).not.toContain(email);
  });

  it('an unclaimed certificate is gone after its window, hot or moved; a claimed one stays until its claim ends; log entries stay', async () => {
    const claimed = await certifiedLead();
    const hot = await certifiedLead();
    const moved = await certifiedLead();
    const contact = medicareContactOf(claimed.v);
    expect((await claim(claimed.v.origin, claimed.id, { phone: contact.phone, retain_days: 400 })).status).toBe(201);
    const proofs = new Map<string, Inclusion>();
    for (const lead of [claimed, hot, moved]) proofs.set(lead.id, await includedProof(lead.v, lead.id));

    // One lead leaves D1 for R2 after its delivery window, its certificate with it.
    const movedLead = await leadOf(moved.v.id);
    const day = new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10);
    await env.DB.prepare('UPDATE leads SET created_at = ? WHERE id = ?')
      .bind(`${day}T10:00:00.000Z`, movedLead.id)
      .run();
    await moveLeadDay(env, day, new Date());
    expect(await env.ARCHIVE.head(certificateKey(moved.id))).not.toBeNull();
    expect(await (await env.ARCHIVE.get(recordKey(movedLead.id)))?.text()).not.toContain(moved.jws);
    expect(await certificateStatus(moved.v.origin, moved.id)).toBe(200);

    // Inside the window nothing goes.
    expect((await expireAt(Date.now() + 30 * DAY_MS)).expired).toBe(0);
    // Past the 90-day window: the unclaimed two go, the claimed one stays.
    const first = await expireAt(Date.now() + 91 * DAY_MS);
    expect(first.expired).toBeGreaterThanOrEqual(2);
    expect(await certificateStatus(hot.v.origin, hot.id)).toBe(404);
    expect(await certificateStatus(moved.v.origin, moved.id)).toBe(404);
    expect(await env.ARCHIVE.head(certificateKey(moved.id))).toBeNull();
    expect(await certificateStatus(claimed.v.origin, claimed.id)).toBe(200);

    // The log entries stay: the proof of a gone certificate still names its leaf hash.
    for (const lead of [hot, moved]) {
      const res = await lead.v.get(`/certificates/${lead.id}/inclusion`);
      expect(res.status).toBe(200);
      const proof = await res.json<Inclusion>();
      expect(proof.leaf_index).toBe(proofs.get(lead.id)?.leaf_index);
      const hash = [...(await leafHash(new TextEncoder().encode(lead.jws)))]
        .map((b) => b.toString(16).padStart(2, '0'))
        .join('');
      expect(proof.leaf_hash).toBe(hash);
    }

    // When the claim ends, the claimed certificate goes too, and its claim records with it.
    await expireAt(Date.now() + 401 * DAY_MS);
    expect(await certificateStatus(claimed.v.origin, claimed.id)).toBe(404);
    expect((await env.ARCHIVE.list({ prefix: claimPrefix(claimed.id) })).objects).toHaveLength(0);
  });
});
