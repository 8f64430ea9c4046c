import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';

/**
 * Browser-test harness: the REAL server (the compiled `apps/server/dist/server.js`, as `npm start` runs it, as a
 * child process) on a free port with a fresh OJ_DATA_DIR (PGlite, forced by OJ_EMBEDDED_DB), a known root password
 * and no embedded judge, serving the built web app (`npm run test:e2e` builds it first); Debian's chromium driven by
 * playwright-core; and a local SMTP server that keeps every mail, so tests read codes as a user reads their inbox.
 * Builds only the server bundle when a source is newer (`ensureServerBundle`), never the web app.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCREENSHOTS = path.join(ROOT, 'e2e/screenshots');
export const ROOT_PASSWORD = 'e2eRootPass1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

let bundleChecked = false;

/**
 * Builds the server and judgehost bundles when a source is newer (`scripts/build.mjs --if-stale`: each output written
 * to a temporary name, then renamed, so test files starting servers at once never see a half-written bundle). Once
 * per test process.
 */
function ensureServerBundle(): void {
  if (bundleChecked) return;
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-stale'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  bundleChecked = true;
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  base: string;
  /** Everything the server printed so far (pino JSON lines). */
  log: () => string;
  stop: () => Promise<void>;
}

let serversStarted = 0;

/**
 * First uid of the 8-uid sandbox range for the `n`-th server this test file starts. Two files run at once (the
 * e2e project's `maxWorkers`), each with its own embedded judgehost, and the judgehost locks its range (a second
 * one on the same uids refuses to start): the range follows the vitest worker (`VITEST_POOL_ID`, 1..maxWorkers,
 * never shared by two files running at the same time), 8 servers per worker, offset by the vitest run's own pid
 * (the parent of this fork) so two people's runs on one machine seldom meet. 80000.. is clear of the ranges the
 * unit tests pick (62000..78800).
 */
function sandboxUidBase(n: number): number {
  const worker = (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % 8;
  const run = process.ppid % 100;
  return Number(process.env.OJ_TEST_UID_OFFSET ?? 0) + 80_000 + (run * 64 + worker * 8 + (n % 8)) * 8;
}

/** A text only React's development build carries (its DOM nesting warning). */
const REACT_DEVELOPMENT_MARK = 'This will cause a hydration error';
const checkedBuilds = new Set<string>();

/**
 * Fails when the built web app under test bundles React's development build: the pages then weigh ~250 KB more and
 * log development warnings, and every weight and console assertion fails for a reason of the build. A build made
 * under Vitest (NODE_ENV=test, inherited by the quick-start test's `npm start`) did so until vite.config.ts forced
 * production.
 */
function assertProductionBuild(dist: string): void {
  if (checkedBuilds.has(dist)) return;
  const assets = path.join(dist, 'assets');
  for (const f of fs.readdirSync(assets)) {
    if (f.endsWith('.js') && fs.readFileSync(path.join(assets, f), 'utf8').includes(REACT_DEVELOPMENT_MARK)) {
      throw new Error(`${dist} bundles React's development build (${f}): build it with NODE_ENV=production`);
    }
  }
  checkedBuilds.add(dist);
}

/** Starts the real server on a fresh data dir; resolves once `/api/get-website-config` answers (max 90 s). */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const dist = process.env.OJ_WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`no built web app in ${dist}: run "npm run build -w apps/web" (npm run test:e2e does)`);
  }
  assertProductionBuild(dist);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let out = '';
  // Never a PostgreSQL from the caller's environment: always a fresh embedded PGlite.
  const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
  // The compiled server, as `npm start` runs it: its PGlite starts from the build's template (initdb and the
  // migrations done) and its embedded judgehost is compiled too. From the sources through tsx a start cost about
  // 20 s of CPU (13 s to ready at idle) against 9–13 s (6–9 s), for each of the ~45 servers of a browser-test run.
  ensureServerBundle();
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...parentEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      OJ_DATA_DIR: dataDir,
      OJ_ADMIN_PASSWORD: ROOT_PASSWORD,
      OJ_EMBEDDED_JUDGE_WORKERS: '0',
      // PGlite, not the private PostgreSQL cluster the embedded default picks when PostgreSQL is installed: no
      // initdb per browser test (CI time), no `<dataDir>-pg` left in /tmp; the cluster has its own ops test.
      OJ_EMBEDDED_DB: 'pglite',
      OJ_WEB_DIST: dist,
      LOG_LEVEL: 'info',
      // A sandbox uid range per server (a judgehost on a range in use refuses to start): see `sandboxUidBase`.
      OJ_SANDBOX_UID_BASE: String(sandboxUidBase(serversStarted++)),
      OJ_SANDBOX_UID_COUNT: '8',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out.slice(-3000)}`);
    try {
      const r = await fetch(`${base}/api/get-website-config`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`server did not start in 90 s:\n${out.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    log: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL');
            r(null);
          }, 10_000);
          child.once('exit', () => {
            clearTimeout(t);
            r(null);
          });
        });
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      // The embedded judge's cache sits beside the data dir (apps/server/src/embedded-judge.ts judgeCacheDir).
      fs.rmSync(`${path.resolve(dataDir)}-judge-cache`, { recursive: true, force: true });
    },
  };
}

/** A mail as the local SMTP server received it (raw RFC 822 text). */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface Inbox {
  port: number;
  mails: ReceivedMail[];
  /** Waits (max `ms`) for a mail to `to` matching `re`; returns the first capture group (or whole match). */
  waitFor: (to: string, re: RegExp, ms?: number) => Promise<string>;
  close: () => Promise<void>;
}

/** A local SMTP server without TLS or auth that keeps every mail in memory. */
export async function startInbox(): Promise<Inbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (d: Buffer) => {
        raw += d.toString('utf8');
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: decodeMail(raw) });
        cb();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    port,
    mails,
    async waitFor(to, re, ms = 20_000) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        for (const m of [...mails].reverse()) {
          if (!m.to.includes(to.toLowerCase())) continue;
          const hit = m.raw.match(re);
          if (hit) return hit[1] ?? hit[0];
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`no mail to ${to} matching ${re} within ${ms} ms (got ${mails.length} mails)`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft breaks and base64 bodies well enough to search a mail's text. */
function decodeMail(raw: string): string {
  let text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  const b64 = raw.match(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g) ?? [];
  for (const block of b64) {
    const body = block.split(/\r?\n\r?\n/)[1] ?? '';
    text += `\n${Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')}`;
  }
  return text;
}

/** Launches Debian's chromium headless with the flags of the brief. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, headless: true });
}

/**
 * A fresh browser context (own local storage) in the given language and width; with `reducedMotion` the system asks
 * for reduced motion, so the app runs no animation or transition (lib/reduced-motion.ts): a page that is still.
 */
export async function newPage(
  browser: Browser,
  opts: { locale?: 'en-US' | 'zh-CN'; width?: number; height?: number; reducedMotion?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: opts.locale ?? 'en-US',
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    reducedMotion: opts.reducedMotion ? 'reduce' : 'no-preference',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Calls the API directly (setup steps a test does not exercise through the UI). Returns `data` or throws. */
export async function api<T>(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ data: T; token: string | null }> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: opts.token } : {}),
      'url-type': url.startsWith('/admin') ? 'admin' : 'general',
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (!res.ok || body.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${body.msg}`);
  return { data: body.data, token: res.headers.get('authorization') };
}

/**
 * Makes an A+B problem of group `gid` through `POST /api/group/problem` (as its owner `token`): id `problemId`,
 * title `title`, C++ only, one sample. Returns `{ pid, problemId }`.
 */
export async function createGroupProblem(
  base: string,
  token: string,
  gid: number,
  problemId: string,
  title: string,
): Promise<{ pid: number; problemId: string }> {
  const r = await api<{ pid: number; problemId: string }>(base, 'POST', '/group/problem', {
    token,
    body: {
      problem: {
        problemId,
        title,
        description: 'Add two numbers.',
        input: 'Two integers.',
        output: 'Their sum.',
        examples: [{ input: '1 2', output: '3' }],
        timeLimit: 1000,
        memoryLimit: 256,
        type: 0,
        auth: 1,
        gid,
      },
      samples: [{ input: '1 2\n', output: '3\n' }],
      languages: ['C++'],
      tags: [],
      codeTemplates: [],
    },
  });
  return r.data;
}

/** Signs root in through the API and points the server's mail at `inbox` (no TLS, no auth). Returns root's token. */
export async function configureMail(base: string, inbox: Inbox): Promise<string> {
  const { token } = await api(base, 'POST', '/admin/login', {
    body: { username: 'root', password: ROOT_PASSWORD },
  });
  if (!token) throw new Error('admin login answered no token');
  await api(base, 'PUT', '/admin/config/set-email-config', {
    token,
    body: {
      host: '127.0.0.1',
      port: inbox.port,
      username: '',
      password: '',
      ssl: false,
      from: 'oj@example.test',
    },
  });
  return token;
}

/** Saves a screenshot under e2e/screenshots/<name>.png. */
export async function shot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Picks a language by name in the code editor's language list (a native `<select>`, `data-testid="editor-language"`). */
export async function pickLanguage(page: Page, name: string): Promise<void> {
  await page.getByTestId('editor-language').selectOption({ label: name });
}

/** Requests in flight per page, the live event stream aside (see `networkQuiet`). */
const inFlight = new WeakMap<Page, Set<unknown>>();

/** Starts counting `page`'s requests in flight (the live event stream `/api/events` aside). */
export function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (r) => {
    if (!new URL(r.url()).pathname.startsWith('/api/events')) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Playwright's `networkidle` for pages that keep the live event stream open (every signed-in page, and any page
 * following a contest or a submission): resolves once no other request has been in flight for `quietMs`. Call
 * `trackRequests(page)` before the navigation to count its first requests too.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 15_000): Promise<void> {
  trackRequests(page);
  const open = inFlight.get(page) as Set<unknown>;
  let since = Date.now();
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (open.size > 0) since = Date.now();
    else if (Date.now() - since >= quietMs) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`requests still in flight after ${timeoutMs} ms`);
}

/**
 * Client-side navigation in the same tab (the SPA's router follows popstate): no page load, the query cache is
 * kept. `to` is a path with an optional query; resolves once the address shows it.
 */
export async function navigateInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((url) => {
    window.history.pushState({}, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await page.waitForURL((u) => `${u.pathname}${u.search}` === to);
}
