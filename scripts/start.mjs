#!/usr/bin/env node
// `npm start`: the whole product locally, with local state. Builds the client bundles,
// applies D1 migrations to the local database, starts the partner sandbox and runs
// `wrangler dev` (Durable Objects, KV, D1 and the queue all local, kept in .wrangler/state).
// PORT (default 8787) and SANDBOX_PORT (default 8790) can be overridden; anything after
// `--` is passed to wrangler, e.g. `npm start -- --var MEDIAALPHA_BASE_URL:http://127.0.0.1:9999`.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const port = process.env.PORT ?? '8787';
const sandboxPort = process.env.SANDBOX_PORT ?? '8790';
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? '1' };
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!existsSync('.dev.vars')) {
  copyFileSync('.dev.vars.example', '.dev.vars');
  console.log('created .dev.vars from .dev.vars.example (local secrets)');
}
run('node', ['scripts/build-client.mjs']);
// Every D1 database, each from its own migrations_dir (wrangler.toml); the others before DB
// (MIGRATION_ORDER in src/worker/archive/table-retention.ts).
for (const binding of ['ADS_DB', 'REVENUE_DB', 'LEASES_DB', 'DB'])
  run('wrangler', ['d1', 'migrations', 'apply', binding, '--local']);

const children = [];
const sandbox = spawn('node', ['scripts/run-ts.mjs', 'sandbox/main.ts'], {
  stdio: 'inherit',
  env: { ...env, SANDBOX_PORT: sandboxPort },
});
children.push(sandbox);

const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;
const vars = [
  `MEDIAALPHA_BASE_URL:${sandboxOrigin}/mediaalpha`,
  `QUOTEWIZARD_BASE_URL:${sandboxOrigin}/quotewizard`,
  `IPQS_BASE_URL:${sandboxOrigin}/ipqs`,
  `GEO_BASE_URL:${sandboxOrigin}/geo`,
  `TAG_MANAGER_SCRIPT_URL:${sandboxOrigin}/gtm.js`,
  `AD_SCRIPT_URL:${sandboxOrigin}/ads.js`,
  `TURNSTILE_BASE_URL:${sandboxOrigin}/turnstile`,
  `SELLER_DELIVERY_BASE_URL:${sandboxOrigin}/sellers`,
  // The ad platforms follow SANDBOX_PORT too (wrangler.toml names 8790).
  `GOOGLE_DATA_MANAGER_BASE_URL:${sandboxOrigin}/google-data-manager`,
  `GOOGLE_OAUTH_BASE_URL:${sandboxOrigin}/google-oauth`,
  `META_CAPI_BASE_URL:${sandboxOrigin}/meta-capi`,
].flatMap((v) => ['--var', v]);

// The alert webhook is a secret (.dev.vars), and wrangler lets .dev.vars win over --var: on another
// sandbox port, wrangler reads a copy of .dev.vars whose sandbox URLs name that port instead.
const secretsArgs = [];
if (sandboxPort !== '8790') {
  mkdirSync('.wrangler', { recursive: true });
  const copy = `.wrangler/dev-vars-sandbox-${sandboxPort}`;
  writeFileSync(copy, readFileSync('.dev.vars', 'utf8').replaceAll('127.0.0.1:8790', `127.0.0.1:${sandboxPort}`));
  secretsArgs.push('--env-file', copy);
}
const wrangler = spawn(
  'wrangler',
  // --test-scheduled: the crons run on demand at /__scheduled?cron=... (wrangler dev fires none by itself),
  // e.g. the experiments' recompute (*/15 * * * *) after a few visits.
  [
    'dev',
    '--port',
    port,
    '--ip',
    '127.0.0.1',
    '--local',
    '--test-scheduled',
    ...vars,
    ...secretsArgs,
    ...process.argv.slice(2),
  ],
  {
    stdio: 'inherit',
    env,
  },
);
children.push(wrangler);
console.log(
  `\n  Development index: http://localhost:${port}/\n  Brands: http://bh.localhost:${port}/ (any code: bh, m10, m10es, wc, ayb, qs, ps, tqg, sd, bridge, emily, ac)\n`,
);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
wrangler.on('exit', (code) => {
  stop();
  process.exit(code ?? 0);
});
