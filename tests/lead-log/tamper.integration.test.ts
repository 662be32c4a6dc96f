import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { signJws } from '../../src/worker/consent/jws';
import { signingKey } from '../../src/worker/consent/signing-key';
import { leafHash, nodeHash } from '../../src/worker/lead-log/merkle';
import { jwsPayload, verifyWithJwks } from '../support/consent';
import { certifiedLead, includedProof, jwks, log, verifyOffline } from './support';

/**
 * Tamper tests: the operator (or anyone with the database and the signing key) edits a delivered
 * lead's certificate and signs it again with the current key. The signature alone cannot tell;
 * the log can, and the buyer's offline check names which check caught it.
 */
async function resigned(jws: string): Promise<string> {
  const key = await signingKey(env.LEAD_CERTIFICATE_KEY);
  if (!key) throw new Error('the test signing key is missing');
  // The edit a dispute would want: the consent says the visitor ticked no company at all.
  return signJws(key, { ...jwsPayload(jws), recipients: [], lead_status: 'withheld' });
}

// Several leads and proofs a test: on a loaded two-core run that takes longer than the default 20 s.
describe('a certificate edited and re-signed after delivery', { timeout: 60_000 }, () => {
  it('fails inclusion: the log still holds the certificate as it was delivered', async () => {
    const { v, sb, id, jws } = await certifiedLead();
    await includedProof(v, id);
    const forged = await resigned(jws);
    await env.DB.prepare('UPDATE lead_certificates SET jws = ? WHERE id = ?').bind(forged, id).run();

    // What a buyer fetches now is the forgery, and its signature verifies.
    const served = await (
      await v.fetch(`/certificates/${id}`, { headers: { accept: 'application/json' } })
    ).json<{ jws: string }>();
    expect(served.jws).toBe(forged);
    const keys = await jwks(v);
    expect(await verifyWithJwks(served.jws, keys)).toBe(true);

    const inclusion = await includedProof(v, id);
    const offline = await verifyOffline(sb, { jwks: keys, certificate: served.jws, inclusion });
    expect(offline.code).toBe(1);
    expect(offline.output).toContain('ok   signature');
    expect(offline.output).toContain('FAIL inclusion');
  });

  it('fails consistency when the log is rewritten to match: a head kept from before no longer fits', async () => {
    const { v, sb, id, jws } = await certifiedLead();
    const before = await includedProof(v, id);
    const forged = await resigned(jws);
    await env.DB.prepare('UPDATE lead_certificates SET jws = ? WHERE id = ?').bind(forged, id).run();
    // The log rewritten too: the leaf replaced and every stored subtree above it hashed again.
    const leaf = await leafHash(new TextEncoder().encode(forged));
    await runInDurableObject(log(), async (_instance, state) => {
      const sql = state.storage.sql;
      sql.exec('UPDATE nodes SET hash = ? WHERE level = 0 AND idx = ?', leaf.slice().buffer, before.leaf_index);
      for (let level = 1; ; level++) {
        const index = before.leaf_index >> level;
        const child = (i: number) =>
          sql
            .exec<{ hash: ArrayBuffer }>('SELECT hash FROM nodes WHERE level = ? AND idx = ?', level - 1, i)
            .toArray()[0];
        const [left, right] = [child(2 * index), child(2 * index + 1)];
        if (!left || !right) break;
        const hash = await nodeHash(new Uint8Array(left.hash), new Uint8Array(right.hash));
        sql.exec('UPDATE nodes SET hash = ? WHERE level = ? AND idx = ?', hash.slice().buffer, level, index);
      }
    });
    // The log grows, and signs a head of the rewritten tree.
    const later = await certifiedLead();
    await includedProof(later.v, later.id);
    const after = await includedProof(v, id);
    expect(after.tree_size).toBeGreaterThan(before.tree_size);
    const keys = await jwks(v);

    // Against the new head alone the forgery passes: inclusion cannot see a rewritten log.
    const alone = await verifyOffline(sb, { jwks: keys, certificate: forged, inclusion: after });
    expect(alone.output).toContain('ok   inclusion');
    expect(alone.code).toBe(0);

    // With the head the buyer kept from the delivery, the rewrite shows.
    const consistency = await (
      await v.get(`/.well-known/lead-log/consistency?first=${before.tree_size}&second=${after.tree_size}`)
    ).json();
    const kept = await verifyOffline(sb, {
      jwks: keys,
      certificate: forged,
      inclusion: after,
      older_head: before.sth,
      consistency,
    });
    expect(kept.code).toBe(1);
    expect(kept.output).toContain('ok   inclusion');
    expect(kept.output).toContain('FAIL consistency');
  });
});
