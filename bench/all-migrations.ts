/**
 * Every D1 database's schema in one SQLite file, for the scripts that measure tables and indexes
 * offline (capacity.ts, index-usage.ts): each database's migrations (wrangler.toml's
 * migrations_dir), in the order given. A table left behind in DB by a move (LEFT_BEHIND: kept for
 * a rollback, never written) is dropped before its new database's migrations, which create it again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { LEFT_BEHIND } from '../src/worker/archive/table-retention';

export function applyMigrations(db: DatabaseSync, databases: readonly (readonly [dir: string, binding: string])[]) {
  for (const [dir, binding] of databases) {
    for (const left of LEFT_BEHIND.filter((l) => l.movedTo === binding)) db.exec(`DROP TABLE IF EXISTS ${left.table}`);
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort())
      db.exec(readFileSync(join(dir, file), 'utf8'));
  }
}
