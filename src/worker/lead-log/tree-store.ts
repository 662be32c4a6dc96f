/**
 * The lead log's tree in the Durable Object's SQLite: every perfect subtree as a row of `nodes`
 * (level 0 are the leaves), so a root or a proof reads about 2·log2(n) rows by primary key, and
 * appending leaf i writes the one leaf and the subtrees it completes (one on average).
 * `entries` maps each leaf to its certificate (the id as 16 bytes), when it was appended and,
 * for a certificate a buyer claimed, until when it is kept.
 */
import { completedBy, type Hash, type SubtreeSource } from './merkle';

export const TREE_SCHEMA = `
CREATE TABLE IF NOT EXISTS nodes (level INTEGER NOT NULL, idx INTEGER NOT NULL, hash BLOB NOT NULL, PRIMARY KEY (level, idx)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entries (idx INTEGER PRIMARY KEY, certificate BLOB NOT NULL, appended_at INTEGER NOT NULL, retain_until INTEGER);
CREATE UNIQUE INDEX IF NOT EXISTS entries_certificate ON entries (certificate);
CREATE INDEX IF NOT EXISTS entries_claimed ON entries (retain_until) WHERE retain_until IS NOT NULL;
CREATE TABLE IF NOT EXISTS heads (tree_size INTEGER PRIMARY KEY, timestamp INTEGER NOT NULL, root BLOB NOT NULL, jws TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS marks (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
`;

/** A certificate id (a UUID) as its 16 bytes. */
export function uuidBytes(id: string): Uint8Array<ArrayBuffer> {
  const hex = id.replace(/-/g, '');
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function uuidOf(bytes: ArrayBuffer): string {
  const h = [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export class TreeStore {
  private readonly sql: SqlStorage;
  constructor(private readonly storage: DurableObjectStorage) {
    this.sql = storage.sql;
  }

  size(): number {
    const row = this.sql.exec<{ n: number | null }>('SELECT MAX(idx) AS n FROM entries').one();
    return row.n === null ? 0 : row.n + 1;
  }

  readonly source: SubtreeSource = (level, index) => {
    const rows = this.sql
      .exec<{ hash: ArrayBuffer }>('SELECT hash FROM nodes WHERE level = ? AND idx = ?', level, index)
      .toArray();
    const row = rows[0];
    if (!row) throw new Error(`the log lacks subtree ${level}:${index}`);
    return new Uint8Array(row.hash);
  };

  indexOf(certificateId: string): number | null {
    const rows = this.sql
      .exec<{ idx: number }>('SELECT idx FROM entries WHERE certificate = ?', uuidBytes(certificateId).buffer)
      .toArray();
    return rows[0]?.idx ?? null;
  }

  /**
   * Appends one leaf: the subtrees it completes are hashed first (children come from rows already
   * written), then the leaf, its entry and those subtrees are written in one transaction, so a
   * crash never leaves a leaf without the nodes above it.
   */
  async append(certificateId: string, leaf: Hash, now: number, nodeOf: (l: Hash, r: Hash) => Promise<Hash>) {
    const existing = this.indexOf(certificateId);
    if (existing !== null) return existing;
    const index = this.size();
    const made = new Map<string, Hash>([[`0:${index}`, leaf]]);
    const child = (level: number, i: number) => made.get(`${level}:${i}`) ?? (this.source(level, i) as Hash);
    for (const c of completedBy(index))
      made.set(
        `${c.level}:${c.index}`,
        await nodeOf(child(c.level - 1, 2 * c.index), child(c.level - 1, 2 * c.index + 1)),
      );
    this.storage.transactionSync(() => {
      this.sql.exec(
        'INSERT INTO entries (idx, certificate, appended_at) VALUES (?, ?, ?)',
        index,
        uuidBytes(certificateId).buffer,
        now,
      );
      for (const [key, hash] of made) {
        const [level, i] = key.split(':').map(Number);
        this.sql.exec('INSERT INTO nodes (level, idx, hash) VALUES (?, ?, ?)', level, i, hash.slice().buffer);
      }
    });
    return index;
  }
}
