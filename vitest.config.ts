import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** The development service-account key, kept once in .dev.vars.example (a single-quoted JSON line). */
const developmentServiceAccountKey =
  /^GOOGLE_SERVICE_ACCOUNT_KEY='(.+)'$/m.exec(readFileSync('.dev.vars.example', 'utf8'))?.[1] ?? '';

/**
 * Unit and integration tests run inside workerd through Miniflare, configured from
 * wrangler.toml. Test-only overrides (partner URLs pointing at the sandbox started in
 * tests/global-setup.ts) are set here, not in wrangler.toml.
 */
export default defineConfig({
  plugins: [
    cloudflareTest(async ({ inject }) => {
      const sandbox = inject<string>('sandboxOrigin');
      // D1 migrations, applied in each test file by tests/support/apply-migrations.ts.
      const migrations = await readD1Migrations('./migrations');
      // Each D1 database has its own migrations (wrangler.toml migrations_dir): ADS_DB's too.
      const adsMigrations = await readD1Migrations('./migrations-ads');
      const revenueMigrations = await readD1Migrations('./migrations-revenue');
      const leasesMigrations = await readD1Migrations('./migrations-leases');
      return {
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          // Overrides [vars] of wrangler.toml: the sandbox listens on a free port per run.
          bindings: {
            MEDIAALPHA_BASE_URL: `${sandbox}/mediaalpha`,
            QUOTEWIZARD_BASE_URL: `${sandbox}/quotewizard`,
            IPQS_BASE_URL: `${sandbox}/ipqs`,
            GEO_BASE_URL: `${sandbox}/geo`,
            TAG_MANAGER_SCRIPT_URL: `${sandbox}/gtm.js`,
            AD_SCRIPT_URL: `${sandbox}/ads.js`,
            TURNSTILE_BASE_URL: `${sandbox}/turnstile`,
            SELLER_DELIVERY_BASE_URL: `${sandbox}/sellers`,
            TURNSTILE_SECRET_KEY: 'test-turnstile-secret',
            // wrangler.toml waits 1 s for siteverify; four test workers on two cores can take longer,
            // and a lead whose check timed out is (rightly) not delivered. The slow-Turnstile test still times out.
            TURNSTILE_TIMEOUT_MS: '4000',
            LEAD_HASH_SALT: 'test-lead-hash-salt',
            // wrangler.toml keeps a breaker open 30 s; the test that sees it close again need not wait that long.
            BREAKER_OPEN_SECONDS: '2',
            // wrangler.toml's budget for every brand, with no network cap: test files share the
            // 198.18.0.0/15 addresses, so a /24 of them can make more calls than one network should.
            // A tiny one for qs and a small one with a network cap and a reserve for ayb (brands no
            // other test file visits) that tests/defence/partner-budget.integration.test.ts spends.
            PARTNER_BUDGETS: JSON.stringify({
              '*': { mediaalpha: { perMinute: 600, perHour: 20_000 } },
              '@all': { mediaalpha: { perMinute: 100_000, perHour: 1_000_000 } },
              qs: { mediaalpha: { perMinute: 3, perHour: 4 } },
              ayb: {
                mediaalpha: { perMinute: 12, perHour: 100, network: { perMinute: 4, perHour: 40 }, reserve: 0.25 },
              },
            }),
            // wrangler.toml gives a partner 1.2 s; four test workers on two cores can take longer than that
            // to reach the sandbox, and a timed-out demand check is swallowed as the spec wants, so a test
            // would read a missing event. The tests of slow partners hang them 3 s or more.
            PARTNER_TIMEOUT_MS: '2500',
            // Overrides wrangler.toml's 600 ms: four test workers on two cores can take longer than
            // that to reach the sandbox; the slow-partner test still proves the page gives up.
            LISTING_RENDER_BUDGET_MS: '3000',
            IPQS_API_KEY: 'test-ipqs-key',
            MEDIAALPHA_API_TOKEN: 'test-mediaalpha-token',
            QUOTEWIZARD_API_KEY: 'test-quotewizard-key',
            // wrangler.toml waits 8 s for QuoteWizard; the timeout tests need not.
            QUOTEWIZARD_TIMEOUT_MS: '1500',
            QUOTE_TOKEN_SECRET: 'test-quote-token-secret',
            REPORT_TOKEN: 'test-report-token',
            // Test signing key of the lead certificates (production: a secret, see .dev.vars.example).
            LEAD_CERTIFICATE_KEY:
              '{"kty":"OKP","crv":"Ed25519","x":"QuFQoXemSY4y4_NQeNEDQBwdqfkdQBdIw0WpRR0V0RM","d":"BekYiEDPkGhOcusa759b6iOhuuHuW5VDqiq8nqzDU8s","kid":"test-2026-11"}',
            VISITOR_COOKIE_SECRET: 'test-visitor-cookie-secret',
            SENTRY_DSN: '',
            // The sandbox's alert webhook; a test that reads alerts gives the Worker its own scope's URL.
            OPERATOR_ALERT_WEBHOOK_URL: `${sandbox}/alerts/unscoped`,
            // Payout postbacks and the ad platforms (wrangler.toml points these at port 8790).
            POSTBACK_SECRET_MEDIAALPHA: 'test-postback-secret-mediaalpha',
            POSTBACK_SECRET_QUOTEWIZARD: 'test-postback-secret-quotewizard',
            GOOGLE_DATA_MANAGER_BASE_URL: `${sandbox}/google-data-manager`,
            GOOGLE_OAUTH_BASE_URL: `${sandbox}/google-oauth`,
            META_CAPI_BASE_URL: `${sandbox}/meta-capi`,
            GOOGLE_ADS_CUSTOMER_ID: '1234567890',
            GOOGLE_ADS_CONVERSION_ACTION_ID: '987654321',
            GOOGLE_ADS_CALL_CONVERSION_ACTION_ID: '987654322',
            // The development service-account key the sandbox's token endpoint knows (.dev.vars.example).
            GOOGLE_SERVICE_ACCOUNT_KEY: developmentServiceAccountKey,
            META_PIXEL_ID: '1122334455',
            META_CAPI_ACCESS_TOKEN: 'test-meta-access-token',
            // The lead move's delivery window as production has it; its tests pass their own clock.
            LEADS_HOT_DAYS: '2',
            TEST_MIGRATIONS: migrations,
            TEST_ADS_MIGRATIONS: adsMigrations,
            TEST_REVENUE_MIGRATIONS: revenueMigrations,
            TEST_LEASES_MIGRATIONS: leasesMigrations,
          },
        },
      };
    }),
  ],
  test: {
    include: [
      'src/**/*.unit.test.ts',
      'brands/**/*.unit.test.ts',
      'tests/**/*.integration.test.ts',
      'tests/**/*.unit.test.ts',
    ],
    globalSetup: ['./tests/global-setup.ts'],
    setupFiles: ['./tests/support/apply-migrations.ts'],
    // A guard against a hang, not a speed figure (the bench measures speed): four workers on a
    // loaded 2-core machine stretch a many-request test past 20 s while every assertion holds.
    testTimeout: 45_000,
    hookTimeout: 60_000,
  },
});
