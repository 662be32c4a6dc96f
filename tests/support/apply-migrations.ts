import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { z } from 'zod';

/**
 * Every test file starts with the D1 schema of migrations/ (events, leads). vitest.config.ts
 * reads the folder in Node and passes it as the test-only TEST_MIGRATIONS binding; it is
 * parsed here rather than declared on Env, so the Worker's own types never mention it.
 * Applying is idempotent (d1_migrations records what ran).
 */
const migrations = z
  .array(z.object({ name: z.string(), queries: z.array(z.string()) }))
  .parse(Reflect.get(env, 'TEST_MIGRATIONS'));
await applyD1Migrations(env.DB, migrations);
