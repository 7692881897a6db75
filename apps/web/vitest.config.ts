import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A ceiling, not a wait: the tests wait for what they expect, and a busy 2-core machine renders slowly.
    testTimeout: 60_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
