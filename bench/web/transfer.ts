/**
 * Bytes on the wire and first paint of a cold page load (issue 14, "Weight on the wire"). Starts the real server
 * (e2e harness: fresh PGlite data directory with the demo problems, the built web app from `apps/web/dist`) and
 * loads each page in a fresh Chromium context (empty cache) RUNS times, until the page is usable (home: the
 * page content; problem: the rendered statement and the code editor) and the network is idle.
 * Bytes are Chromium's own count of what came over the socket (CDP `Network.loadingFinished.encodedDataLength`:
 * compressed bodies plus response headers), grouped by resource type; first contentful paint comes from the page's
 * paint timing (index.html paints a boot shell, so it is the shell's paint), and "usable" is when the page's own
 * content is in the DOM. Prints per page: requests, transferred KB (JS, CSS, JSON, other) and the median / max FCP, against
 * the goals (home ≤ 200 KB, problem page with the editor ≤ 400 KB, FCP ≤ 400 ms).
 *
 * Run: `npm run build -w apps/web && npx tsx bench/web/transfer.ts` (BENCH_RUNS, default 5).
 * `BENCH_IDENTITY=1` asks for no compression (Accept-Encoding: identity), for the uncompressed comparison;
 * `BENCH_VERBOSE=1` lists the 20 largest responses of each page (`BENCH_VERBOSE=200`: the 200 largest).
 */
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  networkQuiet,
  newPage,
  type RunningServer,
  startServer,
  trackRequests,
} from '../../e2e/harness.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDENTITY = process.env.BENCH_IDENTITY === '1';
const VERBOSE = Boolean(process.env.BENCH_VERBOSE) && process.env.BENCH_VERBOSE !== '0';
/** How many of the largest responses `BENCH_VERBOSE` lists: `1` lists 20, any larger number that many. */
const LIST = Math.max(20, Number(process.env.BENCH_VERBOSE) || 0);

interface PageCase {
  name: string;
  path: string;
  /** CSS selectors that must all be present for the page to count as usable. */
  ready: string[];
  goalKb: number;
}

const PAGES: PageCase[] = [
  { name: 'home', path: '/home', ready: ['.oj-page'], goalKb: 200 },
  {
    name: 'problem 1000 with the editor',
    path: '/problem/1000',
    ready: ['.cm-editor', '.oj-markdown'],
    goalKb: 400,
  },
];
const FCP_GOAL_MS = 400;

interface LoadFigures {
  requests: number;
  bytes: number;
  byType: Record<string, number>;
  fcp: number;
  /** When the page's ready selectors were all present (ms since navigation start). */
  ready: number;
  /** Every response: URL path and bytes, largest first. */
  files: { url: string; bytes: number }[];
}

/** Groups a CDP resource type (and MIME type) into the buckets printed. */
function bucket(type: string, mime: string): string {
  if (type === 'Script') return 'js';
  if (type === 'Stylesheet') return 'css';
  if (type === 'Document') return 'html';
  if (/json/.test(mime)) return 'json';
  return 'other';
}

/** One cold load of `page` in a new context; resolves with the bytes Chromium received and the FCP (ms). */
async function coldLoad(browser: Browser, base: string, page: PageCase): Promise<LoadFigures> {
  const { context, page: tab } = await newPage(browser, { locale: 'en-US', width: 1366, height: 900 });
  try {
    if (IDENTITY) await context.setExtraHTTPHeaders({ 'Accept-Encoding': 'identity' });
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const kinds = new Map<string, string>();
    const urls = new Map<string, string>();
    const files: { url: string; bytes: number }[] = [];
    const byType: Record<string, number> = {};
    let requests = 0;
    let bytes = 0;
    cdp.on('Network.responseReceived', (e) => {
      kinds.set(e.requestId, bucket(e.type, e.response.mimeType));
      urls.set(e.requestId, new URL(e.response.url).pathname);
    });
    cdp.on('Network.loadingFinished', (e) => {
      const k = kinds.get(e.requestId) ?? 'other';
      byType[k] = (byType[k] ?? 0) + e.encodedDataLength;
      bytes += e.encodedDataLength;
      requests++;
      files.push({ url: urls.get(e.requestId) ?? '?', bytes: e.encodedDataLength });
    });
    trackRequests(tab);
    await tab.goto(base + page.path, { waitUntil: 'commit' });
    const readyAt = await tab.waitForFunction(
      (sels) => (sels.every((s) => document.querySelector(s)) ? performance.now() : 0),
      page.ready,
      { polling: 'raf' },
    );
    const ready = (await readyAt.jsonValue()) as number;
    // Not `networkidle`: a page following a submission or a board keeps the live event stream open.
    await networkQuiet(tab);
    const fcp = await tab.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    // A snapshot: responses still finishing while the context closes are not counted anywhere.
    return {
      requests,
      bytes,
      byType: { ...byType },
      fcp,
      ready,
      files: [...files].sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    await context.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer();
    browser = await launchBrowser();
    // One warm-up load so the server's first-request work (route compilation, PGlite caches) is not counted.
    await coldLoad(browser, server.base, PAGES[0]);
    console.log(
      `cold loads in Chromium, ${RUNS} runs per page${IDENTITY ? ', Accept-Encoding: identity' : ''}`,
    );
    for (const p of PAGES) {
      const runs: LoadFigures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, server.base, p));
      const bytes = median(runs.map((r) => r.bytes));
      const typical = runs.find((r) => r.bytes === bytes) ?? runs[0];
      const fcps = runs.map((r) => r.fcp);
      const readies = runs.map((r) => r.ready);
      const types = Object.entries(typical.byType)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${kb(v)}`)
        .join(', ');
      console.log(
        `${p.name} (${p.path}): ${typical.requests} requests, ${kb(bytes)} transferred (${types}); ` +
          `goal ≤ ${p.goalKb} KB: ${bytes <= p.goalKb * 1024 ? 'met' : 'NOT met'}`,
      );
      console.log(
        `  first contentful paint median ${median(fcps).toFixed(0)} ms, max ${Math.max(...fcps).toFixed(0)} ms; ` +
          `goal ≤ ${FCP_GOAL_MS} ms: ${median(fcps) <= FCP_GOAL_MS ? 'met' : 'NOT met'}; ` +
          `page usable (${p.ready.join(' + ')}) median ${median(readies).toFixed(0)} ms`,
      );
      if (VERBOSE)
        for (const f of typical.files.slice(0, LIST)) console.log(`  ${kb(f.bytes).padStart(9)}  ${f.url}`);
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
