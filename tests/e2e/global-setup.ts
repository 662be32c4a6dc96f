import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSandbox } from '../../sandbox';
import { MIGRATION_ORDER } from '../../src/worker/archive/table-retention';
import { freePort } from '../../scripts/lib/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    workerPort: number;
    e2eSandboxOrigin: string;
    persistDir: string;
  }
}

async function waitForWorker(port: number, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('wrangler dev did not become ready');
}

/** Starts the partner sandbox and `wrangler dev` (fresh local state in a temp dir) for the browser tests. */
export default async function setup(project: TestProject) {
  const sandbox = await startSandbox(0);
  const persistDir = mkdtempSync(join(tmpdir(), 'quote-funnel-e2e-'));
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' };
  // Every D1 database of the Worker, each from its own migrations_dir (wrangler.toml).
  for (const binding of MIGRATION_ORDER) {
    const migrate = spawnSync(
      'wrangler',
      ['d1', 'migrations', 'apply', binding, '--local', '--persist-to', persistDir],
      {
        env,
        encoding: 'utf8',
      },
    );
    if (migrate.status !== 0) throw new Error(`D1 migrations of ${binding} failed: ${migrate.stderr}`);
  }

  const port = await freePort();
  const vars = [
    `MEDIAALPHA_BASE_URL:${sandbox.origin}/mediaalpha`,
    `QUOTEWIZARD_BASE_URL:${sandbox.origin}/quotewizard`,
    `IPQS_BASE_URL:${sandbox.origin}/ipqs`,
    `GEO_BASE_URL:${sandbox.origin}/geo`,
    `TAG_MANAGER_SCRIPT_URL:${sandbox.origin}/gtm.js`,
    `AD_SCRIPT_URL:${sandbox.origin}/ads.js`,
    `TURNSTILE_BASE_URL:${sandbox.origin}/turnstile`,
    `SELLER_DELIVERY_BASE_URL:${sandbox.origin}/sellers`,
    `GOOGLE_DATA_MANAGER_BASE_URL:${sandbox.origin}/google-data-manager`,
    `GOOGLE_OAUTH_BASE_URL:${sandbox.origin}/google-oauth`,
    `META_CAPI_BASE_URL:${sandbox.origin}/meta-capi`,
    // Every browser test reaches one `wrangler dev`, so one Cloudflare location ('local') and one
    // circuit breaker per partner: partner timeouts on a loaded 2-core machine in one file must not
    // open it for the next file's leases. The breaker itself is proven in tests/defence (workerd).
    'BREAKER_FAILURES:1000',
    // siteverify on a machine also running Chromium: a timed-out check withholds the lead (wrangler.toml: 1 s).
    'TURNSTILE_TIMEOUT_MS:4000',
    // A scripted Chromium is headless (the page's bot check sees it) and types faster than most people:
    // the browser tests' operator allows these two reasons by name (docs/decisions/0100). A missing or
    // failed Turnstile token, or any other reason, still withholds the lead.
    'DELIVER_SUSPECT_REASONS:fast,bot-check',
    // A clicks page waits this long for its offers (600 ms in wrangler.toml) on a machine also running Chromium.
    'LISTING_RENDER_BUDGET_MS:3000',
  ].flatMap((v) => ['--var', v]);
  const child = spawn(
    'wrangler',
    // Secrets from the committed example file: a clean checkout has no .dev.vars.
    [
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--local',
      '--persist-to',
      persistDir,
      '--env-file',
      '.dev.vars.example',
      '--inspector-port',
      '0',
      '--show-interactive-dev-session=false',
      ...vars,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  try {
    await waitForWorker(port, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${String(error)}\n${log.slice(-4000)}`);
  }
  project.provide('workerPort', port);
  project.provide('e2eSandboxOrigin', sandbox.origin);
  project.provide('persistDir', persistDir);
  return async () => {
    child.kill('SIGTERM');
    await sandbox.close();
    rmSync(persistDir, { recursive: true, force: true });
  };
}
