import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Real servers (PostgreSQL, Redis, SMTP, HTTP) start in these tests.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
