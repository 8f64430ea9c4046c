import { defineProject } from 'vitest/config';

// Browser tests: the real server (PGlite, embedded judge) and Debian's chromium driven by playwright-core.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Two files at a time: they mostly wait on the browser and the server, so two share the 2-core CI machine well
    // (about half the sequential time). Each file has its own server, data dir, port and sandbox uid range
    // (harness.ts). Its own group: a vitest run of every project may not mix projects with different maxWorkers.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    // A person waits for a page: UI assertions poll up to 15 s instead of vitest's 1 s default.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
