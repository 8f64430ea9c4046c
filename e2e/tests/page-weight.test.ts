import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningServer, startServer } from '../harness.js';
import { coldLoad, MAIN_PAGES, type PageWeightWorld, seedPageWeightWorld } from '../page-weight-kit.js';

/**
 * Issue 25 item 21: a cold inner page made 68–115 requests (dozens of chunks of a few hundred bytes each, rollup's
 * one chunk per set of pages sharing a module), and settled in seconds. Since the route-group chunks
 * (`apps/web/build/route-chunks.ts`) a page loads the entry, the shared chunk and its area's chunks. A cold load
 * (fresh context, cache disabled) of the problem page, a contest's board and the back office makes at most 40
 * requests (tighter limits below), its content shown; the time to settle is a figure of `bench/web/cold-load.ts`,
 * not asserted here.
 *
 * Bytes do not depend on the machine's load, so they are asserted: the home page within the 200 KB on the wire of
 * the web weight goal (206.3 KB before zod left the entry chunk, `src/lib/zod-jitless.ts`; 245 KB with React's
 * development build, see `apps/web/src/build-mode.test.ts`), the problem page within 400 KB.
 */

let server: RunningServer;
let browser: Browser;
let world: PageWeightWorld;

beforeAll(async () => {
  server = await startServer({ OJ_DEMO_SEED: '1' });
  world = await seedPageWeightWorld(server);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Requests of a cold load, per page: the goal is 40; the limits are what the route-group chunks reach (19, 30 and 30
 * requests on 2026-11-28, with room for a new dictionary or API call), so that a chunking change that adds requests fails.
 */
const MAX_REQUESTS: Record<string, number> = { '/problem/1000': 24, '/contest/1/rank': 34, '/admin': 34 };

describe('a cold page load makes at most 40 requests', () => {
  for (const [path, max] of Object.entries(MAX_REQUESTS)) {
    it(`${path} (at most ${max})`, async () => {
      const page = MAIN_PAGES.find((p) => p.path === path);
      if (!page) throw new Error(`no page case ${path}`);
      const load = await coldLoad(browser, server.base, page, world);
      const list = load.responses.map((r) => `${r.type} ${r.path}`).join('\n');
      expect(load.responses.length, `requests of a cold ${path}:\n${list}`).toBeLessThanOrEqual(max);
    });
  }
});

describe('a cold problem page transfers at most 400 KB', () => {
  // The problem page is a route group of its own (`build/route-chunks.ts`): it loads `shared-base`, not the lists'
  // `shared` nor zod (536.7 KB before, 340.8 KB after).
  it('/problem/1000', async () => {
    const page = MAIN_PAGES.find((p) => p.path === '/problem/1000');
    if (!page) throw new Error('no page case /problem/1000');
    const load = await coldLoad(browser, server.base, page, world);
    const bytes = load.responses.reduce((a, r) => a + r.transferred, 0);
    const list = load.responses.map((r) => `${r.transferred} ${r.type} ${r.path}`).join('\n');
    expect(bytes, `bytes of a cold /problem/1000:\n${list}`).toBeLessThanOrEqual(400 * 1024);
  });
});

describe('pages that validate with no zod schema load no zod', () => {
  // zod and the modules importing it are a chunk of their own (`build/route-chunks.ts`); the problem pages and the
  // contest list read only constants of `@oj/shared` (`constants/contest-limits.ts`): ~27 KB brotli each.
  for (const path of ['/problem/1000', '/problem', '/contest']) {
    it(path, async () => {
      const page = MAIN_PAGES.find((p) => p.path === path);
      if (!page) throw new Error(`no page case ${path}`);
      const load = await coldLoad(browser, server.base, page, world);
      const scripts = load.responses.filter((r) => r.type === 'Script').map((r) => r.path);
      expect(
        scripts.filter((s) => /\/zod-[\w-]+\.js$/.test(s)),
        scripts.join('\n'),
      ).toEqual([]);
    });
  }
});

describe('a cold home page transfers at most 200 KB', () => {
  it('/', async () => {
    const page = MAIN_PAGES.find((p) => p.path === '/');
    if (!page) throw new Error('no page case /');
    const load = await coldLoad(browser, server.base, page, world);
    const bytes = load.responses.reduce((a, r) => a + r.transferred, 0);
    const list = load.responses.map((r) => `${r.transferred} ${r.type} ${r.path}`).join('\n');
    expect(bytes, `bytes of a cold /:\n${list}`).toBeLessThanOrEqual(200 * 1024);
  });
});
