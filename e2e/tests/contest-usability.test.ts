import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem, signIn, T } from '../contest-kit.js';
import {
  api,
  launchBrowser,
  newPage,
  pickLanguage,
  ROOT_PASSWORD,
  type RunningServer,
  shot,
  startServer,
} from '../harness.js';

/**
 * Issue 25 (items 5, 6, 16, 17): contest pages that stay usable, in Chromium against the real server. Contest
 * notices close by themselves, at most three stacked, bottom right (never over the contest's tab bar at 375 px),
 * with a clarification answer rendered as markdown; Submit keeps the page where it was (the verdict in view); the
 * contest's submissions list links each row to the contest's own submission-detail page with a real `href`.
 */

const PASSWORD = 'alicePass1';
let server: RunningServer;
let browser: Browser;
let rootToken = '';
let cid = 0;
let submitId = 0;

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: undefined as unknown as string });
  const login = await api(server.base, 'POST', '/admin/login', {
    body: { username: 'root', password: ROOT_PASSWORD },
  });
  rootToken = login.token ?? '';
  await api(server.base, 'PUT', '/admin/switch/update', {
    token: rootToken,
    body: { defaultSubmitInterval: 0 },
  });
  await api(server.base, 'POST', '/admin/user/insert-batch-user', {
    token: rootToken,
    body: { users: [['alice25', PASSWORD, 'alice25@example.test', '', '', '', '']] },
  });
  await createProblem(server, rootToken, {
    problemId: 'U25A',
    title: 'Sum',
    op: '+',
    samples: ['1 2', '3'],
    cases: [],
  });
  const list = await api<{ records: { pid: number; problemId: string }[] }>(
    server.base,
    'GET',
    '/get-problem-list?keyword=U25A',
    { token: rootToken },
  );
  const pid = list.data.records.find((r) => r.problemId === 'U25A')?.pid;
  const now = Date.now();
  const made = await api<{ cid: number }>(server.base, 'POST', '/admin/contest', {
    token: rootToken,
    body: {
      title: 'Usable Contest',
      description: 'Notices and links.',
      type: 0,
      auth: 0,
      startTime: new Date(now - 3600_000).toISOString(),
      endTime: new Date(now + 3600_000).toISOString(),
    },
  });
  cid = made.data.cid;
  await api(server.base, 'POST', '/admin/contest/add-problem-from-public', {
    token: rootToken,
    body: { cid, pid, displayId: 'A' },
  });
  const alice = await api(server.base, 'POST', '/login', {
    body: { username: 'alice25', password: PASSWORD },
  });
  const sub = await api<{ submitId: number }>(server.base, 'POST', '/submit-problem-judge', {
    token: alice.token ?? '',
    body: { pid: 'A', cid, language: 'C++', code: 'int main(){}' },
  });
  submitId = sub.data.submitId;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page at `width` px signed in as alice (signed in at desktop width, where the header has its login button). */
async function alicePage(width: number, locale: 'en-US' | 'zh-CN' = 'en-US'): Promise<Page> {
  const { page } = await newPage(browser, { width: 1440, height: 900 });
  await signIn(server, page, 'alice25', PASSWORD);
  await page.evaluate((l) => localStorage.setItem('languages', l), locale);
  if (width < 1440) await page.setViewportSize({ width, height: 740 });
  return page;
}

describe('contest submissions list (items 16, 17)', () => {
  it('links status and language to the contest submission-detail route with a real href', async () => {
    const page = await alicePage(1440);
    await page.goto(`${server.base}/contest/${cid}/submissions`);
    const want = `/contest/${cid}/problem/A/submission-detail/${submitId}`;
    await expect.poll(() => page.getByTestId('status-link').first().getAttribute('href'), T).toBe(want);
    expect(await page.getByTestId('status-language-link').first().getAttribute('href')).toBe(want);
    await page.getByTestId('status-cell').first().click();
    await page.waitForURL(`**${want}`);
    await page.getByTestId('submission-detail').waitFor(T);
    await page.context().close();
  });
});

/** Scrolls the Submit button into the middle of the view, clicks it; returns scrollY before and after the verdict shows. */
async function submitFromBelow(
  page: Page,
): Promise<{ before: number; after: number; verdictInView: boolean }> {
  await expect.poll(() => page.locator('.cm-content').count(), T).toBe(1);
  await pickLanguage(page, 'C++');
  await page.locator('[data-testid="code-panel"] .cm-content').click();
  await page.keyboard.type('int main(){}');
  await page.getByTestId('submit-code').evaluate((b) => b.scrollIntoView({ block: 'center' }));
  const before = await page.evaluate(() => window.scrollY);
  await page.getByTestId('submit-code').click();
  await page.getByTestId('submit-status-panel').waitFor(T);
  await expect.poll(() => page.getByTestId('submit-status-panel').isVisible(), T).toBe(true);
  const after = await page.evaluate(() => window.scrollY);
  const verdictInView = await page.getByTestId('submit-status-panel').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top < window.innerHeight && r.bottom > 0;
  });
  return { before, after, verdictInView };
}

describe('submit keeps the page where it was (item 6)', () => {
  it('a practice problem opened by URL at 375 px', async () => {
    const page = await alicePage(375);
    await page.goto(`${server.base}/problem/U25A`);
    const r = await submitFromBelow(page);
    expect(r.before).toBeGreaterThan(300);
    expect(r).toMatchObject({ verdictInView: true });
    expect(r.after).toBeGreaterThan(300);
    await page.context().close();
  });

  it('a contest problem on a desktop', async () => {
    const page = await alicePage(1440);
    await page.setViewportSize({ width: 1440, height: 600 });
    await page.goto(`${server.base}/contest/${cid}/problem/A`);
    const r = await submitFromBelow(page);
    expect(r).toMatchObject({ verdictInView: true });
    if (r.before > 0) expect(r.after).toBeGreaterThan(0);
    await page.context().close();
  });
});

/** True when some element matching `a` overlaps the first element matching `b`. */
async function overlaps(page: Page, a: string, b: string): Promise<boolean> {
  return page.evaluate(
    ([x, y]) => {
      const rb = document.querySelector(y)?.getBoundingClientRect();
      if (!rb) throw new Error(`no ${y}`);
      return [...document.querySelectorAll(x)].some((el) => {
        const ra = el.getBoundingClientRect();
        return ra.left < rb.right && rb.left < ra.right && ra.top < rb.bottom && rb.top < ra.bottom;
      });
    },
    [a, b] as const,
  );
}

/** The contest's title and tab bar are free of notices (once the ones being replaced have slid out). */
async function headerFree(page: Page): Promise<void> {
  const notice = '.ant-notification-notice';
  await expect
    .poll(() => overlaps(page, notice, '[data-testid="contest-shell"] .ant-tabs-nav'), T)
    .toBe(false);
  await expect.poll(() => overlaps(page, notice, '[data-testid="contest-title"]'), T).toBe(false);
}

const SLOW = { timeout: 90_000, interval: 500 };

describe('contest notices (item 5)', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`close by themselves, one at a time at 375 px below the tab bar, answers as markdown (${locale})`, async () => {
      const page = await alicePage(375, locale);
      await page.goto(`${server.base}/contest/${cid}/problems`);
      await page.getByTestId('contest-shell').waitFor(T);
      for (let i = 1; i <= 4; i += 1) {
        await api(server.base, 'POST', '/admin/contest/announcement', {
          token: rootToken,
          body: { cid, announcement: { title: `Note ${locale} ${i}`, content: 'Read me.' } },
        });
      }
      const notices = page.locator('.ant-notification-notice');
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await expect.poll(() => page.locator('.oj-announcement-notice').count(), SLOW).toBeGreaterThan(0);
      await expect.poll(() => notices.count(), T).toBe(1);
      await headerFree(page);
      await api(server.base, 'POST', '/admin/contest/clarification', {
        token: rootToken,
        body: { cid, answer: `Use **long long** ${locale}.` },
      });
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      const answer = page.getByTestId('clarification-notice-answer');
      await expect.poll(() => answer.locator('strong').count(), SLOW).toBe(1);
      expect(await answer.textContent()).not.toContain('**');
      await expect.poll(() => notices.count(), T).toBe(1);
      await headerFree(page);
      await shot(page, `contest-notices-375-${locale}`);
      // The tab bar stays usable: Problems can be clicked while the notices are up.
      await page.getByTestId('contest-tab-problems').click({ trial: true });
      await expect.poll(() => notices.count(), { timeout: 30_000, interval: 500 }).toBe(0);
      // The list renders the same answer as markdown.
      await page.goto(`${server.base}/contest/${cid}/clarifications`);
      const item = page.getByTestId('clarification-answer').filter({ hasText: locale }).first();
      await expect.poll(() => item.locator('strong').count(), T).toBe(1);
      await page.context().close();
    });
  }

  it('on a desktop: at most three, clear of the header user menu', async () => {
    const page = await alicePage(1440);
    await page.goto(`${server.base}/contest/${cid}/problems`);
    const notices = page.locator('.ant-notification-notice');
    await expect.poll(() => notices.count(), SLOW).toBeGreaterThan(0);
    await expect.poll(() => notices.count(), T).toBeLessThanOrEqual(3);
    expect(await overlaps(page, '.ant-notification-notice', '[data-testid="header-name"]')).toBe(false);
    await headerFree(page);
    await shot(page, 'contest-notices-1440-en-US');
    await page.context().close();
  });
});
