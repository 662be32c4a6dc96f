/**
 * `npm run deploy:check [-- --env staging|production] [--config wrangler.toml]`: before a deploy, refuses a config that
 * cannot go live (scripts/deploy-rules.ts: placeholder ids, `.example` or loopback hosts, test
 * partner hosts or dummy Turnstile keys in production), checks the production routes match the
 * brand hostnames, refuses the development certificate signing key wherever the deploy would
 * take the secret from (brands/signing-key-rules.ts; `--secrets-file <path>` names the file given
 * to `wrangler deploy --secrets-file`), then builds each environment with `wrangler deploy
 * --dry-run`. Exits 1 on any problem. Needs no Cloudflare credentials.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { routesBlockIn, wranglerRoutesBlock } from '../brands/deploy-routes';
import { deployProblems, sharedRateLimitNamespaces, type DeployConfig, type DeployEnv } from '../brands/deploy-rules';
import { privateJwkX, signingKeyInFile, signingKeyProblems, type KeySource } from '../brands/signing-key-rules';

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
const secretsArg = args.indexOf('--secrets-file');
const secretsFile = secretsArg >= 0 ? args[secretsArg + 1] : undefined;

/** The public half of the development signing key, from the example file that publishes its private half. */
const developmentX = existsSync('.dev.vars.example')
  ? [privateJwkX(signingKeyInFile(readFileSync('.dev.vars.example', 'utf8')))].filter((x): x is string => x !== null)
  : [];

function keySources(env: DeployEnv, config: DeployConfig): KeySource[] {
  const fromFile = (path: string): KeySource[] =>
    existsSync(path) ? [{ where: path, value: signingKeyInFile(readFileSync(path, 'utf8')) }] : [];
  const vars = config.vars ?? {};
  return [
    {
      where: `[env.${env}] vars`,
      value: typeof vars.LEAD_CERTIFICATE_KEY === 'string' ? vars.LEAD_CERTIFICATE_KEY : undefined,
      isVar: true,
    },
    ...(secretsFile ? fromFile(secretsFile) : []),
    ...fromFile(`.dev.vars.${env}`),
    ...fromFile(`.env.${env}`),
    { where: 'the LEAD_CERTIFICATE_KEY environment variable', value: process.env.LEAD_CERTIFICATE_KEY },
  ];
}

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
  const problems = [...deployProblems(env, config), ...signingKeyProblems(env, keySources(env, config), developmentX)];
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
