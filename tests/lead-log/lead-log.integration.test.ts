import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { certifyLead } from '../../src/worker/consent/certificate';
import { pokeLeadLog } from '../../src/worker/lead-log/log-stub';
import { leafHash, verifyInclusion } from '../../src/worker/lead-log/merkle';
import { headOf } from '../../src/worker/lead-log/tree-head';
import { leadOf } from '../support/consent';
import { pollUntil } from '../support/poll';
import {
  certifiedLead,
  firstSeller,
  hexBytes,
  includedProof,
  jwks,
  log,
  verifyOffline,
  type Inclusion,
} from './support';

/**
 * The public log of certificates (src/worker/lead-log/): every certificate a lead gets is a leaf
 * of an RFC 6962 Merkle tree whose signed heads anyone can keep; a buyer verifies a lead with the
 * JWKS, the certificate, its inclusion proof and a head, offline, with the buyer's guide script.
 */
// Several leads and proofs a test: on a loaded two-core run that takes longer than the default 20 s.
describe('the lead log', { timeout: 60_000 }, () => {
  it('a delivered lead names its certificate and proof, and the buyer verifies it offline with the guide script', async () => {
    const { v, sb, id, jws } = await certifiedLead();
    // The lead post names our certificate in a field of its own (and its inclusion proof beside it).
    const posts = await pollUntil(
      () => sb.calls('sellers', `/${firstSeller.id}/leads`),
      (calls) => calls.length > 0,
      15_000,
    );
    const body = posts[0]?.body as Record<string, unknown>;
    expect(body.lead_certificate_url).toBe(`http://bh.localhost/certificates/${id}`);
    expect(body.lead_certificate_inclusion_url).toBe(`http://bh.localhost/certificates/${id}/inclusion`);
    expect(body).not.toHaveProperty('trusted_form_cert_url');

    const inclusion = await includedProof(v, id);
    const keys = await jwks(v);
    const head = headOf(inclusion.sth);
    expect(head?.tree_size).toBe(inclusion.tree_size);
    // The proof holds by the RFC's own check, in the test, independently of the script.
    expect(
      await verifyInclusion(
        await leafHash(new TextEncoder().encode(jws)),
        inclusion.leaf_index,
        inclusion.tree_size,
        inclusion.audit_path.map(hexBytes),
        hexBytes(head?.sha256_root_hash ?? ''),
      ),
    ).toBe(true);
    const offline = await verifyOffline(sb, { jwks: keys, certificate: jws, inclusion });
    expect(offline.output).toContain('ok   inclusion');
    expect(offline.code).toBe(0);

    // The published head is the latest; a later head extends it, proven by the consistency route.
    const sth = await (await v.get('/.well-known/lead-log/sth')).json<{ jws: string; tree_size: number }>();
    expect(sth.tree_size).toBeGreaterThanOrEqual(inclusion.tree_size);
    const later = await certifiedLead();
    const laterProof = await includedProof(later.v, later.id);
    const consistency = await (
      await v.get(`/.well-known/lead-log/consistency?first=${inclusion.tree_size}&second=${laterProof.tree_size}`)
    ).json<{ first: number; second: number; proof: string[] }>();
    const kept = await verifyOffline(sb, {
      jwks: keys,
      certificate: later.jws,
      inclusion: laterProof,
      older_head: inclusion.sth,
      consistency,
    });
    expect(kept.output).toContain('ok   consistency');
    expect(kept.code).toBe(0);
    // Historic heads stay readable by size from R2, for mirrors.
    const historic = await v.get(`/.well-known/lead-log/sth/${laterProof.tree_size}`);
    expect(historic.status).toBe(200);
    expect(headOf((await historic.json<{ jws: string }>()).jws)?.tree_size).toBe(laterProof.tree_size);
  });

  it('a failed append never blocks a lead: the certificate is served, says it is pending, and the alarm appends it', async () => {
    const { v, id: first } = await certifiedLead();
    // A second lead row of the same visitor whose certificate is issued while the log is down.
    const row = await env.DB.prepare('SELECT * FROM leads WHERE certificate_id = ?')
      .bind(first)
      .first<Record<string, unknown>>();
    const submissionId = crypto.randomUUID();
    const copy: Record<string, unknown> = {
      ...row,
      id: crypto.randomUUID(),
      submission_id: submissionId,
      certificate_id: null,
      phone_key: null,
    };
    const columns = Object.keys(copy);
    await env.DB.prepare(
      `INSERT INTO leads (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    )
      .bind(...columns.map((c) => copy[c] ?? null))
      .run();
    const id = await certifyLead(env, {
      visitorId: String(row?.visitor_id),
      visitorObject: null,
      form: String(row?.form),
      submissionId,
      brand: { id: 'bh', name: 'Benefit Helpers' },
      language: 'english',
      fieldLabels: ['Phone'],
      steps: [],
      gpc: false,
      sellers: null,
      disclaimerVersion: null,
      status: 'complete',
      recipients: [],
      partnerList: { version: 'test', sha256: '0'.repeat(64) },
      fingerprintSecret: env.LEAD_HASH_SALT,
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const down = {
      LEAD_LOG: {
        idFromName: () => ({}),
        get: () => ({
          poke: () => Promise.reject(new Error('log object unavailable')),
        }),
      },
    } as unknown as Pick<Env, 'LEAD_LOG'>;
    await expect(pokeLeadLog(down)).resolves.toBeUndefined();

    const served = await v.fetch(`/certificates/${id}`, { headers: { accept: 'application/json' } });
    expect(served.status).toBe(200);
    const { log: status } = await served.json<{ log: { status: string; inclusion: string } }>();
    expect(status.status).toBe('pending');
    const pending = await v.get(`/certificates/${id}/inclusion`);
    expect(pending.status).toBe(202);
    expect(await pending.json()).toMatchObject({ status: 'pending' });

    // The log's own alarm takes it up: appended, a head signed, the proof served, the queue empty.
    await runDurableObjectAlarm(log());
    const included = await v.get(`/certificates/${id}/inclusion`);
    expect(included.status).toBe(200);
    expect((await included.json<Inclusion>()).status).toBe('included');
    const queued = await env.DB.prepare('SELECT COUNT(*) AS n FROM lead_log_pending WHERE certificate_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(queued?.n).toBe(0);
    expect((await leadOf(String(row?.visitor_id))).certificate_id).toBeTruthy();
  });

  it('refuses malformed proof requests with a 400 naming the problem', async () => {
    const { v } = await certifiedLead();
    for (const query of ['first=5&second=2', 'first=abc&second=3', 'first=0&second=1', 'second=3']) {
      const res = await v.get(`/.well-known/lead-log/consistency?${query}`);
      expect(res.status, query).toBe(400);
      const body = await res.json<{ error: { code: string; message: string } }>();
      expect(body.error.code).toBe('invalid_request');
    }
    expect((await v.get('/.well-known/lead-log/consistency?first=1&second=99999999')).status).toBe(404);
    expect((await v.get('/certificates/not-a-uuid/inclusion')).status).toBe(400);
    expect((await v.get(`/certificates/${crypto.randomUUID()}/inclusion`)).status).toBe(404);
    expect((await v.get('/.well-known/lead-log/sth/-1')).status).toBe(400);
  });
});
