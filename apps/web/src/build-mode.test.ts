// @vitest-environment node
import path from 'node:path';
import { resolveConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `vite build` is a production build whatever NODE_ENV its caller has (vite.config.ts). Vitest sets NODE_ENV=test,
 * and a build started under it (`npm start` in the quick-start test builds a stale `dist/`) compiled
 * `process.env.NODE_ENV` to "test": React's development builds in the entry chunk (181.8 -> 232.8 KB brotli, the
 * cold home page 245 KB against the 200 KB of `e2e/tests/page-weight.test.ts`) and their warnings in the browser
 * tests that ran on that `dist/`.
 */

const WEB = path.resolve(import.meta.dirname, '..');
const callerEnv = process.env.NODE_ENV;

afterEach(() => {
  process.env.NODE_ENV = callerEnv;
});

describe('vite build under NODE_ENV=test', () => {
  it('resolves a production build (isProduction, process.env.NODE_ENV compiled to "production")', async () => {
    expect(callerEnv).toBe('test');
    const config = await resolveConfig(
      { root: WEB, configFile: path.join(WEB, 'vite.config.ts'), logLevel: 'silent' },
      'build',
      'production',
      'production',
    );
    expect(config.isProduction).toBe(true);
    // Vite's define of `process.env.NODE_ENV` for the bundle reads this after the config is resolved.
    expect(process.env.NODE_ENV).toBe('production');
  });
});
