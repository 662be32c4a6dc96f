/**
 * `npm run deploy:check [-- --env staging|production] [--config wrangler.toml]`: before a deploy, refuses a config that
 * cannot go live (scripts/deploy-rules.ts: placeholder ids, `.example` or loopback hosts, test
 * partner hosts or dummy Turnstile keys in production), checks the production routes match the
 * brand hostnames, then builds each environment with `wrangler deploy --dry-run`. Exits 1 on
 * any problem. Needs no Cloudflare credentials.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { routesBlockIn, wranglerRoutesBlock } from '../brands/deploy-routes';
import { deployProblems, sharedRateLimitNamespaces, type DeployConfig, type DeployEnv } from '../brands/deploy-rules';

const require = createRequire(import.meta.url);
const wrangler = require('wrangler') as typeof import('wrangler');

const args = process.argv.slice(2);
const envArg = args.indexOf('--env');
const only = envArg >= 0 ? args[envArg + 1] : undefined;
if (only !== undefined && only !== 'staging' && only !== 'production') {
  console.error('usage: npm run deploy:check [-- --env staging|production] [--config wrangler.toml]');
  process.exit(2);
}
const envs: DeployEnv[] = only ? [only] : ['staging', 'production'];
const configArg = args.indexOf('--config');
const configPath = configArg >= 0 ? (args[configArg + 1] ?? 'wrangler.toml') : 'wrangler.toml';

// The Worker imports the client manifest: build it, so a clean checkout can be checked too.
execFileSync(process.execPath, ['scripts/build-client.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });

let failed = false;
const read = (env: DeployEnv) =>
  wrangler.unstable_readConfig({ config: configPath, env }, { hideWarnings: true }) as unknown as DeployConfig;
const shared = sharedRateLimitNamespaces(read('staging'), read('production'));
if (shared.length) {
  failed = true;
  console.error(
    `deploy:check: staging and production share rate-limit namespaces:\n${shared.map((p) => `  - ${p}`).join('\n')}`,
  );
}
for (const env of envs) {
  const config = wrangler.unstable_readConfig(
    { config: configPath, env },
    { hideWarnings: true },
  ) as unknown as DeployConfig;
  const problems = deployProblems(env, config);
  if (env === 'production' && routesBlockIn(readFileSync(configPath, 'utf8')) !== wranglerRoutesBlock()) {
    problems.push('the production routes differ from the brand hostnames (npm run routes -- --wrangler --write)');
  }
  if (problems.length > 0) {
    failed = true;
    console.error(
      `deploy:check ${env}: ${problems.length} problem(s) in ${configPath} [env.${env}] (docs/operating.md):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    continue;
  }
  console.log(`deploy:check ${env}: config ok; wrangler deploy --dry-run --env ${env}`);
  try {
    execFileSync(
      resolve('node_modules/.bin/wrangler'),
      ['deploy', '--dry-run', '--config', configPath, '--env', env, '--outdir', `dist/deploy-check/${env}`],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
      },
    );
    console.log(`deploy:check ${env}: dry run ok`);
  } catch {
    failed = true;
    console.error(`deploy:check ${env}: wrangler deploy --dry-run failed`);
  }
}
process.exit(failed ? 1 : 0);
