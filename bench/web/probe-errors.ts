/**
 * Opens each main page once (e2e page-weight world) and prints the console errors and page errors it logged, and
 * whether its content showed: a quick check of a chunking change before the browser tests (`OJ_WEB_DIST` as in
 * `cold-load.ts`; BENCH_PAGES=a,b to pick pages; BENCH_SHOTS=<dir> saves a screenshot per page).
 */
import path from 'node:path';
import { launchBrowser, startServer } from '../../e2e/harness.js';
import { MAIN_PAGES, seedPageWeightWorld } from '../../e2e/page-weight-kit.js';

async function main(): Promise<void> {
  const server = await startServer({ OJ_DEMO_SEED: '1' });
  const browser = await launchBrowser();
  try {
    const world = await seedPageWeightWorld(server);
    const only = process.env.BENCH_PAGES?.split(',');
    for (const p of MAIN_PAGES.filter((x) => !only || only.includes(x.path))) {
      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
      if (p.signedIn)
        await context.addInitScript(
          ([token, user]) => {
            localStorage.setItem('token', token);
            localStorage.setItem('userInfo', user);
          },
          [world.token, JSON.stringify(world.userInfo)] as const,
        );
      const tab = await context.newPage();
      const errors: string[] = [];
      tab.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
      });
      tab.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      await tab.goto(server.base + p.path);
      let shown = true;
      try {
        await tab.waitForFunction((sels) => sels.every((s) => document.querySelector(s)), p.ready, {
          timeout: 60_000,
        });
      } catch {
        shown = false;
      }
      const shots = process.env.BENCH_SHOTS;
      if (shots)
        await tab.screenshot({ path: path.join(shots, `${p.path.replace(/\W+/g, '_') || 'home'}.png`) });
      console.log(`${p.path}: ${shown ? 'shown' : 'NOT shown'}${errors.map((e) => `\n  ${e}`).join('')}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
