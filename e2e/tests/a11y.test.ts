import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  launchBrowser,
  networkQuiet,
  newPage,
  ROOT_PASSWORD,
  type RunningServer,
  shot,
  startServer,
  trackRequests,
} from '../harness.js';

/**
 * Keyboard and screen-reader use (issue 28), in Chromium against the real server:
 * - axe-core (`@axe-core/playwright`, WCAG 2.x A/AA rules and best practices) on the main pages in both languages:
 *   no serious or critical violation but the few listed in KNOWN_OPEN; the counts per page and impact are printed;
 * - no mouse-only control: nothing with a pointer cursor that the keyboard cannot reach (itself, an ancestor or a
 *   descendant focusable);
 * - the former mouse-only controls work by keyboard (brand, announcement item, captcha image, row links, user
 *   menu), and the shortcuts `/` and `?`; screenshots of their focus rings in e2e/screenshots/a11y-focus-*.png.
 */

const T = { timeout: 15_000 };
type Lang = 'en-US' | 'zh-CN';
const LANGS: Lang[] = ['en-US', 'zh-CN'];
const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;

let server: RunningServer;
let browser: Browser;
let rootToken = '';
let rootUser = '';
let pid = 0;
let submitId = 0;
let cid = 0;

beforeAll(async () => {
  server = await startServer();
  const login = await api<Record<string, unknown>>(server.base, 'POST', '/login', {
    body: { username: 'root', password: ROOT_PASSWORD },
  });
  rootToken = login.token ?? '';
  rootUser = JSON.stringify(login.data);
  await api(server.base, 'POST', '/admin/announcement', {
    token: rootToken,
    body: { title: 'Keyboard notice', content: 'Opened with **Enter**.' },
  });
  await api(server.base, 'POST', '/admin/problem', {
    token: rootToken,
    body: {
      problem: {
        problemId: 'AX1',
        title: 'Accessible sum',
        description: 'Add **two** numbers.',
        input: 'Two integers.',
        output: 'Their sum.',
        examples: [{ input: '1 2', output: '3' }],
        timeLimit: 1000,
        memoryLimit: 256,
        type: 0,
        auth: 1,
      },
      samples: [{ input: '1 2\n', output: '3\n' }],
      languages: ['C++'],
      tags: [{ name: 'math' }],
      codeTemplates: [],
    },
  });
  const list = await api<{ records: { pid: number }[] }>(server.base, 'GET', '/get-problem-list?keyword=AX1');
  pid = list.data.records[0]?.pid ?? 0;
  const sub = await api<{ submitId: number }>(server.base, 'POST', '/submit-problem-judge', {
    token: rootToken,
    body: { pid, language: 'C++', code: 'int main(){return 0;}' },
  });
  submitId = sub.data.submitId;
  const hour = 3600_000;
  const contest = await api<{ cid: number }>(server.base, 'POST', '/admin/contest', {
    token: rootToken,
    body: {
      title: 'Keyboard contest',
      description: 'One problem.',
      type: 0,
      auth: 0,
      openRank: true,
      startTime: new Date(Date.now() - hour).toISOString(),
      endTime: new Date(Date.now() + hour).toISOString(),
    },
  });
  cid = contest.data.cid;
  await api(server.base, 'POST', '/admin/contest/add-problem-from-public', {
    token: rootToken,
    body: { cid, pid, displayId: 'A' },
  });
  await api(server.base, 'POST', '/submit-problem-judge', {
    token: rootToken,
    body: { pid: 'A', cid, language: 'C++', code: 'int main(){return 0;}' },
  });
  const category = await api<{ id: number }>(server.base, 'POST', '/admin/training/category', {
    token: rootToken,
    body: { name: 'Keyboard category', color: '#409EFF' },
  });
  const training = await api<{ tid: number }>(server.base, 'POST', '/admin/training', {
    token: rootToken,
    body: {
      training: { title: 'Keyboard training', description: 'One problem.', auth: 'Public' },
      trainingCategory: { id: category.data.id },
    },
  });
  await api(server.base, 'POST', '/admin/training/add-problem-from-public', {
    token: rootToken,
    body: { tid: training.data.tid, pid, displayId: 'A' },
  });
  const categories = await api<{ id: number }[]>(server.base, 'GET', '/discussion-category');
  await api(server.base, 'POST', '/discussion', {
    token: rootToken,
    body: {
      title: 'Keyboard discussion',
      description: 'About AX1.',
      content: 'Can I submit with **Ctrl+Enter**?',
      categoryId: categories.data[0]?.id,
      pid: 'AX1',
    },
  });
  await api(server.base, 'POST', '/group', {
    token: rootToken,
    body: {
      name: 'Keyboard group',
      shortName: 'KBDGR',
      brief: 'A group for the accessibility check.',
      description: 'The group.',
      auth: 1,
      visible: true,
    },
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A page in `lang`, signed in as root (site session in local storage) unless `visitor`. Its system asks for reduced
 * motion: axe reads colours as they are when it runs, and a button caught in its 0.2 s transition from disabled to
 * enabled (the problem page's Submit, once the editor is ready) failed color-contrast at idle, 2 runs in 4.
 */
async function openPage(lang: Lang, visitor = false, width = 1280): Promise<Page> {
  const { context, page } = await newPage(browser, { locale: lang, width, reducedMotion: true });
  await context.addInitScript(`localStorage.setItem('languages', '${lang}')`);
  if (!visitor) {
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userInfo', user);
      },
      [rootToken, rootUser] as const,
    );
  }
  return page;
}

/** Opens `url` and waits until its data has arrived (no request in flight, no skeleton or spinner). */
async function settle(page: Page, url?: string): Promise<void> {
  trackRequests(page);
  if (url) await page.goto(`${server.base}${url}`);
  await page.waitForLoadState('load');
  await networkQuiet(page, 400);
  await page.waitForFunction(
    () => !document.querySelector('.ant-skeleton, .ant-spin-spinning'),
    undefined,
    T,
  );
}

type Counts = Record<(typeof IMPACTS)[number], number>;

/**
 * Serious findings still open, by page and rule (issue 28's closing note lists them), each with its reason; any
 * other serious or critical finding fails the test, and so does an entry here that no longer occurs (then delete it).
 */
const KNOWN_OPEN: { page: string; rule: string; why: string }[] = [];

/** axe on the page as it is: the counts of violated rules per impact, and the serious/critical ones in detail. */
async function audit(page: Page): Promise<{ counts: Counts; nodes: number; severe: string[] }> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const counts: Counts = { minor: 0, moderate: 0, serious: 0, critical: 0 };
  let nodes = 0;
  const severe: string[] = [];
  for (const v of result.violations) {
    const impact = (v.impact ?? 'minor') as keyof Counts;
    counts[impact] += 1;
    nodes += v.nodes.length;
    if (impact === 'serious' || impact === 'critical') {
      const where = v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(' | ');
      severe.push(`${impact} ${v.id} (${v.nodes.length}): ${where}`);
    }
  }
  return { counts, nodes, severe };
}

/**
 * Elements the mouse can click (pointer cursor, the outermost of a pointer subtree) that the keyboard cannot reach:
 * neither they, an ancestor nor a descendant is focusable. Returns a short description of each.
 */
async function mouseOnly(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const FOCUSABLE =
      'a[href],button,input,select,textarea,summary,[tabindex]:not([tabindex="-1"]),[contenteditable="true"]';
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(el).cursor !== 'pointer' || el.getClientRects().length === 0) continue;
      const parent = el.parentElement;
      if (parent && getComputedStyle(parent).cursor === 'pointer') continue;
      if (el.matches(FOCUSABLE) || el.closest(FOCUSABLE) || el.querySelector(FOCUSABLE)) continue;
      // A tab list's tabs: one tab in the tab order, the arrow keys move between them (roving tabindex)
      if (el.closest('[role="tablist"]') || el.querySelector('[role="tab"]')) continue;
      // antd's own focus handling: a disabled control, or the checkable inside a label
      if (el.closest('[aria-disabled="true"],.ant-btn-disabled,label')) continue;
      out.push(
        `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
      );
    }
    return out;
  });
}

describe('axe-core on the main pages', () => {
  const pages = (): [string, string, ((p: Page) => Promise<void>)?][] => [
    ['problem list', '/problem'],
    ['problem page', '/problem/AX1'],
    ['submission list', '/status'],
    ['submission detail', `/submission-detail/${submitId}`],
    ['contest list', '/contest'],
    ['contest problem list', `/contest/${cid}/problems`],
    ['board', `/contest/${cid}/rank`],
    ['training list', '/training'],
    ['discussion list', '/discussion'],
    ['group list', '/group'],
    ['user home', '/user-home'],
    ['help', '/help'],
    ['admin home', '/admin'],
    ['admin problem list', '/admin/problems'],
  ];

  // Each language in its own context, side by side (they mostly wait on the network).
  for (const lang of LANGS) {
    it.concurrent(`zero serious or critical violations, ${lang}`, async () => {
      const rows: Record<string, string | number>[] = [];
      const severe: string[] = [];
      const pointerOnly: string[] = [];
      const record = async (name: string, page: Page) => {
        let r = await audit(page);
        // A serious finding must still be there a second later: the problem page's primary button failed
        // color-contrast in 1 run of 3-5 (at idle and in CI) although its colours pass when audited again, a state
        // of a moment (which one was not found); a real violation stays and still fails.
        if (r.severe.length) {
          await page.waitForTimeout(1000);
          r = await audit(page);
        }
        rows.push({ page: name, ...r.counts, nodes: r.nodes });
        severe.push(...r.severe.map((s) => `${lang} ${name}: ${s}`));
        pointerOnly.push(...(await mouseOnly(page)).map((s) => `${lang} ${name}: ${s}`));
      };

      const visitor = await openPage(lang, true);
      await settle(visitor, '/home');
      await visitor.getByTestId('announcement-panel').waitFor();
      await record('home', visitor);
      await visitor.getByTestId('open-login').click();
      await visitor.locator('.oj-login-modal .ant-modal-content').waitFor();
      await settle(visitor);
      await record('login dialog open', visitor);
      await visitor.context().close();

      const page = await openPage(lang);
      for (const [name, url, act] of pages()) {
        await settle(page, url);
        if (act) await act(page);
        await record(name, page);
      }
      await page.context().close();

      console.log(`axe-core ${lang}: violated rules per impact (nodes = elements involved)`);
      console.table(rows);
      const known = (s: string) =>
        KNOWN_OPEN.some((k) => s.startsWith(`${lang} ${k.page}: `) && s.includes(` ${k.rule} (`));
      console.log(`known open (${lang}):`, severe.filter(known));
      expect(severe.filter((s) => !known(s))).toEqual([]);
      // An entry of KNOWN_OPEN that no longer occurs is stale: fixed, so it must go.
      const stale = KNOWN_OPEN.filter(
        (k) => !severe.some((s) => s.startsWith(`${lang} ${k.page}: `) && s.includes(` ${k.rule} (`)),
      );
      expect(stale.map((k) => `${k.page} ${k.rule}`)).toEqual([]);
      // The tag filters of the problem, discussion and group lists are keyboard toggles too (components/FilterTag).
      expect(pointerOnly).toEqual([]);
    }, 900_000);
  }
});

describe('keyboard use', () => {
  it('Tab reaches the brand and Enter switches the language; the focus ring shows', async () => {
    const page = await openPage('en-US', true);
    await settle(page, '/home');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('brand');
    await shot(page, 'a11y-focus-brand-en-US');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.context().close();
  });

  it('an announcement opens with Enter; Back returns to the list', async () => {
    const page = await openPage('en-US', true);
    await settle(page, '/home');
    const item = page.getByTestId('announcement-panel').getByRole('button', { name: /Keyboard notice/ });
    await item.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await shot(page, 'a11y-focus-announcement-en-US');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('announcement-detail').textContent()).toContain('Enter');
    await page.context().close();
  });

  it('"/" focuses the search box, "?" opens the shortcut list, Esc closes it', async () => {
    for (const lang of LANGS) {
      const page = await openPage(lang);
      await settle(page, '/training');
      const search = page.getByTestId('training-keyword');
      await search.waitFor();
      // Nothing focused (as after a page load): the keys go to the document.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('/');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), T)
        .toBe('training-keyword');
      // While typing, "?" is a character, not the shortcut.
      await page.keyboard.type('a?');
      await expect.poll(() => search.inputValue(), T).toBe('a?');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Shift+Slash');
      const list = page.getByTestId('shortcut-list');
      await list.waitFor();
      expect(await list.textContent()).toContain(lang === 'en-US' ? 'Submit the code' : '提交代码');
      await shot(page, `a11y-shortcuts-${lang}`);
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'hidden' });
      await page.context().close();
    }
  });

  it('a tag of the problem list filter is in the tab order and toggles with Enter and Space', async () => {
    const page = await openPage('en-US');
    await settle(page, '/problem');
    const tag = page.getByTestId('tag-filter-item').first();
    await tag.waitFor();
    expect(await tag.getAttribute('aria-pressed')).toBe('false');
    expect(await tag.getAttribute('tabindex')).toBe('0');
    await tag.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'tag-filter-item',
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => tag.getAttribute('aria-pressed'), T).toBe('true');
    await page.keyboard.press(' ');
    await expect.poll(() => tag.getAttribute('aria-pressed'), T).toBe('false');
    await page.context().close();
  });

  it('the help page lists the shortcuts on a phone (375 px), without overflowing', async () => {
    for (const lang of LANGS) {
      const page = await openPage(lang, true, 375);
      await settle(page, '/help');
      const list = page.getByTestId('help-shortcuts');
      await list.scrollIntoViewIfNeeded();
      expect(await list.textContent()).toContain(lang === 'en-US' ? 'Jump to the page' : '跳到本页的搜索框');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `a11y-help-shortcuts-${lang}-375`);
      await page.context().close();
    }
  });

  it('row links: a contest problem and a training open from the keyboard', async () => {
    const page = await openPage('en-US');
    await settle(page, `/contest/${cid}/problems`);
    const link = page.getByTestId('contest-problems').getByRole('link', { name: 'Accessible sum' });
    await link.focus();
    await shot(page, 'a11y-focus-row-link-en-US');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/contest/${cid}/problem/A$`));
    await settle(page, '/training');
    await page.getByTestId('training-title').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/training\/\d+$/);
    await page.context().close();
  });

  it('the user menu opens with Enter', async () => {
    const page = await openPage('en-US');
    await settle(page, '/problem');
    await page.getByTestId('user-menu').focus();
    await shot(page, 'a11y-focus-user-menu-en-US');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await page.context().close();
  });
});
