import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/test/**/*.test.ts', 'spec/**/*.test.ts', 'widget/**/*.test.ts', 'backoffice/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Bounds that catch a hang, not a slow machine: with two suites running at once on 2 cores,
    // the longest tests (200 schedules due at once, 1,000 slips, relays started and killed) take
    // two to three times as long as on a quiet machine, and a few came within a second of the old
    // 20 s. Tests wait on events, never on these.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // CI must never land a focused test.
    allowOnly: !process.env.CI,
  },
});
