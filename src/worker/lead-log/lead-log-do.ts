import { DurableObject } from 'cloudflare:workers';
import { toHex } from '../../shared/hex';
import { signingKey } from '../consent/signing-key';
import { archivedCertificate } from '../lead-archive/read';
import { logJson } from '../observability/log';
import { consistencyProof, emptyRoot, inclusionProof, leafHash, nodeHash, treeRoot } from './merkle';
import { expireCertificates } from './expiry';
import { headKey, headOf, signTreeHead, type TreeHead } from './tree-head';
import { TREE_SCHEMA, TreeStore, uuidBytes } from './tree-store';
import type { LogInclusion } from '../../shared/consent/log-status';

/**
 * The public, append-only log of lead certificates (in the manner of Certificate Transparency):
 * one object, so appends are serialized and the tree has one truth. Each certificate's JWS, as
 * signed and stored, is a leaf; a signed tree head is published every LEAD_LOG_HEAD_SECONDS
 * (the object's alarm), in the object and in R2 (historic heads, one per size).
 *
 * Issuing a certificate never waits on the log: the certificate's D1 batch queues it in
 * `lead_log_pending`, the request pokes this object in waitUntil, and the alarm takes up whatever
 * a failed poke left. The alarm also expires certificates past their window (expiry.ts).
 */
export type InclusionAnswer = { status: 'not_logged' } | { status: 'pending'; leaf_index: number } | LogInclusion;

/** Pending certificates one flush appends; a backlog goes on in the next. */
const FLUSH_BATCH = 500;
/** A head is signed again at this age even when the tree did not grow: a buyer sees the log is alive. */
const HEAD_REFRESH_MS = 3_600_000;

export function headIntervalMs(env: { LEAD_LOG_HEAD_SECONDS?: string }): number {
  const seconds = Number(env.LEAD_LOG_HEAD_SECONDS ?? '300');
  return (Number.isFinite(seconds) && seconds >= 10 ? seconds : 300) * 1000;
}

export class LeadLogDO extends DurableObject<Env> {
  private readonly tree: TreeStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(TREE_SCHEMA);
    this.tree = new TreeStore(ctx.storage);
  }

  size(): number {
    return this.tree.size();
  }

  /**
   * Appends certificates (id and JWS), each once: one at a time, no other call in between, so two
   * appends can never take the same index while a hash is computed. Answers their indexes.
   */
  async append(items: { certificateId: string; jws: string }[], now = Date.now()): Promise<number[]> {
    return this.ctx.blockConcurrencyWhile(async () => {
      const out: number[] = [];
      for (const item of items) {
        const leaf = await leafHash(new TextEncoder().encode(item.jws));
        out.push(await this.tree.append(item.certificateId, leaf, now, nodeHash));
      }
      return out;
    });
  }

  /** Appends the queued certificates of D1 `lead_log_pending`, oldest first; answers how many. */
  async flush(): Promise<number> {
    const db = this.env.DB;
    const { results } = await db
      .prepare(
        `SELECT p.certificate_id AS id, c.jws AS jws FROM lead_log_pending p
         LEFT JOIN lead_certificates c ON c.id = p.certificate_id ORDER BY p.created_at LIMIT ?`,
      )
      .bind(FLUSH_BATCH)
      .all<{ id: string; jws: string | null }>();
    // A certificate still queued when its lead left D1 (days of failed appends) is read from R2.
    for (const row of results)
      if (row.jws === null) row.jws = (await archivedCertificate(this.env.ARCHIVE, row.id))?.jws ?? null;
    const ready = results.filter((r): r is { id: string; jws: string } => r.jws !== null);
    await this.append(ready.map((r) => ({ certificateId: r.id, jws: r.jws })));
    // A pending row whose certificate is gone (its lead erased before the append) has nothing to log.
    if (results.length)
      await db
        .prepare('DELETE FROM lead_log_pending WHERE certificate_id IN (SELECT value FROM json_each(?))')
        .bind(JSON.stringify(results.map((r) => r.id)))
        .run();
    return ready.length;
  }

  /** A certificate was queued: append it now and make sure the alarm runs. */
  async poke(): Promise<number> {
    await this.arm();
    return this.flush();
  }

  private async arm(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null)
      await this.ctx.storage.setAlarm(Date.now() + headIntervalMs(this.env));
  }

  latestHead(): { jws: string; head: TreeHead } | null {
    const row = this.ctx.storage.sql
      .exec<{ jws: string }>('SELECT jws FROM heads ORDER BY tree_size DESC LIMIT 1')
      .toArray()[0];
    const head = row ? headOf(row.jws) : null;
    return row && head ? { jws: row.jws, head } : null;
  }

  /**
   * Signs a head of the tree as it stands, unless the latest already covers this size and is
   * recent. Published in R2 under its size for mirrors. Null without a signing key.
   */
  async signHead(now = Date.now()): Promise<{ jws: string; head: TreeHead } | null> {
    const latest = this.latestHead();
    const size = this.tree.size();
    if (latest && latest.head.tree_size === size && now - latest.head.timestamp < HEAD_REFRESH_MS) return latest;
    const key = await signingKey(this.env.LEAD_CERTIFICATE_KEY);
    if (!key) {
      logJson('error', 'LEAD_CERTIFICATE_KEY is not set or invalid; no tree head signed', { where: 'lead-log.head' });
      return null;
    }
    const root = size === 0 ? await emptyRoot() : await treeRoot(this.tree.source, size);
    const head: TreeHead = { log: 'lead-log/v1', tree_size: size, timestamp: now, sha256_root_hash: toHex(root) };
    const jws = await signTreeHead(key, head);
    this.ctx.storage.sql.exec(
      'INSERT OR REPLACE INTO heads (tree_size, timestamp, root, jws) VALUES (?, ?, ?, ?)',
      size,
      now,
      root.slice().buffer,
      jws,
    );
    // The key is published for as long as anything it signed is (certificate.ts does the same).
    await this.env.DB.prepare(
      'INSERT OR IGNORE INTO certificate_keys (kid, public_jwk, first_used_at) VALUES (?, ?, ?)',
    )
      .bind(key.kid, JSON.stringify(key.publicJwk), new Date(now).toISOString())
      .run();
    await this.env.ARCHIVE.put(headKey(size), JSON.stringify({ jws, ...head }), {
      httpMetadata: { contentType: 'application/json' },
    });
    return { jws, head };
  }

  /** The inclusion proof of a certificate against the latest signed head. */
  async inclusion(certificateId: string): Promise<InclusionAnswer> {
    const index = this.tree.indexOf(certificateId);
    if (index === null) return { status: 'not_logged' };
    const latest = this.latestHead();
    if (!latest || index >= latest.head.tree_size) return { status: 'pending', leaf_index: index };
    const size = latest.head.tree_size;
    const proof = await inclusionProof(this.tree.source, index, size);
    return {
      status: 'included',
      leaf_index: index,
      tree_size: size,
      leaf_hash: toHex(await this.tree.source(0, index)),
      audit_path: proof.map((h) => toHex(h)),
      sth: latest.jws,
    };
  }

  /** The consistency proof between two tree sizes; null when either is beyond the tree. */
  async consistency(first: number, second: number): Promise<string[] | null> {
    if (!(first >= 1 && first <= second && second <= this.tree.size())) return null;
    return (await consistencyProof(this.tree.source, first, second)).map((h) => toHex(h));
  }

  /**
   * Keeps a certificate until `retainUntil` (ms) or longer if already so: answers the date it
   * is now kept until, or null when the certificate is not in the log (yet).
   */
  claim(certificateId: string, retainUntil: number): number | null {
    const rows = this.ctx.storage.sql
      .exec<{ retain_until: number }>(
        `UPDATE entries SET retain_until = MAX(COALESCE(retain_until, 0), ?) WHERE certificate = ? RETURNING retain_until`,
        retainUntil,
        uuidBytes(certificateId).buffer,
      )
      .toArray();
    return rows[0]?.retain_until ?? null;
  }

  /** Certificate ids among `ids` that a live claim keeps (for any code that deletes certificates). */
  claimed(ids: string[], now = Date.now()): string[] {
    return ids.filter((id) => {
      const row = this.ctx.storage.sql
        .exec<{ retain_until: number | null }>(
          'SELECT retain_until FROM entries WHERE certificate = ?',
          uuidBytes(id).buffer,
        )
        .toArray()[0];
      return row?.retain_until != null && row.retain_until > now;
    });
  }

  /** Every few minutes: append what is queued, sign a head, expire what is due; then again. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    try {
      for (let i = 0; i < 4 && (await this.flush()) === FLUSH_BATCH; i++);
      await this.signHead(now);
      await expireCertificates(this.env, this.ctx.storage, now);
    } finally {
      await this.ctx.storage.setAlarm(Date.now() + headIntervalMs(this.env));
    }
  }
}
