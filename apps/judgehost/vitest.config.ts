import { defineProject } from 'vitest/config';

// Judge tests run real compilers in the real sandbox (as root, with bubblewrap); serial to keep timings honest.
export default defineProject({
  test: {
    name: 'judgehost',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['test/setup-uids.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
