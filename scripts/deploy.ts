/**
 * `npm run deploy -- --env staging|production [--dry-run] [--secrets-file FILE] [--url URL] [--take-over-dns=host,…]`
 *
 * One command from a clean checkout to a checked deployment:
 *   1. build the client bundles (public/build, the manifest the Worker imports);
 *   2. preflight: the operator values of wrangler.toml (scripts/deploy-check rules), production
 *      routes = brand hostnames, distinct rate-limit namespaces per environment, every secret of
 *      .dev.vars.example present on Cloudflare (`wrangler secret list`), and no development value
 *      in a secrets file about to be uploaded; and (production) no DNS record on a brand hostname it
 *      will attach as a Custom Domain, unless `--take-over-dns` names that hostname (scripts/lib/dns-takeover.ts);
 *   3. upload the secrets file, if given (`wrangler secret bulk`);
 *   4. apply the D1 migrations of every database (`wrangler d1 migrations apply <binding> --remote`, MIGRATION_ORDER);
 *   5. deploy (`wrangler deploy`);
 *   6. smoke-test the deployed hosts: /healthz (503 while a secret is missing or a development
 *      value, src/worker/operations/configuration.ts) and one page per brand.
 * `--dry-run` does everything but the writes (no secrets uploaded, no migrations, `wrangler deploy
 * --dry-run` into dist/deploy/<env>, the smoke test lists its URLs), and needs no Cloudflare
 * credentials: steps that read the account are skipped, and say so, when CLOUDFLARE_API_TOKEN is
 * not set. Exits 1 at the first failed step.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { BRANDS } from '../brands';
import { routesBlockIn, wranglerRoutesBlock } from '../brands/deploy-routes';
import { deployProblems, sharedRateLimitNamespaces, type DeployConfig, type DeployEnv } from '../brands/deploy-rules';
import { ROUTES, isServedFor } from '../src/routes/registry';
import { MIGRATION_ORDER } from '../src/worker/archive/table-retention';
import { secretProblems, SECRET_RULES } from '../src/worker/operations/secret-rules';
import { customDomainHosts, hostDns, takeOverFlag, takeOverProblems } from './lib/dns-takeover';

const require = createRequire(import.meta.url);
const wranglerApi = require('wrangler') as typeof import('wrangler');

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const env = option('--env');
const dryRun = args.includes('--dry-run');
const configPath = option('--config') ?? 'wrangler.toml';
const secretsFile = option('--secrets-file');
if (env !== 'staging' && env !== 'production') {
  console.error(
    'usage: npm run deploy -- --env staging|production [--dry-run] [--secrets-file FILE] [--url https://…workers.dev]',
  );
  process.exit(2);
}
const target: DeployEnv = env;
const hasCredentials = Boolean(process.env.CLOUDFLARE_API_TOKEN);
const wranglerBin = resolve('node_modules/.bin/wrangler');
const childEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

function step(name: string): void {
  console.log(`\n== ${name}${dryRun ? ' (dry run)' : ''}`);
}

function fail(message: string): never {
  console.error(`deploy ${target}: ${message}`);
  process.exit(1);
}

function wrangler(commandArgs: string[], capture = false): string {
  const result = spawnSync(wranglerBin, [...commandArgs, '--config', configPath, '--env', target], {
    env: childEnv,
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) fail(`wrangler ${commandArgs.join(' ')} failed (exit ${result.status ?? 'signal'})`);
  return result.stdout ?? '';
}

function readConfig(environment: DeployEnv): DeployConfig {
  // Only the fields the rules read (DeployConfig); wrangler's own type is far wider.
  const config = wranglerApi.unstable_readConfig(
    { config: configPath, env: environment },
    { hideWarnings: true },
  ) as unknown as DeployConfig;
  return config;
}

/** NAME=value lines (dotenv, single-quoted values allowed), comments skipped. */
function parseSecrets(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (!match?.[1]) continue;
    values[match[1]] = (match[2] ?? '').replace(/^'(.*)'$/s, '$1').replace(/^"(.*)"$/s, '$1');
  }
  return values;
}

// 1. Build: the Worker imports public/build/manifest.json, so nothing deploys without it.
step('1/6 build the client');
execFileSync(process.execPath, ['scripts/build-client.mjs'], { stdio: 'inherit', env: childEnv });

// 2. Preflight.
step('2/6 preflight');
const config = readConfig(target);
const problems = deployProblems(target, config);
if (target === 'production' && routesBlockIn(readFileSync(configPath, 'utf8')) !== wranglerRoutesBlock())
  problems.push('the production routes differ from the brand hostnames (npm run routes -- --wrangler --write)');
problems.push(...sharedRateLimitNamespaces(readConfig('staging'), readConfig('production')));
// Optional secrets (payout postbacks, ad platforms) switch a feature off when absent; judged only when set.
const required = Object.entries(SECRET_RULES)
  .filter(([, rule]) => !rule.optional)
  .map(([name]) => name);
let uploads: Record<string, string> | undefined;
if (secretsFile) {
  if (!existsSync(secretsFile)) problems.push(`secrets file ${secretsFile} does not exist`);
  else {
    uploads = parseSecrets(readFileSync(secretsFile, 'utf8'));
    // Only the secrets the file sets are judged here; the rest are checked on the account below.
    for (const p of secretProblems({ ...uploads, ENVIRONMENT: target }))
      if (p.secret in uploads) problems.push(`${secretsFile}: ${p.secret}: ${p.problem}`);
  }
}
if (problems.length) fail(`${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);

// Custom Domains replace a hostname's DNS records, and wrangler without a terminal says yes to that:
// refuse while a hostname to attach has records, unless the operator named it.
const hosts = customDomainHosts(config.routes);
if (hosts.length && hasCredentials) {
  const api = {
    base: process.env.CLOUDFLARE_API_BASE_URL ?? 'https://api.cloudflare.com/client/v4',
    token: process.env.CLOUDFLARE_API_TOKEN ?? '',
    accountId: process.env.CLOUDFLARE_ACCOUNT_ID,
  };
  const allowed = takeOverFlag(args);
  let dns: Awaited<ReturnType<typeof hostDns>>[];
  try {
    dns = await Promise.all(hosts.map((host) => hostDns(api, host, config.name ?? '')));
  } catch (error) {
    fail(
      `could not list the DNS records of the brand hostnames: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const refused = takeOverProblems(dns, allowed);
  if (refused.length)
    fail(
      `refusing to attach Custom Domains over existing DNS records (${refused.length} hostname(s)):\n${refused.map((p) => `  - ${p}`).join('\n')}\n` +
        'Move each site first, or name the hostnames whose records may be replaced: --take-over-dns=host1,host2 (docs/operating.md, step 5).',
    );
  const taken = dns.filter((h) => h.records.length > 0 && allowed.includes(h.host)).map((h) => h.host);
  console.log(
    `DNS: ${hosts.length} hostname(s) to attach; ${taken.length ? `taking over the records of ${taken.join(', ')} as told` : 'none has records of its own'}`,
  );
} else if (hosts.length && !dryRun) {
  fail('attaching Custom Domains needs CLOUDFLARE_API_TOKEN (with Zone DNS Read): their DNS records are checked first');
} else if (hosts.length) {
  console.log(
    `DNS records of ${hosts.length} hostname(s): skipped (no CLOUDFLARE_API_TOKEN); a real deploy needs the token and checks them`,
  );
}

if (hasCredentials) {
  const listed = wrangler(['secret', 'list', '--format', 'json'], true);
  let names: string[] = [];
  try {
    names = (JSON.parse(listed) as { name: string }[]).map((s) => s.name);
  } catch {
    problems.push('could not read `wrangler secret list`');
  }
  const missing = required.filter((name) => !names.includes(name) && !(uploads && name in uploads));
  if (missing.length)
    problems.push(`secrets not set on Cloudflare: ${missing.join(', ')} (wrangler secret put NAME --env ${target})`);
} else {
  console.log('secrets on the account: skipped (no CLOUDFLARE_API_TOKEN); /healthz checks them after the deploy');
}
if (problems.length) fail(`${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
console.log(`preflight ok: ${config.name ?? ''}, ${required.length} secrets required`);

// 3. Secrets.
step('3/6 secrets');
if (!uploads) console.log('no --secrets-file: the secrets already on the account are used');
else if (dryRun) console.log(`would upload ${Object.keys(uploads).join(', ')}`);
else {
  const upload = spawnSync(wranglerBin, ['secret', 'bulk', '--config', configPath, '--env', target], {
    env: childEnv,
    input: JSON.stringify(uploads),
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  if (upload.status !== 0) fail('wrangler secret bulk failed');
}

// 4. D1 migrations, before the code that needs them takes traffic.
step('4/6 D1 migrations');
// Every D1 database has its own migrations (wrangler.toml migrations_dir): each is applied.
for (const binding of MIGRATION_ORDER) {
  if (dryRun) {
    if (hasCredentials) wrangler(['d1', 'migrations', 'list', binding, '--remote']);
    else console.log(`pending migrations of ${binding}: skipped (no CLOUDFLARE_API_TOKEN)`);
  } else wrangler(['d1', 'migrations', 'apply', binding, '--remote']);
}

// 5. Deploy.
step('5/6 deploy');
const outdir = `dist/deploy/${target}`;
const deployed = dryRun ? wrangler(['deploy', '--dry-run', '--outdir', outdir], true) : wrangler(['deploy'], true);
process.stdout.write(deployed);

// 6. Smoke test.
step('6/6 smoke test');
const workersDev = option('--url') ?? /https:\/\/[a-z0-9.-]+\.workers\.dev/.exec(deployed)?.[0];
const checks: { url: string; expect: number }[] = [];
if (target === 'production') {
  for (const brand of BRANDS) {
    const host = brand.hostnames[0];
    const page = ROUTES.find((r) => isServedFor(r, brand.id) && !r.path.includes(':') && !r.path.includes('*'));
    checks.push({ url: `https://${host}/healthz`, expect: 200 });
    if (page) checks.push({ url: `https://${host}${page.path}`, expect: 200 });
  }
} else if (workersDev) checks.push({ url: `${workersDev}/healthz`, expect: 200 });
else if (!dryRun) fail('no workers.dev URL in the deploy output: pass --url');
if (dryRun) {
  console.log(`would check ${checks.length ? checks.map((c) => c.url).join(', ') : '/healthz of the workers.dev URL'}`);
  console.log(`\ndeploy ${target}: dry run ok (bundle in ${outdir})`);
  process.exit(0);
}
let failures = 0;
for (const check of checks) {
  let status = 0;
  for (let attempt = 1; attempt <= 5 && status !== check.expect; attempt++) {
    // A new Custom Domain's certificate can take a minute: retry with a growing pause.
    if (attempt > 1) await new Promise((done) => setTimeout(done, 3000 * attempt));
    status = await fetch(check.url, { redirect: 'manual' }).then(
      (r) => r.status,
      () => 0,
    );
  }
  console.log(`${status === check.expect ? 'ok  ' : 'FAIL'} ${status} ${check.url}`);
  if (status !== check.expect) failures += 1;
}
if (failures)
  fail(`${failures} smoke check(s) failed; /ops/health says why. To go back: wrangler rollback --env ${target}`);
console.log(`\ndeploy ${target}: deployed and smoke-tested`);
