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
    // Screen tests type into forms and load pages lazily; a busy CI machine needs the headroom.
    testTimeout: 20_000,
  },
});
