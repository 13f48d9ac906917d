import { defineConfig } from 'vitest/config';
// The UI kit depends on this library: a test-only import must not make this one depend on it.
// nx-ignore-next-line
import { vitestPreact } from '../ui/rspack/preact/aliases.mjs';

// React is served by Preact here as in the builds (libs/ui/rspack/preact).
const preact = vitestPreact();

export default defineConfig({
  resolve: preact.resolve,
  test: {
    server: preact.server,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
