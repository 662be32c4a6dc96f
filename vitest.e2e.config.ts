import { defineConfig } from 'vitest/config';

/** Browser tests: Node runs Chromium (playwright-core) against `wrangler dev` started in global setup. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['./tests/e2e/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One wrangler dev and one browser per file would overload two cores: run files in sequence.
    fileParallelism: false,
  },
});
