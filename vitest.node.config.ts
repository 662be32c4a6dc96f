import { defineConfig } from 'vitest/config';

/** Node-side tests of tools that run outside workerd (DuckDB over an archive export). */
export default defineConfig({
  test: {
    include: ['tests/node/**/*.node.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
