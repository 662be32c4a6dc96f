/**
 * Certificates go when their window is over (retention.ts); their log entries stay. The log is
 * the index of every certificate in the order it was issued, so the alarm walks it from a cursor
 * instead of listing R2: each run takes up to EXPIRY_BATCH entries older than the window, skips
 * those a buyer's claim keeps, and deletes the rest: the R2 certificate object (and the D1 row, for
 * a lead still hot). A claimed certificate goes when its claim runs out, found by the claim's index.
 */
import { certificateKey } from '../lead-archive/store';
import { logJson } from '../observability/log';
import { certificateRetentionDays, claimPrefix, DAY_MS } from './retention';
import { uuidOf } from './tree-store';

/** Entries a run looks at: one R2 delete call (1,000 keys) and one D1 statement; 288 runs a day cover 100k leads. */
export const EXPIRY_BATCH = 1000;

type ExpiryEnv = Pick<Env, 'DB' | 'ARCHIVE'> & { CERTIFICATE_RETENTION_DAYS?: string; LEADS_HOT_DAYS?: string };

async function deleteCertificates(env: ExpiryEnv, ids: string[], claimed: string[]): Promise<void> {
  if (ids.length === 0) return;
  await env.ARCHIVE.delete(ids.map(certificateKey));
  await env.DB.prepare('DELETE FROM lead_certificates WHERE id IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify(ids))
    .run();
  // A claim's record goes with the certificate it kept.
  for (const id of claimed) {
    const listing = await env.ARCHIVE.list({ prefix: claimPrefix(id) });
    if (listing.objects.length) await env.ARCHIVE.delete(listing.objects.map((o) => o.key));
  }
}

export async function expireCertificates(
  env: ExpiryEnv,
  storage: DurableObjectStorage,
  now: number,
): Promise<{ expired: number; kept: number }> {
  const sql = storage.sql;
  const cursor =
    sql.exec<{ value: number }>(`SELECT value FROM marks WHERE name = 'expiry_cursor'`).toArray()[0]?.value ?? 0;
  const cutoff = now - certificateRetentionDays(env) * DAY_MS;
  // In log order up to the first entry still inside its window: the cursor never passes one.
  const next = sql
    .exec<{ idx: number; certificate: ArrayBuffer; appended_at: number; retain_until: number | null }>(
      'SELECT idx, certificate, appended_at, retain_until FROM entries WHERE idx >= ? ORDER BY idx LIMIT ?',
      cursor,
      EXPIRY_BATCH,
    )
    .toArray();
  const young = next.findIndex((e) => e.appended_at >= cutoff);
  const due = young === -1 ? next : next.slice(0, young);
  const unclaimed = due.filter((e) => e.retain_until === null || e.retain_until <= now);
  const kept = due.length - unclaimed.length;
  // Claims run out only behind the cursor: one ahead of it still has its unclaimed window to go.
  const lapsed = sql
    .exec<{ idx: number; certificate: ArrayBuffer }>(
      'SELECT idx, certificate FROM entries WHERE retain_until IS NOT NULL AND retain_until <= ? AND idx < ? LIMIT ?',
      now,
      cursor,
      EXPIRY_BATCH,
    )
    .toArray();
  const ids = [...unclaimed, ...lapsed].map((e) => uuidOf(e.certificate));
  const claimed = [...unclaimed.filter((e) => e.retain_until !== null), ...lapsed].map((e) => uuidOf(e.certificate));
  await deleteCertificates(env, ids, claimed);
  storage.transactionSync(() => {
    const last = due.at(-1);
    if (last) sql.exec(`INSERT OR REPLACE INTO marks (name, value) VALUES ('expiry_cursor', ?)`, last.idx + 1);
    // Gone: out of the claim index, so it is not deleted twice.
    for (const e of lapsed) sql.exec('UPDATE entries SET retain_until = NULL WHERE idx = ?', e.idx);
    for (const e of unclaimed)
      if (e.retain_until !== null) sql.exec('UPDATE entries SET retain_until = NULL WHERE idx = ?', e.idx);
  });
  if (ids.length) logJson('info', 'certificates expired', { where: 'lead-log.expiry', expired: ids.length, kept });
  return { expired: ids.length, kept };
}
