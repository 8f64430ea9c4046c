/**
 * Cold loads of the main pages (issue 25 item 21: pages settle ≤ 800 ms cold with ≤ 40 requests). Starts the real
 * server (e2e harness: fresh PGlite data directory with the demo problems, the built web app from `apps/web/dist` or
 * `OJ_WEB_DIST`), seeds through the API a running contest with root's submission on its board and a discussion
 * (`e2e/page-weight-kit.ts`), then opens each page BENCH_RUNS times in a fresh Chromium context (empty cache, cache
 * disabled, HTTP/1.1 and brotli as the server sends them; root signed in for the contest and back-office pages).
 *
 * Prints per page (median run by settle time): requests; bytes transferred (Chromium's socket count: compressed
 * bodies + headers) and decoded; ms until the page's main content is visible and until it settled (content shown
 * and the last response in, before 500 ms without requests); the longest request chain (0 = the document; each
 * lazy import or fetch started by a response adds one); and the JS requests grouped by where the chunk comes from
 * in the build's manifest (the entry, a feature folder of `src/features/`, app code, a locale dictionary, or a
 * chunk rollup made of shared modules, by name).
 *
 * Run: `npm run build -w apps/web && npx tsx bench/web/cold-load.ts` (BENCH_RUNS, default 5; BENCH_PAGES=a,b to
 * pick pages; BENCH_VERBOSE=1 lists each response of the median run).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, ROOT, type RunningServer, startServer } from '../../e2e/harness.js';
import { type ColdLoad, coldLoad, MAIN_PAGES, seedPageWeightWorld } from '../../e2e/page-weight-kit.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const VERBOSE = Boolean(process.env.BENCH_VERBOSE) && process.env.BENCH_VERBOSE !== '0';
const ONLY = process.env.BENCH_PAGES?.split(',');
const GOAL_MS = 800;
const GOAL_REQUESTS = 40;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
}

/** Where each built JS file comes from, by the manifest: `entry`, `features/<area>`, `app`, `locale`, or `chunk:<name>`. */
function origins(dist: string): Map<string, string> {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  );
  const out = new Map<string, string>();
  for (const c of Object.values(manifest)) {
    let label: string;
    if (c.isEntry) label = 'entry';
    else if (c.src?.includes('/locales/')) label = 'locale';
    else if (c.src && /src\/features\/([\w-]+)\//.test(c.src))
      label = `features/${/src\/features\/([\w-]+)\//.exec(c.src)?.[1]}`;
    else if (c.src?.startsWith('src/')) label = 'app';
    else if (c.src) label = `lib:${c.src.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, '$1')}`;
    else label = `chunk:${c.name ?? '?'}`;
    out.set(`/${c.file}`, label);
  }
  return out;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = <T>(xs: T[], key: (x: T) => number): T =>
  [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const dist = process.env.OJ_WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
  const from = origins(dist);
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ OJ_DEMO_SEED: '1' });
    const world = await seedPageWeightWorld(server);
    browser = await launchBrowser();
    const pages = MAIN_PAGES.filter((p) => !ONLY || ONLY.includes(p.path));
    // One warm-up load so the server's first-request work (route compilation, PGlite caches) is not counted.
    await coldLoad(browser, server.base, pages[0], world);
    console.log(`cold loads in Chromium of ${dist}, ${RUNS} runs per page (median by settle time)`);
    console.log(`goal: settled ≤ ${GOAL_MS} ms, ≤ ${GOAL_REQUESTS} requests`);
    for (const p of pages) {
      const runs: ColdLoad[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, server.base, p, world));
      const run = median(runs, (r) => r.settled);
      const rs = run.responses;
      const transferred = rs.reduce((a, r) => a + r.transferred, 0);
      const decoded = rs.reduce((a, r) => a + r.decoded, 0);
      const js = rs.filter((r) => r.type === 'Script');
      const byOrigin = new Map<string, number>();
      for (const r of js)
        byOrigin.set(from.get(r.path) ?? '?', (byOrigin.get(from.get(r.path) ?? '?') ?? 0) + 1);
      const settledAll = runs.map((r) => r.settled).sort((a, b) => a - b);
      const met = run.settled <= GOAL_MS && rs.length <= GOAL_REQUESTS;
      console.log(
        `${p.path.padEnd(16)} ${String(rs.length).padStart(3)} requests, ${kb(transferred)} transferred, ` +
          `${kb(decoded)} decoded; shown ${run.shown.toFixed(0)} ms, settled ${run.settled.toFixed(0)} ms ` +
          `(min ${settledAll[0].toFixed(0)}, max ${settledAll[settledAll.length - 1].toFixed(0)}); ` +
          `chain ${Math.max(...rs.map((r) => r.depth))}; ${met ? 'met' : 'NOT met'}`,
      );
      console.log(
        `  JS ${js.length} (${kb(js.reduce((a, r) => a + r.transferred, 0))}): ${[...byOrigin]
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
      );
      if (VERBOSE)
        for (const r of [...rs].sort((a, b) => a.end - b.end))
          console.log(
            `    ${r.end.toFixed(0).padStart(5)} ms  d${r.depth}  ${kb(r.transferred).padStart(9)}  ${r.type.padEnd(10)} ${r.path}`,
          );
    }
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
