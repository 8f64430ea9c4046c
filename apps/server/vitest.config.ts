import { defineProject } from 'vitest/config';

// Database tests run on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (each file gets its own schema).
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
