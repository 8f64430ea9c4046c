import type { Browser, BrowserContext } from 'playwright-core';

// The browser side of bench/contest/burst.ts (issue 22 item 7): what the web app requests when a contestant opens
// the contest's pages (recorded in Chromium, replayed by the bench for each contestant), and the check that a
// contestant's problem page and board stay usable while the submissions are judged.

/** A signed-in contestant as the web app stores it (lib/session.ts: `token` and `userInfo` in local storage). */
export interface BrowserSession {
  token: string;
  user: unknown;
}

/** One API call a page made: method, path with its query (from `/api/...`), JSON body text or null. */
export interface PageCall {
  method: string;
  path: string;
  body: string | null;
}

/** A fresh context (empty cache, en-US, 1366×900) with `session` in local storage before any page script runs. */
async function signedInContext(browser: Browser, session: BrowserSession): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', user);
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  return context;
}

/**
 * Opens each of `paths` (site paths such as `/contest/3/problems`) in a fresh signed-in tab, waits until no API
 * request has been in flight for 3 s, and returns the API calls each page made, in order (the live event stream
 * `/api/events` left out: it stays open). Takes the browser, the site's base URL and the contestant's session.
 */
export async function recordPageCalls(
  browser: Browser,
  base: string,
  session: BrowserSession,
  paths: readonly string[],
): Promise<PageCall[][]> {
  const out: PageCall[][] = [];
  for (const p of paths) {
    const context = await signedInContext(browser, session);
    try {
      const tab = await context.newPage();
      const calls: PageCall[] = [];
      let open = 0;
      let last = Date.now();
      tab.on('request', (r) => {
        const u = new URL(r.url());
        if (!u.pathname.startsWith('/api/') || u.pathname.startsWith('/api/events')) return;
        calls.push({ method: r.method(), path: u.pathname + u.search, body: r.postData() });
        open++;
      });
      const settle = (r: { url(): string }) => {
        const u = new URL(r.url());
        if (!u.pathname.startsWith('/api/') || u.pathname.startsWith('/api/events')) return;
        open--;
        last = Date.now();
      };
      tab.on('requestfinished', settle);
      tab.on('requestfailed', settle);
      await tab.goto(`${base}${p}`, { waitUntil: 'load', timeout: 180_000 });
      // Settled: some API call made, none in flight, none started for 3 s (a page's second wave of queries waits for
      // the first; on a loaded machine the app itself takes many seconds to boot).
      const until = Date.now() + 180_000;
      while ((open > 0 || Date.now() - last < 3000 || calls.length === 0) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 100));
      if (calls.length === 0) throw new Error(`${p}: no API call in 180 s`);
      out.push(calls);
    } finally {
      await context.close();
    }
  }
  return out;
}

/** One load of a page during the burst: ms until usable, or the reason it was not. */
export interface BrowserLoad {
  page: 'problem' | 'board';
  ms: number;
  usable: boolean;
  error?: string;
}

/**
 * While `running()` is true, loads contest `cid`'s problem `displayId` page (usable: the problem title and the code
 * editor visible) and then its board (usable: a board row visible), each in a fresh signed-in context, over and over.
 * A load not usable within `limitMs` counts as not usable. Returns every load.
 */
export async function browserCheck(
  browser: Browser,
  base: string,
  session: BrowserSession,
  cid: number,
  displayId: string,
  running: () => boolean,
  limitMs = 15_000,
): Promise<BrowserLoad[]> {
  const loads: BrowserLoad[] = [];
  const pages = [
    {
      page: 'problem' as const,
      path: `/contest/${cid}/problem/${displayId}`,
      ready: ['[data-testid="problem-title"]', '[data-testid="code-panel"] .cm-content'],
    },
    { page: 'board' as const, path: `/contest/${cid}/rank`, ready: ['[data-testid="board-user"]'] },
  ];
  while (running()) {
    for (const p of pages) {
      const context = await signedInContext(browser, session);
      const t0 = performance.now();
      try {
        const tab = await context.newPage();
        await tab.goto(`${base}${p.path}`, { timeout: limitMs });
        for (const sel of p.ready)
          await tab
            .locator(sel)
            .first()
            .waitFor({ state: 'visible', timeout: Math.max(1, limitMs - (performance.now() - t0)) });
        loads.push({ page: p.page, ms: performance.now() - t0, usable: true });
      } catch (e) {
        loads.push({
          page: p.page,
          ms: performance.now() - t0,
          usable: false,
          error: (e instanceof Error ? e.message : String(e)).split('\n')[0],
        });
      } finally {
        await context.close();
      }
    }
  }
  return loads;
}

/**
 * The calls the web app made for the four contest pages when they were last recorded working (main 2435456,
 * 2026-11-28 00:51 UTC, Chromium): the bench falls back to these when a recording misses the pages' own calls (a web
 * build of the shared checkout that does not render), so the server is still measured. `cid` the contest, `pid` the
 * numeric id of its problem A. Order: the overview, the problem list, problem A, the board.
 */
export function knownPageCalls(cid: number, pid: number): PageCall[][] {
  const get = (path: string): PageCall => ({ method: 'GET', path, body: null });
  const post = (path: string, body: object): PageCall => ({
    method: 'POST',
    path,
    body: JSON.stringify(body),
  });
  const shell = [
    get('/api/get-website-config'),
    get('/api/get-user-auth-info'),
    get('/api/msg/unread'),
    get(`/api/get-contest-info?cid=${cid}`),
    get(`/api/get-contest-access?cid=${cid}`),
    post('/api/get-contest-not-read-announcement', { cid, readAnnouncementList: [] }),
    get(`/api/get-contest-not-read-clarification?cid=${cid}`),
  ];
  const problems = get(`/api/get-contest-problem?cid=${cid}&containsEnd=false`);
  return [
    shell,
    [...shell, problems],
    [
      ...shell,
      get(`/api/get-contest-problem-details?cid=${cid}&displayId=A&containsEnd=false`),
      get(`/api/get-problem-languages?pid=${pid}&cid=${cid}`),
    ],
    [
      ...shell,
      problems,
      post('/api/get-contest-rank', {
        cid,
        currentPage: 1,
        limit: 50,
        forceRefresh: false,
        removeStar: false,
        concernedList: [],
        containsEnd: false,
      }),
    ],
  ];
}
