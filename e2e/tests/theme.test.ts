import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, ROOT_PASSWORD, type RunningServer, startServer } from '../harness.js';

/**
 * Dark mode (issue 28) in the built web app: with nothing chosen the site follows the system's
 * `prefers-color-scheme`; choosing dark in the footer darkens the page at once, is remembered by the browser, and on
 * reload is in force before the app's script has run (the boot shell is dark with the entry module blocked), without
 * a Content-Security-Policy violation; the code editor's default theme follows the site.
 */

let server: RunningServer;
let browser: Browser;
let problemId = '';

const LIGHT_PAGE = 'rgb(245, 246, 248)';
const DARK_PAGE = 'rgb(0, 0, 0)';
const DARK_CONTAINER = 'rgb(20, 20, 20)';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const { token } = await api(server.base, 'POST', '/admin/login', {
    body: { username: 'root', password: ROOT_PASSWORD },
  });
  const made = await api<{ problemId: string }>(server.base, 'POST', '/admin/problem', {
    token: token ?? undefined,
    body: {
      problem: {
        problemId: 'THEME-1',
        title: 'Editor in the dark',
        description: 'Add two numbers.',
        input: 'Two integers.',
        output: 'Their sum.',
        type: 0,
        auth: 1,
      },
      samples: [{ input: '1 2\n', output: '3\n' }],
      languages: ['C++'],
    },
  });
  problemId = made.data.problemId;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A fresh context (own local storage) whose system prefers `scheme` (and `motion`: reduced or not, default not);
 * CSP violations are collected.
 */
async function open(
  scheme: 'light' | 'dark',
  motion: 'reduce' | 'no-preference' = 'no-preference',
): Promise<{ context: BrowserContext; page: Page; violations: string[] }> {
  const context = await browser.newContext({
    locale: 'en-US',
    colorScheme: scheme,
    reducedMotion: motion,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return { context, page, violations };
}

/** `<html data-theme>`, the body's and the navigation bar's background colours. */
async function look(page: Page): Promise<{ theme?: string; page: string; header?: string }> {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    page: getComputedStyle(document.body).backgroundColor,
    header: (() => {
      const h = document.querySelector('header, .oj-boot');
      return h ? getComputedStyle(h).backgroundColor : undefined;
    })(),
  }));
}

describe('site theme', () => {
  it('follows prefers-color-scheme while nothing is chosen', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page, violations } = await open(scheme);
      await page.goto(`${server.base}/home`);
      await page.getByTestId('theme-switch').waitFor();
      expect(await page.getByTestId('theme-switch').inputValue()).toBe('system');
      const seen = await look(page);
      expect(seen.theme).toBe(scheme);
      expect(seen.page).toBe(scheme === 'dark' ? DARK_PAGE : LIGHT_PAGE);
      expect(seen.header).toBe(scheme === 'dark' ? DARK_CONTAINER : 'rgb(255, 255, 255)');
      // antd's own components take the dark algorithm too: the primary "Login" button's text is light on dark.
      const loginBg = await page
        .getByTestId('open-login')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(loginBg === 'rgba(0, 0, 0, 0)' || loginBg === 'transparent').toBe(true);
      expect(violations).toEqual([]);
      await context.close();
    }
  });

  it('switching to dark changes the page at once and holds on reload, before the app runs', async () => {
    const { context, page, violations } = await open('light');
    await page.goto(`${server.base}/home`);
    await page.getByTestId('theme-switch').waitFor();
    expect((await look(page)).page).toBe(LIGHT_PAGE);

    await page.getByTestId('theme-switch').selectOption('dark');
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(0, 0, 0)');
    expect(await look(page)).toEqual({ theme: 'dark', page: DARK_PAGE, header: DARK_CONTAINER });
    expect(await page.evaluate(() => localStorage.getItem('oj-theme'))).toBe('dark');

    // Reload with the app's entry module refused: what is drawn is index.html's boot shell, in the dark theme the
    // boot script chose from local storage (no light flash while the app loads).
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.reload();
    await page.locator('.oj-boot').waitFor();
    expect(await look(page)).toEqual({ theme: 'dark', page: DARK_PAGE, header: DARK_CONTAINER });
    await page.unroute(/\/assets\/index-[\w-]+\.js$/);

    // The app itself keeps it, and the picker shows it.
    await page.reload();
    await page.getByTestId('theme-switch').waitFor();
    expect(await page.getByTestId('theme-switch').inputValue()).toBe('dark');
    expect((await look(page)).page).toBe(DARK_PAGE);

    // Back to following the system (light here): the stored choice is dropped.
    await page.getByTestId('theme-switch').selectOption('system');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect((await look(page)).page).toBe(LIGHT_PAGE);
    expect(await page.evaluate(() => localStorage.getItem('oj-theme'))).toBeNull();
    expect(violations).toEqual([]);
    await context.close();
  });

  it('a light choice wins over a dark system', async () => {
    const { context, page } = await open('dark');
    await page.goto(`${server.base}/home`);
    await page.getByTestId('theme-switch').selectOption('light');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.reload();
    await page.getByTestId('theme-switch').waitFor();
    expect((await look(page)).page).toBe(LIGHT_PAGE);
    await context.close();
  });

  it("the code editor's default theme follows the site", async () => {
    const editorBackground = async (scheme: 'light' | 'dark') => {
      const { context, page } = await open(scheme);
      await page.goto(`${server.base}/problem/${problemId}`);
      await page.locator('.cm-editor .cm-content').first().waitFor();
      // The theme's extension loads lazily: wait until the editor carries a theme's own background.
      await page.waitForFunction(() => {
        const el = document.querySelector('.cm-editor');
        return !!el && getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)';
      });
      const rgb = await page
        .locator('.cm-editor')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      await context.close();
      const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
      return (0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)) / 255;
    };
    expect(await editorBackground('light')).toBeGreaterThan(0.8);
    expect(await editorBackground('dark')).toBeLessThan(0.25);
  });
});

/**
 * The sign-in dialog as it opens: the longest animation (s) its box ran in its first half second (antd's zoom is
 * 0.3 s), and the computed transition of the button that opened it.
 */
async function dialogMotion(page: Page): Promise<{ dialogAnimation: number; buttonTransition: number }> {
  await page.goto(`${server.base}/home`);
  const button = page.getByTestId('open-login');
  await button.waitFor();
  const buttonTransition = await button.evaluate((b) =>
    Number.parseFloat(getComputedStyle(b).transitionDuration),
  );
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number };
    w.__longest = 0;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.ant-modal')) {
        const style = getComputedStyle(el);
        if (style.animationName !== 'none')
          w.__longest = Math.max(w.__longest, Number.parseFloat(style.animationDuration));
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
  });
  await button.click();
  await page.locator('.oj-login-modal .ant-modal-content').waitFor();
  await page.waitForTimeout(500); // the zoom runs 0.3 s: long enough for it to have shown
  const dialogAnimation = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
  return { dialogAnimation, buttonTransition };
}

describe('reduced motion', () => {
  it('with the system asking for less motion, dialogs open without animating and transitions end at once', async () => {
    const still = await open('light', 'reduce');
    const moving = await open('light', 'no-preference');
    try {
      const a = await dialogMotion(still.page);
      const b = await dialogMotion(moving.page);
      expect(
        b.dialogAnimation,
        'the dialog zooms in when motion is allowed (the check can see it)',
      ).toBeGreaterThan(0.1);
      expect(b.buttonTransition).toBeGreaterThan(0.05);
      expect(a.dialogAnimation, 'no zoom under prefers-reduced-motion').toBeLessThan(0.001);
      expect(a.buttonTransition).toBeLessThan(0.001);
    } finally {
      await still.context.close();
      await moving.context.close();
    }
  });
});
