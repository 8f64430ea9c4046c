import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run, one project per workspace. `npm test` runs them all; e2e needs a built web app.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'packages/remote-judge',
      'apps/server',
      'apps/judgehost',
      'apps/web',
      'e2e',
    ],
    // Two test files at a time at least: Vitest's default (one less than the CPUs) runs one at a time on the
    // 2-core CI machine, where the server's files mostly wait on PGlite, PostgreSQL and the judge. Each file has its
    // own database (or PostgreSQL schema), port and sandbox uid range. The judgehost's files stay one at a time
    // (`fileParallelism: false`, their own group) and the browser files two at a time (their own group).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
