import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@plantfolk/ui/testing/setup'],
    restoreMocks: true,
    // The screens are exercised whole (lazy routes, Mantine, the fake API); on a busy two-core
    // machine one such test can take a few seconds.
    testTimeout: 15_000,
  },
});
