import { defineProject } from 'vitest/config';

// Each adapter against its local replica (src/testing): loopback HTTP only, no sandbox, no database.
export default defineProject({
  test: { name: 'remote-judge', include: ['test/**/*.test.ts'], testTimeout: 30_000 },
});
