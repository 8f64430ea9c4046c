import type { Browser } from 'playwright-core';
import { registerUser } from './contest-kit.js';
import {
  api,
  configureMail,
  networkQuiet,
  ROOT_PASSWORD,
  type RunningServer,
  startInbox,
  trackRequests,
} from './harness.js';

/**
 * What the cold-load bench (`bench/web/cold-load.ts`) and the page-weight browser test (`e2e/tests/page-weight.test.ts`)
 * share (issue 25 item 21): a server seeded through the API with the demo problem 1000 (the server's demo seed,
 * `OJ_DEMO_SEED=1` under vitest), a running public ACM contest holding it with a contestant's submission on its board, a
 * practice submission, a discussion, and root's session; and one cold load of a page in a fresh Chromium context (no cache) counting what
 * came over the socket.
 */

/** What {@link seedPageWeightWorld} made. */
export interface PageWeightWorld {
  /** Root's API token and user info, as the web app keeps them in local storage after a sign-in. */
  token: string;
  userInfo: unknown;
  /** The contest's id (1 on a fresh server). */
  cid: number;
}

/** Seeds the pages of the bench through the API as root (the server must hold the demo problem 1000). */
export async function seedPageWeightWorld(server: RunningServer): Promise<PageWeightWorld> {
  const inbox = await startInbox();
  try {
    await configureMail(server.base, inbox);
    await registerUser(server, inbox, 'weight1', 'weightPass1');
  } finally {
    await inbox.close();
  }
  const login = await api<unknown>(server.base, 'POST', '/admin/login', {
    body: { username: 'root', password: ROOT_PASSWORD },
  });
  const token = login.token ?? '';
  if (!token) throw new Error('admin login answered no token');
  const list = await api<{ records: { pid: number }[] }>(
    server.base,
    'GET',
    '/get-problem-list?keyword=1000',
    {
      token,
    },
  );
  const pid = list.data.records[0]?.pid;
  if (!pid) throw new Error('no demo problem 1000 (OJ_DEMO_SEED=1?)');
  const hour = 3600_000;
  const contest = await api<{ cid: number }>(server.base, 'POST', '/admin/contest', {
    token,
    body: {
      title: 'Weight contest',
      description: 'One problem, **A + B**.',
      type: 0,
      auth: 0,
      openRank: true,
      startTime: new Date(Date.now() - hour).toISOString(),
      endTime: new Date(Date.now() + hour).toISOString(),
    },
  });
  const cid = contest.data.cid;
  await api(server.base, 'POST', '/admin/contest/add-problem-from-public', {
    token,
    body: { cid, pid, displayId: 'A' },
  });
  // A contestant's submission (root, the contest's admin, has no row on the board); pending: no judge runs.
  const contestant = await api<unknown>(server.base, 'POST', '/login', {
    body: { username: 'weight1', password: 'weightPass1' },
  });
  await api(server.base, 'POST', '/submit-problem-judge', {
    token: contestant.token ?? '',
    body: { pid: 'A', cid, language: 'C++', code: 'int main(){return 0;}' },
  });
  // A practice submission for the status list.
  await api(server.base, 'POST', '/submit-problem-judge', {
    token,
    body: { pid, language: 'C++', code: 'int main(){return 0;}' },
  });
  const categories = await api<{ id: number }[]>(server.base, 'GET', '/discussion-category');
  await api(server.base, 'POST', '/discussion', {
    token,
    body: {
      title: 'Weight discussion',
      description: 'About A + B.',
      content: 'Is **1 2** the only sample?',
      categoryId: categories.data[0]?.id,
      pid: '1000',
    },
  });
  const info = await api<unknown>(server.base, 'GET', '/get-user-auth-info', { token });
  return { token, userInfo: { ...(login.data as object), ...(info.data as object) }, cid };
}

/** One page of the bench: its address, whether root is signed in, and what shows its main content. */
export interface PageCase {
  path: string;
  signedIn: boolean;
  /** CSS selectors that must all match a visible element for the page to count as showing its content. */
  ready: string[];
}

/** The main pages of the brief (issue 25 item 21), with what marks each one's content as shown. */
export const MAIN_PAGES: PageCase[] = [
  { path: '/', signedIn: false, ready: ['.oj-page'] },
  { path: '/problem', signedIn: false, ready: ['[data-testid=problem-table] .ant-table-row'] },
  { path: '/problem/1000', signedIn: false, ready: ['.cm-editor', '.oj-markdown'] },
  { path: '/contest', signedIn: false, ready: ['[data-testid=contest-row]'] },
  { path: '/contest/1', signedIn: true, ready: ['[data-testid=contest-overview]'] },
  { path: '/contest/1/rank', signedIn: true, ready: ['[data-testid=board-user]'] },
  { path: '/status', signedIn: false, ready: ['[data-testid=status-link]'] },
  { path: '/discussion', signedIn: false, ready: ['[data-testid=discussion-list] > .ant-space-item'] },
  { path: '/admin', signedIn: true, ready: ['.ant-statistic', '.ant-table-row'] },
  { path: '/admin/problems', signedIn: true, ready: ['.ant-table-row'] },
];

/** One response of a cold load. */
export interface Response {
  /** URL path. */
  path: string;
  /** CDP resource type (Script, Stylesheet, Fetch, Document, Font...). */
  type: string;
  /** Bytes over the socket (compressed body + headers) and the decoded body. */
  transferred: number;
  decoded: number;
  /** When it finished, ms after the navigation started. */
  end: number;
  /** Length of the request chain that led to it: 0 the document, 1 what the document asked for, and so on. */
  depth: number;
}

/** The figures of one cold load. */
export interface ColdLoad {
  responses: Response[];
  /** ms after the navigation started: the page's content visible, and settled (content shown, network done). */
  shown: number;
  settled: number;
}

/**
 * Loads `base + page.path` in a fresh context (empty cache, cache disabled, en-US, 1366x900; root's session in
 * local storage when `page.signedIn`) and waits until the page shows its content and no request has been in flight
 * for 500 ms (the live event stream aside). Settled = the later of the content shown and the last response's end.
 * Throws when the content does not show within 15 s.
 */
export async function coldLoad(
  browser: Browser,
  base: string,
  page: PageCase,
  world: PageWeightWorld,
): Promise<ColdLoad> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  try {
    if (page.signedIn)
      await context.addInitScript(
        ([token, user]) => {
          localStorage.setItem('token', token);
          localStorage.setItem('userInfo', user);
        },
        [world.token, JSON.stringify(world.userInfo)] as const,
      );
    const tab = await context.newPage();
    tab.setDefaultTimeout(15_000);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let t0 = Number.NaN;
    const sent = new Map<string, { url: string; type: string; depth: number }>();
    const depthOfUrl = new Map<string, number>();
    const received = new Map<string, { decoded: number }>();
    const responses: Response[] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      if (Number.isNaN(t0)) t0 = e.timestamp;
      const init = e.initiator;
      const from = init.url ?? init.stack?.callFrames?.[0]?.url ?? init.stack?.parent?.callFrames?.[0]?.url;
      const depth = e.type === 'Document' ? 0 : (from ? (depthOfUrl.get(from) ?? 0) : 0) + 1;
      depthOfUrl.set(e.request.url, depth);
      sent.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', depth });
      received.set(e.requestId, { decoded: 0 });
    });
    cdp.on('Network.dataReceived', (e) => {
      const r = received.get(e.requestId);
      if (r) r.decoded += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = sent.get(e.requestId);
      if (!s) return;
      responses.push({
        path: new URL(s.url).pathname,
        type: s.type,
        transferred: e.encodedDataLength,
        decoded: received.get(e.requestId)?.decoded ?? 0,
        end: (e.timestamp - t0) * 1000,
        depth: s.depth,
      });
    });
    trackRequests(tab);
    await tab.goto(base + page.path, { waitUntil: 'commit' });
    // Polled every frame in the page: ms since the navigation started, when every selector has a visible match.
    const shownAt = await tab.waitForFunction(
      (sels) =>
        sels.every((s) =>
          [...document.querySelectorAll(s)].some((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.height > 0;
          }),
        )
          ? performance.now()
          : 0,
      page.ready,
      { polling: 'raf' },
    );
    const shown = (await shownAt.jsonValue()) as number;
    await networkQuiet(tab);
    const lastEnd = Math.max(0, ...responses.map((r) => r.end));
    return { responses: [...responses], shown, settled: Math.max(shown, lastEnd) };
  } finally {
    await context.close();
  }
}
