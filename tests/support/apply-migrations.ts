import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { z } from 'zod';

/**
 * Every test file starts with the D1 schema of migrations/ (events, leads) in DB, and of
 * migrations-ads/ in ADS_DB, of migrations-revenue/ in REVENUE_DB and of migrations-leases/ in
 * LEASES_DB. vitest.config.ts reads the folders in Node and passes them as the test-only
 * TEST_MIGRATIONS, TEST_ADS_MIGRATIONS, TEST_REVENUE_MIGRATIONS and TEST_LEASES_MIGRATIONS bindings; it is
 * parsed here rather than declared on Env, so the Worker's own types never mention it.
 * Applying is idempotent (d1_migrations records what ran).
 */
const Migrations = z.array(z.object({ name: z.string(), queries: z.array(z.string()) }));
await applyD1Migrations(env.DB, Migrations.parse(Reflect.get(env, 'TEST_MIGRATIONS')));
// The D1 database of what was told to the ad platforms, from its own folder (migrations-ads/).
await applyD1Migrations(env.ADS_DB, Migrations.parse(Reflect.get(env, 'TEST_ADS_MIGRATIONS')));
// The revenue store and the bandit's people, from theirs (migrations-revenue/).
await applyD1Migrations(env.REVENUE_DB, Migrations.parse(Reflect.get(env, 'TEST_REVENUE_MIGRATIONS')));
// The lease history, from its own (migrations-leases/).
await applyD1Migrations(env.LEASES_DB, Migrations.parse(Reflect.get(env, 'TEST_LEASES_MIGRATIONS')));
