import { describe, expect, it } from 'vitest';
import wranglerToml from '../../wrangler.toml?raw';
import {
  deployProblems,
  sharedRateLimitNamespaces,
  type DeployConfig,
  type DeployEnv,
} from '../../brands/deploy-rules';

/**
 * `npm run deploy:check` (scripts/deploy-check.ts) refuses what cannot go live. Its rules run
 * here on the vars of wrangler.toml's own [env.*] blocks: with the values docs/operating.md
 * tells the operator to fill in they pass, and each kind of placeholder fails them.
 */

/** The inline `vars = { ... }` table of one [env.*] block, as strings. */
function shippedVars(env: DeployEnv): Record<string, string> {
  const start = wranglerToml.indexOf(`\n[env.${env}]\n`);
  const line = /^vars = \{(.*)\}$/m.exec(wranglerToml.slice(start))?.[1] ?? '';
  return Object.fromEntries([...line.matchAll(/(\w+) = "([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
}

/** The values an operator fills in before the first deploy (docs/operating.md, step 1). */
const FILLED: Record<DeployEnv, Record<string, string>> = {
  staging: {
    QUOTEWIZARD_BASE_URL: 'https://api-staging.quotewizard.com',
    SELLER_DELIVERY_BASE_URL: 'https://staging.leads.benefithelpers.com/sellers',
  },
  production: {
    TURNSTILE_SITE_KEY: '0x4AAAAAAAB3kWtQz9xYvN1c',
    SELLER_DELIVERY_BASE_URL: 'https://leads.benefithelpers.com/sellers',
  },
};

function config(env: DeployEnv, vars: Record<string, string> = {}, extra: Partial<DeployConfig> = {}): DeployConfig {
  return {
    vars: { ...shippedVars(env), ...FILLED[env], ...vars },
    kv_namespaces: [{ binding: 'CACHE' }],
    d1_databases: [{ binding: 'DB', database_name: `quote-funnel-${env}` }],
    ratelimits: [{ name: 'RATE_LIMIT_PHONE', namespace_id: '1201' }],
    routes: env === 'production' ? [{ pattern: 'benefithelpers.com', custom_domain: true }] : [],
    ...extra,
  };
}

describe('deploy:check rules', () => {
  it('pass both environments once the documented values are filled in, with or without provisioned ids', () => {
    expect(shippedVars('production').ENVIRONMENT).toBe('production');
    expect(deployProblems('staging', config('staging'))).toEqual([]);
    expect(deployProblems('production', config('production'))).toEqual([]);
    const ids = {
      kv_namespaces: [{ binding: 'CACHE', id: '3f2b9c0e5d8a4e1f9b7c6d5e4f3a2b1c' }],
      d1_databases: [{ binding: 'DB', database_id: 'b7e1c2d4-5f6a-4b8c-9d0e-1f2a3b4c5d6e' }],
    };
    expect(deployProblems('production', config('production', {}, ids))).toEqual([]);
  });

  it('fail on the shipped placeholders: the production site key and the staging QuoteWizard host', () => {
    expect(
      deployProblems(
        'production',
        config('production', { TURNSTILE_SITE_KEY: shippedVars('production').TURNSTILE_SITE_KEY ?? '' }),
      ).join('\n'),
    ).toMatch(/TURNSTILE_SITE_KEY is a placeholder/);
    expect(
      deployProblems(
        'staging',
        config('staging', { QUOTEWIZARD_BASE_URL: shippedVars('staging').QUOTEWIZARD_BASE_URL ?? '' }),
      ).join('\n'),
    ).toMatch(/QUOTEWIZARD_BASE_URL is a placeholder/);
    // The Medicare companies' lead router is the operator's own: refused until it is set.
    expect(
      deployProblems(
        'production',
        config('production', { SELLER_DELIVERY_BASE_URL: shippedVars('production').SELLER_DELIVERY_BASE_URL ?? '' }),
      ).join('\n'),
    ).toMatch(/SELLER_DELIVERY_BASE_URL is a placeholder/);
  });

  it('fail on a placeholder id, an .example or loopback host, a test partner host or a dummy site key in production', () => {
    const problems = (vars: Record<string, string>, extra: Partial<DeployConfig> = {}) =>
      deployProblems('production', config('production', vars, extra)).join('\n');
    expect(problems({}, { kv_namespaces: [{ binding: 'CACHE', id: '00000000000000000000000000000000' }] })).toMatch(
      /KV CACHE has a placeholder id/,
    );
    expect(
      problems({}, { d1_databases: [{ binding: 'DB', database_id: '00000000-0000-0000-0000-000000000000' }] }),
    ).toMatch(/D1 DB has a placeholder id/);
    expect(problems({ IPQS_BASE_URL: 'https://ipqs.example/api' })).toMatch(/IPQS_BASE_URL is a placeholder/);
    expect(problems({ GEO_BASE_URL: 'http://127.0.0.1:8790/geo' })).toMatch(/GEO_BASE_URL is a placeholder/);
    expect(problems({ MEDIAALPHA_BASE_URL: 'https://insurance-test.mediaalpha.com' })).toMatch(
      /MEDIAALPHA_BASE_URL is a test partner host/,
    );
    expect(problems({ TURNSTILE_SITE_KEY: '1x00000000000000000000BB' })).toMatch(/dummy test key/);
    expect(problems({}, { routes: [] })).toMatch(/no routes/);
  });

  it("let staging use the partners' test services and the dummy Turnstile key", () => {
    expect(shippedVars('staging').MEDIAALPHA_BASE_URL).toMatch(/insurance-test/);
    expect(deployProblems('staging', config('staging', { TURNSTILE_SITE_KEY: '1x00000000000000000000BB' }))).toEqual(
      [],
    );
  });

  it('staging and production count rate limits in namespaces of their own', () => {
    /** The `namespace_id`s of one [env.*] block's ratelimits. */
    const namespaces = (env: DeployEnv) => {
      const start = wranglerToml.indexOf(`\n[env.${env}]\n`);
      const end = env === 'staging' ? wranglerToml.indexOf('\n[env.production]\n') : wranglerToml.length;
      const block = wranglerToml.slice(start, end);
      const ratelimits = /^ratelimits = \[([\s\S]*?)^\]/m.exec(block)?.[1] ?? '';
      return [...ratelimits.matchAll(/name = "(\w+)", namespace_id = "(\d+)"/g)].map((m) => ({
        name: m[1] ?? '',
        namespace_id: m[2] ?? '',
      }));
    };
    const staging = { ratelimits: namespaces('staging') };
    const production = { ratelimits: namespaces('production') };
    expect(staging.ratelimits).toHaveLength(7);
    expect(production.ratelimits).toHaveLength(7);
    expect(sharedRateLimitNamespaces(staging, production)).toEqual([]);
    expect(sharedRateLimitNamespaces(staging, staging)).toHaveLength(7);
    expect(sharedRateLimitNamespaces(staging, staging)[0]).toMatch(/used by staging .* and production/);
  });
});
