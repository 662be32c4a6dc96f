/**
 * `npm run events:export -- --out DIR [--prefix events/dt=2026-11-] [--persist-to DIR] [--env NAME]`:
 * copies archive objects from the ARCHIVE bucket to DIR with the same key layout
 * (DIR/events/dt=YYYY-MM-DD/hour=HH/{batch}.ndjson.gz), for DuckDB (docs/operating.md). Reads
 * the local state `npm start` keeps (.wrangler/state, or --persist-to) through wrangler's
 * platform proxy; with --env and the binding marked `remote = true`, the deployed bucket.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { getPlatformProxy } from 'wrangler';
import { z } from 'zod';

/** The part of the R2 binding this needs (the Worker's own types are not Node's). */
interface ArchiveReader {
  list(options: { prefix: string; cursor?: string }): Promise<{
    objects: { key: string }[];
    truncated: boolean;
    cursor?: string;
  }>;
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
}

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    prefix: { type: 'string', default: 'events/' },
    env: { type: 'string' },
    'persist-to': { type: 'string' },
  },
});
const args = z
  .object({
    out: z.string().min(1),
    prefix: z.string().startsWith('events/'),
    env: z.string().optional(),
    'persist-to': z.string().optional(),
  })
  .safeParse(values);
if (!args.success) {
  console.error(
    'usage: npm run events:export -- --out DIR [--prefix events/dt=2026-11-] [--persist-to DIR] [--env NAME]',
  );
  console.error(z.prettifyError(args.error));
  process.exit(2);
}
const { out, prefix, env } = args.data;
const persistTo = args.data['persist-to'];

const proxy = await getPlatformProxy<{ ARCHIVE: ArchiveReader }>({
  ...(env ? { environment: env } : {}),
  // Like wrangler's --persist-to: the state sits in its v3 folder.
  persist: { path: join(persistTo ?? '.wrangler/state', 'v3') },
});
try {
  let copied = 0;
  let cursor: string | undefined;
  do {
    const page = await proxy.env.ARCHIVE.list({ prefix, ...(cursor ? { cursor } : {}) });
    for (const { key } of page.objects) {
      const object = await proxy.env.ARCHIVE.get(key);
      if (!object) continue;
      const file = join(out, key);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, new Uint8Array(await object.arrayBuffer()));
      copied += 1;
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  console.log(`${copied} archive objects under ${prefix} copied to ${out}`);
} finally {
  await proxy.dispose();
}
