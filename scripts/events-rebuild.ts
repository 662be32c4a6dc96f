/**
 * `npm run events:rebuild -- --from 2026-10-01 --to 2026-10-31 [--persist-to DIR] [--url URL]`:
 * rebuilds the daily event rollups of those UTC days from the R2 archive.
 *
 * The Worker does the work (POST /ops/events/rebuild, src/worker/archive/rebuild.ts), so the
 * script never needs its own way into D1 or R2:
 * - locally (no --url) it starts the Worker with wrangler's unstable_dev on the state `npm start`
 *   keeps (.wrangler/state, or --persist-to DIR, as wrangler's own flag), with a one-off report
 *   token, and asks it;
 * - with --url https://www.example.com it asks that deployed Worker, with REPORT_TOKEN from the
 *   environment.
 * One request per month of days (the route's limit).
 */
import { parseArgs } from 'node:util';
import { unstable_dev } from 'wrangler';
import { z } from 'zod';
import { send } from '../bench/harness';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    url: { type: 'string' },
    'persist-to': { type: 'string' },
  },
});
const args = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    url: z.url().optional(),
    'persist-to': z.string().optional(),
  })
  .refine((a) => a.from <= a.to, '--from must not be after --to')
  .safeParse(values);
if (!args.success) {
  console.error('usage: npm run events:rebuild -- --from YYYY-MM-DD --to YYYY-MM-DD [--persist-to DIR] [--url URL]');
  console.error(z.prettifyError(args.error));
  process.exit(2);
}
const { from, to, url } = args.data;

const daySchema = z.object({ day: z.string(), objects: z.number(), events: z.number(), rollupRows: z.number() });
const replySchema = z.object({ days: z.array(daySchema) });

/** [from, to] in pieces of at most 31 days. */
function months(): [string, string][] {
  const out: [string, string][] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 31 * 86_400_000) {
    const end = Math.min(t + 30 * 86_400_000, Date.parse(to));
    out.push([new Date(t).toISOString().slice(0, 10), new Date(end).toISOString().slice(0, 10)]);
  }
  return out;
}

type Ask = (body: string) => Promise<{ status: number; body: string }>;

async function run(ask: Ask) {
  let rebuilt = 0;
  let total = 0;
  for (const [a, b] of months()) {
    const reply = await ask(JSON.stringify({ from: a, to: b }));
    if (reply.status !== 200) throw new Error(`rebuild ${a}..${b}: HTTP ${reply.status} ${reply.body.slice(0, 500)}`);
    for (const d of replySchema.parse(JSON.parse(reply.body)).days) {
      console.log(`${d.day}: ${d.objects} archive objects, ${d.events} events, ${d.rollupRows} rollup rows`);
      total += 1;
      if (d.events > 0) rebuilt += 1;
    }
  }
  console.log(`rebuilt ${rebuilt} of ${total} days (a day without archived events keeps its rollups)`);
}

if (url) {
  const token = process.env.REPORT_TOKEN;
  if (!token) {
    console.error('--url needs REPORT_TOKEN in the environment');
    process.exit(2);
  }
  const target = new URL('/ops/events/rebuild', url);
  await run(async (body) => {
    const response = await fetch(target, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin: target.origin, 'content-type': 'application/json' },
      body,
    });
    return { status: response.status, body: await response.text() };
  });
} else {
  const token = crypto.randomUUID();
  const worker = await unstable_dev('src/worker/index.ts', {
    config: 'wrangler.toml',
    persistTo: args.data['persist-to'] ?? '.wrangler/state',
    vars: { REPORT_TOKEN: token },
    logLevel: 'error',
    experimental: { disableExperimentalWarning: true },
  });
  try {
    // Any brand host: the rollups are the whole database's.
    await run((body) =>
      send(
        worker.port,
        'POST',
        'bh.localhost',
        '/ops/events/rebuild',
        { authorization: `Bearer ${token}`, origin: 'http://bh.localhost', 'content-type': 'application/json' },
        body,
      ),
    );
  } finally {
    await worker.stop();
  }
}
