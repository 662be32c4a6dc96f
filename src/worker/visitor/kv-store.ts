/**
 * The visitor's key-value rows (table kv: JSON text by key), kept in memory while the object
 * lives. The object is the only writer of its storage, so what it wrote is what it would read
 * back: a returning visitor's page render costs no SQL after the first. Emptied whenever
 * storage may differ from it (a failed transaction, forget(), a test's SQL).
 */
export class VisitorKv {
  private readonly text = new Map<string, string | null>();
  /**
   * Moves on with every write and every time memory is emptied: what was worked out from the rows
   * at one version holds while the version is the same (the object's page-state memo).
   */
  #version = 0;

  get version(): number {
    return this.#version;
  }

  constructor(
    private readonly sql: SqlStorage,
    /** Called after every write (the idle alarm's clock). */
    private readonly onWrite: () => void,
  ) {}

  /** Creates the table; synchronous SQL, so it runs before any request reaches the object. */
  create(): void {
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at INTEGER NOT NULL)`,
    );
  }

  /** The JSON value stored under key, or undefined. */
  get(key: string): unknown {
    let text = this.text.get(key);
    if (text === undefined) {
      text = this.sql.exec<{ value: string }>('SELECT value FROM kv WHERE key = ?', key).toArray()[0]?.value ?? null;
      this.text.set(key, text);
    }
    // Parsed per read: a caller may change what it gets without changing what is stored.
    return text === null ? undefined : (JSON.parse(text) as unknown);
  }

  /**
   * The JSON text stored under each of several keys, as stored (keys with nothing stored are
   * absent), the ones not in memory read in one query (a page render read them one statement each).
   */
  getManyText(keys: readonly string[]): Map<string, string> {
    const missing = keys.filter((key) => !this.text.has(key));
    if (missing.length > 0) {
      for (const key of missing) this.text.set(key, null);
      const rows = this.sql.exec<{ key: string; value: string }>(
        `SELECT key, value FROM kv WHERE key IN (${missing.map(() => '?').join(', ')})`,
        ...missing,
      );
      for (const row of rows) this.text.set(row.key, row.value);
    }
    const found = new Map<string, string>();
    for (const key of keys) {
      const text = this.text.get(key);
      if (typeof text === 'string') found.set(key, text);
    }
    return found;
  }

  put(key: string, value: unknown): void {
    const text = JSON.stringify(value);
    this.sql.exec(
      'INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
      key,
      text,
      Date.now(),
    );
    this.text.set(key, text);
    this.#version++;
    this.onWrite();
  }

  /** Forgets what is in memory: storage may hold something else now. */
  clear(): void {
    this.text.clear();
    this.#version++;
  }

  count(): number {
    return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM kv').toArray()[0]?.n ?? 0;
  }

  /** Every row, for the privacy export. */
  rows(): { key: string; value: string; updated_at: number }[] {
    return this.sql
      .exec<{ key: string; value: string; updated_at: number }>('SELECT key, value, updated_at FROM kv ORDER BY key')
      .toArray();
  }
}
