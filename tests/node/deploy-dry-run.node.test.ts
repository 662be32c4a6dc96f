import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run deploy -- --env … --dry-run` on a clean checkout: the committed files only (git
 * archive of HEAD: no public/build, no dist, no .dev.vars), with the repository's node_modules
 * linked in. It must build the client itself, refuse the values only an operator can supply, and
 * pass once they are filled in, without Cloudflare credentials.
 */
const repo = resolve('.');
let checkout = '';

function deploy(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false' };
  delete env.CLOUDFLARE_API_TOKEN;
  return spawnSync(process.execPath, ['scripts/run-ts.mjs', 'scripts/deploy.ts', ...args], {
    cwd: checkout,
    env,
    encoding: 'utf8',
    timeout: 170_000,
  });
}

/** What an operator fills in before the first deploy (docs/operating.md). */
function fillOperatorValues(): void {
  const path = join(checkout, 'wrangler.toml');
  const toml = readFileSync(path, 'utf8')
    .replace('https://staging.quotewizard.example', 'https://api-staging.quotewizard.com')
    // The operator's lead router for the Medicare companies (docs/decisions/0101).
    .replace('https://sellers.staging.example', 'https://staging.leads.benefithelpers.com/sellers')
    .replace('"set-the-production-lead-router"', '"https://leads.benefithelpers.com/sellers"')
    .replace('TURNSTILE_SITE_KEY = "set-the-production-site-key"', 'TURNSTILE_SITE_KEY = "0x4AAAAAAAB3kWtQz9xYvN1c"');
  writeFileSync(path, toml);
}

beforeAll(() => {
  checkout = mkdtempSync(join(tmpdir(), 'quote-funnel-clean-'));
  execFileSync('sh', ['-c', `git -C "${repo}" archive HEAD | tar -x -C "${checkout}"`]);
  symlinkSync(join(repo, 'node_modules'), join(checkout, 'node_modules'), 'dir');
});

afterAll(() => {
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

describe('npm run deploy -- --dry-run from a clean checkout', () => {
  it('starts with nothing built', () => {
    expect(existsSync(join(checkout, 'public/build/manifest.json'))).toBe(false);
    expect(existsSync(join(checkout, 'dist'))).toBe(false);
  });

  it('refuses the placeholders an operator must replace, naming them', { timeout: 180_000 }, () => {
    const staging = deploy(['--env', 'staging', '--dry-run']);
    expect(staging.status).toBe(1);
    expect(staging.stderr).toContain('QUOTEWIZARD_BASE_URL is a placeholder');
    const production = deploy(['--env', 'production', '--dry-run']);
    expect(production.status).toBe(1);
    expect(production.stderr).toContain('TURNSTILE_SITE_KEY is a placeholder');
    expect(production.stderr).toContain('SELLER_DELIVERY_BASE_URL is a placeholder');
  });

  it(
    'passes both environments once they are filled in: builds, dry-runs the deploy, lists the smoke checks',
    {
      timeout: 300_000,
    },
    () => {
      fillOperatorValues();
      const output: Record<string, string> = {};
      for (const env of ['staging', 'production']) {
        const run = deploy(['--env', env, '--dry-run']);
        output[env] = run.stdout;
        expect(run.stderr + run.stdout).toContain(`deploy ${env}: dry run ok`);
        expect(run.status).toBe(0);
        expect(existsSync(join(checkout, `dist/deploy/${env}/index.js`))).toBe(true);
      }
      expect(existsSync(join(checkout, 'public/build/manifest.json'))).toBe(true);
      expect(output.production).toContain('https://benefithelpers.com/healthz');
    },
  );

  it('refuses a secrets file holding development values before uploading anything', { timeout: 180_000 }, () => {
    fillOperatorValues();
    const file = join(checkout, '.secrets.production');
    writeFileSync(file, readFileSync(join(checkout, '.dev.vars.example'), 'utf8'));
    const run = deploy(['--env', 'production', '--dry-run', '--secrets-file', file]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('VISITOR_COOKIE_SECRET: development value');
    expect(run.stderr).toContain('LEAD_CERTIFICATE_KEY: development value');
  });
});
