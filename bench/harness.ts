/**
 * The benchmark's server: the built Worker bundle (dist/worker, from `wrangler deploy
 * --dry-run`) served by the Miniflare that wrangler itself depends on, configured from
 * wrangler.toml, with local state in a temp dir and partner URLs pointing at the sandbox.
 * Not `wrangler dev`: its proxy caps throughput well below workerd's (design.md).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { parseEnv } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { BRANDS } from '../brands';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { FLOOR_READ_SOURCE } from './floor-read';
import { FLOOR_MINT_SOURCE } from './floor-mint';
import { peerWorker, type PeerBuild } from './peer';
import { DEPLOYED_ENV, deployedSecrets, sandboxStandIns } from './deployed-config';

const require = createRequire(import.meta.url);
type Wrangler = typeof import('wrangler');
type MiniflareModule = typeof import('miniflare');
const wrangler = require('wrangler') as Wrangler;
// The Miniflare wrangler was built against (its option shapes differ between majors).
const miniflareModule = createRequire(require.resolve('wrangler'))('miniflare') as MiniflareModule;
export type Miniflare = InstanceType<MiniflareModule['Miniflare']>;

export const WORKER_OUTDIR = 'dist/worker';
export const WORKER_NAME = 'quote-funnel';
/** Host of the constant-bytes Worker; routed by Miniflare, so the product Worker has no bench route. */
export const CONSTANT_HOST = 'constant.localhost';

const bin = (name: string) => resolve('node_modules/.bin', name);

/** Client bundles (with their metafile) and the Worker bundle, exactly as deployed. */
export function buildAll(
  options: {
    sourceMaps?: boolean;
    cwd?: string;
    outdir?: string;
    /** Another entry than wrangler.toml's main (bench/worker/loop-entry.ts); its bundle is named after it. */
    entry?: string;
  } = {},
): void {
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' };
  const cwd = options.cwd ?? process.cwd();
  execFileSync(process.execPath, ['scripts/build-client.mjs'], { stdio: 'inherit', env, cwd });
  const maps = options.sourceMaps ? ['--upload-source-maps'] : [];
  const entry = options.entry ? [options.entry] : [];
  execFileSync(
    bin('wrangler'),
    ['deploy', '--dry-run', '--outdir', options.outdir ?? WORKER_OUTDIR, ...maps, ...entry],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
      cwd,
    },
  );
}

/** The host of a brand's pages on the baseline Worker (a `*.workers.dev` preview name, which brandForHost reads). */
export const baselineHost = (brand: string) => `${brand}--baseline.workers.dev`;

/**
 * The product Worker of another git revision, built into a temp dir (its own worktree, sharing
 * this checkout's node_modules), for a comparison on the same Miniflare (`npm run cpu --
 * --against=REV`). Returns the bundle's directory and a cleanup.
 */
export function buildRevision(rev: string, entry?: string): { dir: string; label: string; remove(): void } {
  const label = execFileSync('git', ['rev-parse', '--short', rev], { encoding: 'utf8' }).trim();
  const root = mkdtempSync(join(tmpdir(), 'quote-funnel-baseline-'));
  const tree = join(root, 'tree');
  execFileSync('git', ['worktree', 'add', '--detach', tree, label], { stdio: 'ignore' });
  try {
    symlinkSync(resolve('node_modules'), join(tree, 'node_modules'));
    // This checkout's entry and the files beside it, which an older revision may not have (they only wrap the Worker's own).
    if (entry) cpSync(dirname(entry), join(tree, dirname(entry)), { recursive: true });
    buildAll({ cwd: tree, outdir: join(root, 'worker'), ...(entry ? { entry } : {}) });
  } catch (error) {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { stdio: 'ignore' });
    throw error;
  }
  return {
    dir: join(root, 'worker'),
    label,
    remove: () => {
      execFileSync('git', ['worktree', 'remove', '--force', tree], { stdio: 'ignore' });
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A captured response the constant Worker replays byte for byte. */
export interface ConstantPage {
  path: string;
  status: number;
  headers: [string, string][];
  body: string;
}

const CONSTANT_WORKER = `${FLOOR_READ_SOURCE}
${FLOOR_MINT_SOURCE}
export default {
  fetch(request, env) {
    const page = env.PAGES[new URL(request.url).pathname];
    if (!page) return new Response('no such constant page', { status: 404 });
    // With the mint header, after a first visit's own work (bench/floor-mint.ts).
    const minted = floorMint(request, env, page);
    if (minted !== undefined) return minted;
    // The plain floor answers at once; with the read header, after the visitor's read (bench/floor-read.ts).
    const read = floorRead(request, env);
    if (read === undefined) return new Response(page.body, { status: page.status, headers: page.headers });
    return read.then(() => new Response(page.body, { status: page.status, headers: page.headers }));
  },
};`;

export interface Harness {
  mf: Miniflare;
  origin: string;
  port: number;
  sandbox: RunningSandbox;
  persistDir: string;
  close(): Promise<void>;
}

/**
 * The Worker's modules: the bundle, plus any CSS wrangler wrote beside it. Today's Worker imports
 * no CSS (its stylesheet comes minified from the client build); a build from before that change,
 * compared with `--against`, imports the CSS files as Text modules.
 */
function workerModules(dir = resolve(WORKER_OUTDIR)) {
  const extra = readdirSync(dir).filter((f) => f.endsWith('.css'));
  // wrangler names the bundle after its entry: index.js for the product's, loop-entry.js for the loop's.
  const main = existsSync(join(dir, 'index.js')) ? 'index.js' : 'loop-entry.js';
  return [
    { type: 'ESModule' as const, path: join(dir, main) },
    ...extra.map((f) => ({ type: 'Text' as const, path: join(dir, f) })),
  ];
}

/** Every D1 database of the Worker, each from its own migrations_dir (wrangler.toml). */
export async function applyMigrations(mf: Miniflare): Promise<void> {
  await applyMigrationsOf(mf, 'ADS_DB', 'migrations-ads');
  await applyMigrationsOf(mf, 'REVENUE_DB', 'migrations-revenue');
  await applyMigrationsOf(mf, 'LEASES_DB', 'migrations-leases');
  await applyMigrationsOf(mf, 'DB', 'migrations');
}

async function applyMigrationsOf(mf: Miniflare, binding: string, dir: string): Promise<void> {
  const db = await mf.getD1Database(binding, WORKER_NAME);
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(join(dir, file), 'utf8');
    // D1's exec takes one statement per line; run statement by statement instead (a trigger's
    // BEGIN ... END body, whose inner statements end in semicolons too, stays one statement).
    const statements: string[] = [];
    let pending = '';
    for (const part of sql.replace(/--.*$/gm, '').split(/;\s*(?:\n|$)/)) {
      pending = pending ? `${pending};\n${part}` : part;
      if (/\bCREATE\s+TRIGGER\b/i.test(pending) && !/\bEND\s*$/i.test(pending)) continue;
      if (pending.trim() !== '') statements.push(pending.trim());
      pending = '';
    }
    for (const statement of statements) await db.prepare(statement).run();
  }
}

/** The parts of wrangler's Miniflare options this harness changes; the rest passes through. */
const wranglerWorkerOptions = z.looseObject({
  compatibilityDate: z.string().optional(),
  compatibilityFlags: z.array(z.string()).optional(),
  bindings: z.record(z.string(), z.unknown()).optional(),
  kvNamespaces: z.unknown().optional(),
  d1Databases: z.unknown().optional(),
  queueProducers: z.unknown().optional(),
  ratelimits: z.unknown().optional(),
  durableObjects: z.record(z.string(), z.looseObject({})).optional(),
  assets: z.looseObject({ routerConfig: z.looseObject({}).optional() }).optional(),
});

export interface StartOptions {
  constantPages?: ConstantPage[];
  sandbox?: RunningSandbox;
  persistDir?: string;
  /** Extra vars for the product Worker (e.g. a shorter partner timeout). */
  vars?: Record<string, string>;
  /** The Nuxt peer's built Worker (bench/peer.ts), served on PEER_HOST by the same Miniflare. */
  peer?: PeerBuild;
  /** Open workerd's DevTools inspector on a free port (`npm run profile`). */
  inspector?: boolean;
  /**
   * Miniflare's /cdn-cgi/local/scheduled (runs a Cron Trigger over plain HTTP): a cron run of
   * minutes, as the events bench's million-row day needs, outlasts a call through Miniflare's
   * proxy (getWorker().scheduled), whose connection workerd closed mid-run.
   */
  triggerHandlers?: boolean;
  /** Another build of the product Worker (buildRevision), served on baselineHost(brand) beside this one. */
  baselineDir?: string;
  /** The product Worker's bundle directory (default dist/worker; `npm run loop` serves its loop build). */
  productDir?: string;
  /**
   * The configuration as deployed (bench/deployed-config.ts): wrangler's options for the
   * production environment, with secrets of production's shape and the sandbox for each partner.
   * The page comparisons use it; without it, the local default environment (the events, the API).
   */
  deployed?: boolean;
}

/** Starts Miniflare with the built Worker (and, when given, the constant Worker) plus the sandbox. */
export async function startHarness(options: StartOptions = {}): Promise<Harness> {
  const sandbox = options.sandbox ?? (await startSandbox(0));
  const persistDir = options.persistDir ?? mkdtempSync(join(tmpdir(), 'quote-funnel-bench-'));
  const workerOptions = wranglerWorkerOptions.parse(
    wrangler.unstable_getMiniflareWorkerOptions('wrangler.toml', options.deployed ? DEPLOYED_ENV : undefined)
      .workerOptions,
  );
  const s = sandbox.origin;
  // Deployed: every var of the production environment, each partner's URL pointed at the sandbox.
  const deployedBindings = options.deployed
    ? {
        ...deployedSecrets(),
        ...sandboxStandIns(
          wranglerWorkerOptions.parse(wrangler.unstable_getMiniflareWorkerOptions('wrangler.toml').workerOptions)
            .bindings ?? {},
          workerOptions.bindings ?? {},
          s,
        ),
      }
    : undefined;
  const product = {
    ...workerOptions,
    // The bundle is already built: its modules are listed, so the source rules do not apply.
    modulesRules: undefined,
    name: WORKER_NAME,
    // In the page comparison (a floor given), reached by host as the floor and the Nuxt peer are:
    // Miniflare's fallback to its first Worker, through the static-assets router, cost about 0.5 ms
    // of workerd CPU a request that neither of them paid. A routed Worker is called
    // without Miniflare's assets router in front (none of the three has it then), so its /build/
    // files answer 404 by host: the audit, the screens and every other run keep the fallback.
    ...(options.constantPages ? { routes: BRANDS.map((brand) => `${brand.id}.localhost/*`) } : {}),
    modulesRoot: resolve(options.productDir ?? WORKER_OUTDIR),
    modules: workerModules(resolve(options.productDir ?? WORKER_OUTDIR)),
    bindings: deployedBindings
      ? { ...workerOptions.bindings, ...deployedBindings, ...options.vars }
      : {
          ...workerOptions.bindings,
          // Every secret the Worker expects, with its development value (as `wrangler dev` and the browser tests get them).
          ...devSecrets(),
          MEDIAALPHA_BASE_URL: `${s}/mediaalpha`,
          QUOTEWIZARD_BASE_URL: `${s}/quotewizard`,
          IPQS_BASE_URL: `${s}/ipqs`,
          GEO_BASE_URL: `${s}/geo`,
          TAG_MANAGER_SCRIPT_URL: `${s}/gtm.js`,
          AD_SCRIPT_URL: `${s}/ads.js`,
          IPQS_API_KEY: 'bench-ipqs-key',
          MEDIAALPHA_API_TOKEN: 'bench-mediaalpha-token',
          QUOTE_TOKEN_SECRET: 'bench-quote-token-secret',
          REPORT_TOKEN: 'bench-report-token',
          SENTRY_DSN: '',
          ...options.vars,
        },
  };
  const workers: object[] = [product];
  if (options.constantPages) {
    // The floor: the product's exact configuration (compatibility, every binding, the same
    // static-assets router in front) running a handler that returns the captured bytes. Its
    // Durable Object binding names the product's class, so it adds no object of its own.
    workers.push({
      name: 'constant',
      compatibilityDate: workerOptions.compatibilityDate,
      compatibilityFlags: workerOptions.compatibilityFlags,
      modules: [{ type: 'ESModule', path: 'constant.mjs', contents: CONSTANT_WORKER }],
      bindings: { ...product.bindings, PAGES: Object.fromEntries(options.constantPages.map((p) => [p.path, p])) },
      kvNamespaces: workerOptions.kvNamespaces,
      d1Databases: workerOptions.d1Databases,
      queueProducers: workerOptions.queueProducers,
      ratelimits: workerOptions.ratelimits,
      durableObjects: Object.fromEntries(
        Object.entries(workerOptions.durableObjects ?? {}).map(([name, d]) => [
          name,
          { ...d, scriptName: WORKER_NAME },
        ]),
      ),
      routes: [`${CONSTANT_HOST}/*`],
      ...(workerOptions.assets
        ? {
            assets: {
              ...workerOptions.assets,
              routerConfig: { ...workerOptions.assets.routerConfig, has_user_worker: true },
            },
          }
        : {}),
    });
  }
  if (options.peer) workers.push(peerWorker(options.peer, workerOptions.compatibilityDate, s));
  if (options.baselineDir) {
    // The same configuration and bindings with the other revision's bundle; its own Durable
    // Objects; no queue consumer (a queue has one) and no assets (no page reads them).
    workers.push({
      ...product,
      name: 'baseline',
      queueConsumers: undefined,
      triggers: undefined,
      assets: undefined,
      modulesRoot: options.baselineDir,
      modules: workerModules(options.baselineDir),
      routes: BRANDS.map((brand) => `${baselineHost(brand.id)}/*`),
    });
  }
  const mf = new miniflareModule.Miniflare(
    miniflareModule.convertV4MiniflareOptions({
      host: '127.0.0.1',
      port: 0,
      ...(options.inspector ? { inspectorPort: 0 } : {}),
      resourcePersistencePath: persistDir,
      ...(options.triggerHandlers ? { unsafeTriggerHandlers: true } : {}),
      // Quiet: the Worker's structured logs would drown the figures. BENCH_WORKER_LOGS=1 prints
      // them and workerd's own messages (a crash says why there, and nowhere else) to stderr.
      ...(process.env.BENCH_WORKER_LOGS === '1'
        ? {
            log: new miniflareModule.Log(miniflareModule.LogLevel.INFO),
            handleStructuredLogs: (l: { message: string }) => process.stderr.write(`[worker] ${l.message}\n`),
          }
        : { handleStructuredLogs: () => undefined }),
      workers,
    } as Parameters<MiniflareModule['convertV4MiniflareOptions']>[0]),
  );
  const url = await mf.ready;
  await applyMigrations(mf);
  const ownsSandbox = options.sandbox === undefined;
  return {
    mf,
    origin: url.origin,
    port: Number(url.port),
    sandbox,
    persistDir,
    close: async () => {
      await mf.dispose();
      if (ownsSandbox) await sandbox.close();
      if (options.persistDir === undefined) rmSync(persistDir, { recursive: true, force: true });
    },
  };
}

export interface HttpResult {
  status: number;
  headers: [string, string][];
  body: string;
}

/**
 * The secrets of .dev.vars.example (a clean checkout has no .dev.vars), parsed as wrangler reads
 * a dotenv file: a quoted value (the certificate key's JSON) loses its quotes, or the Worker
 * refuses it as invalid and every write answers 503.
 */
function devSecrets(): Record<string, string> {
  const parsed = parseEnv(readFileSync('.dev.vars.example', 'utf8'));
  return Object.fromEntries(Object.entries(parsed).flatMap(([k, v]) => (v === undefined ? [] : [[k, v]])));
}

/** One request with a chosen Host header (fetch cannot set Host; the brand comes from it). */
export function send(
  port: number,
  method: string,
  host: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<HttpResult> {
  return new Promise((resolvePromise, reject) => {
    // A body goes with its length, as a browser's fetch sends it (not chunked).
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { host, ...length, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            pairs.push([res.rawHeaders[i] ?? '', res.rawHeaders[i + 1] ?? '']);
          resolvePromise({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Counts rows of the events table through the D1 binding. */
export async function countEvents(mf: Miniflare, where = '1 = 1', ...binds: unknown[]): Promise<number> {
  const db = await mf.getD1Database('DB', WORKER_NAME);
  const row = await db
    .prepare(`SELECT COUNT(*) AS n FROM events WHERE ${where}`)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? -1;
}
