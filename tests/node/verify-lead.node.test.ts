import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The buyer's guide script (docs/buyers/verify-lead.mjs) as a buyer runs it: `node verify-lead.mjs
 * bundle.json`. The workerd tests run it on real leads of the Worker (tests/lead-log/); here every
 * tree size from 1 to 12 and every leaf is checked against an RFC 6962 tree built independently,
 * with a key of the test's own, and each failure says which check caught it.
 */
const SCRIPT = resolve(import.meta.dirname, '../../docs/buyers/verify-lead.mjs');
const dir = mkdtempSync(join(tmpdir(), 'verify-lead-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const h = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leaf = (data: string) => h(Buffer.from([0]), Buffer.from(data));
const node = (l: Buffer, r: Buffer) => h(Buffer.from([1]), l, r);
const split = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1);
const mth = (d: Buffer[]): Buffer =>
  d.length === 1 ? (d[0] as Buffer) : node(mth(d.slice(0, split(d.length))), mth(d.slice(split(d.length))));
const path = (m: number, d: Buffer[]): Buffer[] => {
  if (d.length <= 1) return [];
  const k = split(d.length);
  return m < k ? [...path(m, d.slice(0, k)), mth(d.slice(k))] : [...path(m - k, d.slice(k)), mth(d.slice(0, k))];
};
const subproof = (m: number, d: Buffer[], b: boolean): Buffer[] => {
  if (m === d.length) return b ? [] : [mth(d)];
  const k = split(d.length);
  return m <= k
    ? [...subproof(m, d.slice(0, k), b), mth(d.slice(k))]
    : [...subproof(m - k, d.slice(k), false), mth(d.slice(0, k))];
};

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const x = publicKey.export({ format: 'jwk' }).x ?? '';
const jwks = { keys: [{ kty: 'OKP', crv: 'Ed25519', x, kid: 'node-test', alg: 'EdDSA', use: 'sig' }] };
const jws = (typ: string, payload: unknown) => {
  const head = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ, kid: 'node-test' })).toString('base64url');
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${head}.${body}.${sign(null, Buffer.from(`${head}.${body}`), privateKey).toString('base64url')}`;
};
const certificate = (i: number) =>
  jws('lead-certificate+jwt', { certificate_id: `c-${i}`, lead_id: `l-${i}`, recipients: [{ id: 's1' }] });
const sth = (size: number, root: Buffer) =>
  jws('lead-log-sth+jwt', {
    log: 'lead-log/v1',
    tree_size: size,
    timestamp: 1_700_000_000_000,
    sha256_root_hash: root.toString('hex'),
  });

function run(bundle: unknown): { code: number; output: string } {
  const file = join(dir, `${crypto.randomUUID()}.json`);
  writeFileSync(file, JSON.stringify(bundle));
  try {
    return { code: 0, output: execFileSync(process.execPath, [SCRIPT, file], { encoding: 'utf8' }) };
  } catch (error) {
    const e = error as { status: number; stdout: string };
    return { code: e.status, output: e.stdout };
  }
}

const certs = Array.from({ length: 12 }, (_, i) => certificate(i));
const leaves = certs.map(leaf);
const bundleOf = (m: number, n: number) => ({
  jwks,
  certificate: certs[m],
  inclusion: {
    leaf_index: m,
    tree_size: n,
    audit_path: path(m, leaves.slice(0, n)).map((b) => b.toString('hex')),
    sth: sth(n, mth(leaves.slice(0, n))),
  },
});

describe('docs/buyers/verify-lead.mjs', () => {
  it('verifies every leaf of trees of 1 to 12 leaves, and the consistency of every pair of sizes', async () => {
    const { verifyBundle } = (await import(SCRIPT)) as {
      verifyBundle: (b: unknown) => { ok: boolean; lines: string[] };
    };
    for (let n = 1; n <= 12; n++) {
      for (let m = 0; m < n; m++) expect(verifyBundle(bundleOf(m, n)).ok, `${m} of ${n}`).toBe(true);
      for (let first = 1; first <= n; first++) {
        const proof = first === n ? [] : subproof(first, leaves.slice(0, n), true);
        const kept = {
          ...bundleOf(n - 1, n),
          older_head: sth(first, mth(leaves.slice(0, first))),
          consistency: { first, second: n, proof: proof.map((b) => b.toString('hex')) },
        };
        expect(verifyBundle(kept).ok, `${first} -> ${n}`).toBe(true);
      }
    }
  });

  it('exits 0 from a shell on a good bundle and 1 naming the check that failed on each tampered one', () => {
    const good = bundleOf(5, 11);
    expect(run(good)).toMatchObject({ code: 0 });
    // Re-signed with a key the buyer never saw.
    const other = generateKeyPairSync('ed25519').privateKey;
    const [head, body] = (good.certificate ?? '').split('.');
    const alien = `${head}.${body}.${sign(null, Buffer.from(`${head}.${body}`), other).toString('base64url')}`;
    expect(run({ ...good, certificate: alien }).output).toContain('FAIL signature');
    // Edited and re-signed with the published key: only the log catches it.
    const edited = jws('lead-certificate+jwt', { certificate_id: 'c-5', lead_id: 'l-5', recipients: [] });
    const inclusion = run({ ...good, certificate: edited });
    expect(inclusion.code).toBe(1);
    expect(inclusion.output).toContain('FAIL inclusion');
    // A rewritten log: leaf 5 replaced, a new head over it, checked against a head kept before.
    const rewritten = [...leaves];
    rewritten[5] = leaf(edited);
    const older = sth(8, mth(leaves.slice(0, 8)));
    const after = {
      jwks,
      certificate: edited,
      inclusion: {
        leaf_index: 5,
        tree_size: 11,
        audit_path: path(5, rewritten.slice(0, 11)).map((b) => b.toString('hex')),
        sth: sth(11, mth(rewritten.slice(0, 11))),
      },
    };
    expect(run(after).code).toBe(0);
    const consistency = {
      first: 8,
      second: 11,
      proof: subproof(8, rewritten.slice(0, 11), true).map((b) => b.toString('hex')),
    };
    const caught = run({ ...after, older_head: older, consistency });
    expect(caught.code).toBe(1);
    expect(caught.output).toContain('FAIL consistency');
    // A kept head whose size is not a power of two: the proof itself must rebuild the old root.
    for (const first of [6, 7, 9, 10]) {
      const proof = subproof(first, rewritten.slice(0, 11), true).map((b) => b.toString('hex'));
      const checked = run({
        ...after,
        older_head: sth(first, mth(leaves.slice(0, first))),
        consistency: { first, second: 11, proof },
      });
      expect(checked.output, `kept head of ${first}`).toContain('FAIL consistency');
    }
    expect(run('not a bundle')).toMatchObject({ code: 1 });
  });
});
