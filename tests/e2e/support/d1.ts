import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { anonymousIdFor, verifySignedValue, VISITOR_COOKIE } from '../../../src/worker/visitor/visitor-key';
import { inject } from 'vitest';
import { z } from 'zod';
import type { D1Binding } from '../../../src/worker/archive/table-retention';

/**
 * Rows from the local D1 that `wrangler dev` of the browser tests writes (its persist dir
 * comes from global setup), parsed with the caller's row schema. Only for test SQL with no
 * outside input: callers build the statement from values they validated. `binding` names the
 * D1 database (ad_conversions is in ADS_DB, the revenue store in REVENUE_DB: each its own).
 */
export function queryD1<S extends z.ZodType>(sql: string, row: S, binding: D1Binding = 'DB'): z.infer<S>[] {
  const out = spawnSync(
    'wrangler',
    ['d1', 'execute', binding, '--local', '--persist-to', inject('persistDir'), '--json', '--command', sql],
    {
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
      encoding: 'utf8',
    },
  );
  if (out.status !== 0) throw new Error(out.stderr);
  return z
    .array(z.object({ results: z.array(row) }))
    .parse(JSON.parse(out.stdout))
    .flatMap((p) => p.results);
}

/** The cookie secret `wrangler dev` of the browser tests runs with (global setup passes .dev.vars.example). */
function cookieSecretOfDev(): string {
  const line = readFileSync('.dev.vars.example', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VISITOR_COOKIE_SECRET='));
  if (!line) throw new Error('VISITOR_COOKIE_SECRET missing from .dev.vars.example');
  return line.slice('VISITOR_COOKIE_SECRET='.length).trim();
}

/**
 * The public anonymous id of a browser context's visitor (what events and leads.visitor_id
 * carry; a uuid, so safe to put in test SQL), derived from its signed, HttpOnly visitor-key
 * cookie as the Worker derives it (src/worker/visitor/visitor-key.ts).
 */
export async function visitorIdOf(context: {
  cookies(): Promise<{ name: string; value: string; domain: string }[]>;
}): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === VISITOR_COOKIE);
  if (!cookie) throw new Error('no qf_aid cookie');
  // The key is signed for the site that set it (a host-only cookie's domain is that host).
  const key = await verifySignedValue(cookie.value, cookieSecretOfDev(), 'visitor', cookie.domain.replace(/^\./, ''));
  if (!key) throw new Error('qf_aid is not signed with the dev secret');
  return z.uuid().parse(await anonymousIdFor(key, cookieSecretOfDev()));
}

const eventRow = z.object({
  event: z.string(),
  timestamp: z.string(),
  page: z.string().nullable(),
  properties: z.string(),
});

/** One visitor's stored events in the order they happened. */
export function storedEventsOf(anonymousId: string): z.infer<typeof eventRow>[] {
  return queryD1(
    `SELECT event, timestamp, page, properties FROM events WHERE anonymous_id = '${z.uuid().parse(anonymousId)}' ORDER BY timestamp, rowid`,
    eventRow,
  );
}
