import { defineConfig } from 'vitest/config';
import { vitestPreact } from '@plantfolk/ui/rspack/preact';

// React is served by Preact here as in the builds (libs/ui/rspack/preact).
const preact = vitestPreact();

export default defineConfig({
  resolve: preact.resolve,
  test: {
    server: preact.server,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@plantfolk/ui/testing/setup'],
    restoreMocks: true,
    // Screens are exercised whole (Mantine, the fake API, axe); on a busy two-core machine one
    // such test can take several seconds.
    testTimeout: 15_000,
  },
});
