import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/test/**/*.test.ts', 'spec/**/*.test.ts', 'widget/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // CI must never land a focused test.
    allowOnly: !process.env.CI,
  },
});
