import { defineProject } from 'vitest/config';

// Browser tests: the real server (PGlite, embedded judge) and Debian's chromium driven by playwright-core.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
    // A person waits for a page: UI assertions poll up to 15 s instead of vitest's 1 s default.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
