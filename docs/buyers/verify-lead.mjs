#!/usr/bin/env node
/**
 * Verifies a lead's consent certificate offline, with nothing but Node's own crypto: no request
 * to us, no trust in us beyond the keys you saved. Usage:
 *
 *   node verify-lead.mjs bundle.json
 *
 * bundle.json (every part as our endpoints return it; docs/buyers/verify-a-lead.md):
 *   {
 *     "jwks":        { "keys": [...] },                         GET /.well-known/lead-certificates.json
 *     "certificate": "eyJ...",                                  the `jws` of GET /certificates/{id}
 *     "inclusion":   { "leaf_index", "tree_size", "audit_path", "sth" }   GET /certificates/{id}/inclusion
 *     "older_head":  "eyJ...",                 optional: a head you kept from before (its `jws`)
 *     "consistency": { "first", "second", "proof" }   optional: GET /.well-known/lead-log/consistency
 *   }
 *
 * Checks, in order, and stops at the first that fails, naming it:
 *   signature       the certificate is signed by a published key;
 *   head-signature  the tree head of the proof is signed by a published key;
 *   inclusion       the certificate, exactly as you hold it, is a leaf of that head's tree
 *                   (RFC 6962 hashing, RFC 9162 §2.1.3.2);
 *   consistency     (with older_head) the log's tree today extends the one you kept
 *                   (RFC 9162 §2.1.4.2): no entry was changed since.
 * Exit code 0 when everything holds, 1 when a check fails, 2 for an unreadable bundle.
 */
/* global Buffer -- Node's own globals: the script runs under Node, not in the Worker */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

const b64u = (s) => Buffer.from(s, 'base64url');
const sha256 = (...parts) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leafHash = (data) => sha256(Buffer.from([0]), data);
const nodeHash = (l, r) => sha256(Buffer.from([1]), l, r);

/** The JWS's payload when its EdDSA signature verifies under the JWKS key it names, else null. */
export function verifyJws(jws, jwks, typ) {
  const [h, p, s] = String(jws).split('.');
  if (!h || !p || !s) return null;
  let header;
  try {
    header = JSON.parse(b64u(h).toString('utf8'));
  } catch {
    return null;
  }
  if (header.alg !== 'EdDSA' || header.typ !== typ) return null;
  const jwk = (jwks.keys ?? []).find((k) => k.kid === header.kid && k.kty === 'OKP' && k.crv === 'Ed25519');
  if (!jwk) return null;
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  if (!verify(null, Buffer.from(`${h}.${p}`), key, b64u(s))) return null;
  return JSON.parse(b64u(p).toString('utf8'));
}

export function verifyInclusion(leaf, index, size, path, root) {
  if (!(index >= 0 && index < size)) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0)
        while (fn % 2 === 0 && fn !== 0) {
          fn >>>= 1;
          sn >>>= 1;
        }
    } else r = nodeHash(r, p);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(root);
}

export function verifyConsistency(first, second, proof, firstRoot, secondRoot) {
  if (!(first >= 1 && first <= second)) return false;
  if (first === second) return proof.length === 0 && firstRoot.equals(secondRoot);
  if (proof.length === 0) return false;
  const path = Number.isInteger(Math.log2(first)) ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (fn % 2 === 0)
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
    } else sr = nodeHash(sr, c);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && fr.equals(firstRoot) && sr.equals(secondRoot);
}

/** Every check of the bundle: { ok, failed?, lines }. */
export function verifyBundle(bundle) {
  const lines = [];
  const fail = (step, why) => ({ ok: false, failed: step, lines: [...lines, `FAIL ${step}: ${why}`] });
  const certificate = verifyJws(bundle.certificate, bundle.jwks, 'lead-certificate+jwt');
  if (!certificate) return fail('signature', 'the certificate is not signed by a published key');
  lines.push(`ok   signature: certificate ${certificate.certificate_id} of lead ${certificate.lead_id}`);
  const inclusion = bundle.inclusion ?? {};
  const head = verifyJws(inclusion.sth, bundle.jwks, 'lead-log-sth+jwt');
  if (!head) return fail('head-signature', 'the tree head is not signed by a published key');
  lines.push(`ok   head-signature: tree of ${head.tree_size} at ${new Date(head.timestamp).toISOString()}`);
  const leaf = leafHash(Buffer.from(String(bundle.certificate), 'utf8'));
  const path = (inclusion.audit_path ?? []).map((h) => Buffer.from(h, 'hex'));
  const root = Buffer.from(head.sha256_root_hash, 'hex');
  if (
    inclusion.tree_size !== head.tree_size ||
    !verifyInclusion(leaf, inclusion.leaf_index, head.tree_size, path, root)
  )
    return fail('inclusion', 'this certificate is not the one the log holds at its index (edited or re-signed?)');
  lines.push(`ok   inclusion: leaf ${inclusion.leaf_index} of ${head.tree_size}`);
  if (bundle.older_head) {
    const older = verifyJws(bundle.older_head, bundle.jwks, 'lead-log-sth+jwt');
    if (!older) return fail('consistency', 'the older head is not signed by a published key');
    const c = bundle.consistency ?? {};
    const proof = (c.proof ?? []).map((h) => Buffer.from(h, 'hex'));
    if (
      c.first !== older.tree_size ||
      c.second !== head.tree_size ||
      !verifyConsistency(older.tree_size, head.tree_size, proof, Buffer.from(older.sha256_root_hash, 'hex'), root)
    )
      return fail(
        'consistency',
        `the log's tree of ${head.tree_size} does not extend the tree of ${older.tree_size} you kept`,
      );
    lines.push(`ok   consistency: ${older.tree_size} -> ${head.tree_size}`);
  }
  return { ok: true, lines };
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  let bundle;
  try {
    bundle = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
  } catch (error) {
    console.error(`cannot read the bundle: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  }
  const result = verifyBundle(bundle);
  console.log(result.lines.join('\n'));
  process.exit(result.ok ? 0 : 1);
}
