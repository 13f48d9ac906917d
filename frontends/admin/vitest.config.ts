import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@plantfolk/ui/testing/setup'],
    restoreMocks: true,
    // Screens are exercised whole (Mantine, the fake API, axe); on a busy two-core machine one
    // such test can take several seconds.
    testTimeout: 15_000,
  },
});
