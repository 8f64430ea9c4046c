import { defineConfig } from 'vitest/config';

// One Vitest run, one project per workspace. `npm test` runs them all; e2e needs a built web app.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/judgehost', 'apps/web', 'e2e'],
  },
});
