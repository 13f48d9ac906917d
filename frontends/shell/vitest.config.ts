import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@plantfolk/ui/testing/setup'],
    restoreMocks: true,
    // Screen tests type into forms and load pages lazily; a busy CI machine needs the headroom.
    testTimeout: 20_000,
  },
});
