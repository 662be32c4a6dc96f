/**
 * The Worker's bindings wrapped to count what a visit costs on Cloudflare's price list: D1 rows
 * read and written (from each result's own meta, as D1 bills them), KV reads and writes, R2
 * class A and B operations, queue messages (captured, not sent: the probe hands them to the
 * consumers itself, counted the same way) and Durable Object requests (calls on a stub). What a
 * Durable Object does inside itself (its own storage) is not seen from here.
 */
export interface Tally {
  requests: number;
  d1Queries: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  kvReads: number;
  kvWrites: number;
  r2ClassA: number;
  r2ClassB: number;
  queueMessages: number;
  doRequests: number;
}

export const emptyTally = (): Tally => ({
  requests: 0,
  d1Queries: 0,
  d1RowsRead: 0,
  d1RowsWritten: 0,
  kvReads: 0,
  kvWrites: 0,
  r2ClassA: 0,
  r2ClassB: 0,
  queueMessages: 0,
  doRequests: 0,
});

type Meta = { rows_read?: number; rows_written?: number } | undefined;

export function countingEnv(base: Env, tally: Tally, captured: Map<string, unknown[]>): Env {
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  const addMeta = (meta: Meta) => {
    tally.d1Queries += 1;
    tally.d1RowsRead += meta?.rows_read ?? 0;
    tally.d1RowsWritten += meta?.rows_written ?? 0;
  };
  const statement = (real: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = {
      bind: (...values: unknown[]) => statement(real.bind(...values)),
      all: async () => {
        const result = await real.all();
        addMeta(result.meta);
        return result;
      },
      run: async () => {
        const result = await real.run();
        addMeta(result.meta);
        return result;
      },
      // first() hides its meta: run it as all() and take the first row, as first() does.
      first: async (column?: string) => {
        const result = await real.all<Record<string, unknown>>();
        addMeta(result.meta);
        const row = result.results[0];
        if (!row) return null;
        return column === undefined ? row : row[column];
      },
      raw: async (options?: { columnNames?: boolean }) => {
        tally.d1Queries += 1;
        return options?.columnNames ? real.raw({ columnNames: true }) : real.raw();
      },
    } as unknown as D1PreparedStatement;
    unwrap.set(wrapped, real);
    return wrapped;
  };
  const db = {
    prepare: (sql: string) => statement(base.DB.prepare(sql)),
    batch: async (statements: D1PreparedStatement[]) => {
      const results = await base.DB.batch(statements.map((s) => unwrap.get(s) ?? s));
      for (const r of results) addMeta(r.meta);
      return results;
    },
    exec: (sql: string) => {
      tally.d1Queries += 1;
      return base.DB.exec(sql);
    },
    dump: () => base.DB.dump(),
    withSession: (constraint?: string) => base.DB.withSession(constraint),
  } as unknown as D1Database;

  const kv = base.CACHE;
  const cache = {
    get: (...args: Parameters<KVNamespace['get']>) => {
      tally.kvReads += 1;
      return (kv.get as (...a: unknown[]) => unknown)(...args);
    },
    getWithMetadata: (...args: Parameters<KVNamespace['getWithMetadata']>) => {
      tally.kvReads += 1;
      return (kv.getWithMetadata as (...a: unknown[]) => unknown)(...args);
    },
    put: (...args: Parameters<KVNamespace['put']>) => {
      tally.kvWrites += 1;
      return kv.put(...args);
    },
    delete: (key: string) => {
      tally.kvWrites += 1;
      return kv.delete(key);
    },
    list: (options?: KVNamespaceListOptions) => {
      tally.kvWrites += 1;
      return kv.list(options);
    },
  } as unknown as KVNamespace;

  const r2 = base.ARCHIVE;
  const archive = {
    put: (...args: Parameters<R2Bucket['put']>) => {
      tally.r2ClassA += 1;
      return r2.put(...args);
    },
    list: (options?: R2ListOptions) => {
      tally.r2ClassA += 1;
      return r2.list(options);
    },
    get: (...args: Parameters<R2Bucket['get']>) => {
      tally.r2ClassB += 1;
      return (r2.get as (...a: unknown[]) => unknown)(...args);
    },
    head: (key: string) => {
      tally.r2ClassB += 1;
      return r2.head(key);
    },
    // Deletes are free on R2's price list.
    delete: (keys: string | string[]) => r2.delete(keys),
  } as unknown as R2Bucket;

  const queue = (name: string) =>
    ({
      send: (body: unknown) => {
        tally.queueMessages += 1;
        captured.set(name, [...(captured.get(name) ?? []), body]);
        return Promise.resolve();
      },
      sendBatch: (messages: Iterable<{ body: unknown }>) => {
        for (const m of messages) {
          tally.queueMessages += 1;
          captured.set(name, [...(captured.get(name) ?? []), m.body]);
        }
        return Promise.resolve();
      },
    }) as unknown as Queue;

  const ns = base.VISITOR;
  // An RPC stub answers every property name with a callable: count each call made through it.
  const stub = (real: DurableObjectStub): DurableObjectStub =>
    new Proxy(real, {
      get(target, prop) {
        if (prop === 'then') return undefined;
        if (prop === 'id' || prop === 'name' || typeof prop === 'symbol') return Reflect.get(target, prop) as unknown;
        return (...args: unknown[]) => {
          tally.doRequests += 1;
          return (target as unknown as Record<string, (...a: unknown[]) => unknown>)[prop]?.(...args);
        };
      },
    });
  const visitors = {
    idFromName: (name: string) => ns.idFromName(name),
    idFromString: (id: string) => ns.idFromString(id),
    newUniqueId: () => ns.newUniqueId(),
    get: (id: DurableObjectId) => stub(ns.get(id)),
    getByName: (name: string) => stub(ns.get(ns.idFromName(name))),
  } as unknown as Env['VISITOR'];

  return {
    ...base,
    DB: db,
    CACHE: cache,
    ARCHIVE: archive,
    EVENTS: queue('events'),
    EVENTS_DLQ: queue('events-dlq'),
    LEAD_DELIVERY: queue('leads'),
    VISITOR: visitors,
  };
}
