import { spawnSync } from 'node:child_process';
import { inject } from 'vitest';
import { z } from 'zod';

/**
 * Rows from the local D1 that `wrangler dev` of the browser tests writes (its persist dir
 * comes from global setup), parsed with the caller's row schema. Only for test SQL with no
 * outside input: callers build the statement from values they validated.
 */
export function queryD1<S extends z.ZodType>(sql: string, row: S): z.infer<S>[] {
  const out = spawnSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', inject('persistDir'), '--json', '--command', sql], {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(out.stderr);
  return z
    .array(z.object({ results: z.array(row) }))
    .parse(JSON.parse(out.stdout))
    .flatMap((p) => p.results);
}

/** The visitor id cookie of a browser context (a uuid, so safe to put in test SQL). */
export async function visitorIdOf(context: { cookies(): Promise<{ name: string; value: string }[]> }): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'qf_aid');
  if (!cookie) throw new Error('no qf_aid cookie');
  return z.uuid().parse(cookie.value);
}

const eventRow = z.object({ event: z.string(), timestamp: z.string(), page: z.string().nullable(), properties: z.string() });

/** One visitor's stored events in the order they happened. */
export function storedEventsOf(anonymousId: string): z.infer<typeof eventRow>[] {
  return queryD1(`SELECT event, timestamp, page, properties FROM events WHERE anonymous_id = '${z.uuid().parse(anonymousId)}' ORDER BY timestamp, rowid`, eventRow);
}
