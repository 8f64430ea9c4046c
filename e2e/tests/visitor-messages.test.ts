import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  launchBrowser,
  newPage,
  ROOT_PASSWORD,
  type RunningServer,
  shot,
  startServer,
} from '../harness.js';

/**
 * Issue 14, defects 3 and 8, in a real browser on the real server: the server's refusals read in the interface
 * language (wrong password in Chinese); a visitor browses the problem list; a login prompt brings the visitor
 * back to the page they asked for; with registration off the sign-in modal offers no "Register now".
 * Screenshots (en, zh, 375 px) go to e2e/screenshots/.
 */

let server: RunningServer;
let browser: Browser;
let rootToken = '';

const modal = (page: Page) => page.locator('.oj-login-modal .ant-modal-content');
const toast = (page: Page) => page.locator('.ant-message');

/** Fills the open sign-in modal and presses its submit button (works in either language). */
async function signIn(page: Page, username: string, password: string): Promise<void> {
  await modal(page).locator('input[autocomplete=username]').fill(username);
  await modal(page).locator('input[type=password]').fill(password);
  await modal(page).locator('button[type=submit]').click();
}

beforeAll(async () => {
  server = await startServer({ OJ_DEMO_SEED: '1' });
  browser = await launchBrowser();
  const { token } = await api(server.base, 'POST', '/admin/login', {
    body: { username: 'root', password: ROOT_PASSWORD },
  });
  rootToken = token ?? '';
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('server messages in the interface language', () => {
  it('a wrong password in the Chinese interface is refused in Chinese, in English in the English one', async () => {
    for (const [locale, expected, other] of [
      ['zh-CN', '请检查您的用户名或密码', 'Please check your username or password'],
      ['en-US', 'Please check your username or password', '请检查您的用户名或密码'],
    ] as const) {
      for (const width of locale === 'zh-CN' ? [1280, 375] : [1280]) {
        const { context, page } = await newPage(browser, { locale, width });
        await page.goto(`${server.base}/home`);
        if (width < 992) await page.getByTestId('nav-drawer-button').click();
        await page.getByTestId('open-login').click();
        await signIn(page, 'root', 'wrong-password-1');
        await expect.poll(() => toast(page).textContent()).toContain(expected);
        expect(await toast(page).textContent()).not.toContain(other);
        await shot(page, `messages-wrong-password-${locale}-${width}`);
        await context.close();
      }
    }
  });
});

describe('visitors (defect 8)', () => {
  it('a visitor browses the problem list without being asked to log in', async () => {
    for (const [locale, width] of [
      ['en-US', 1280],
      ['zh-CN', 1280],
      ['en-US', 375],
    ] as const) {
      const { context, page } = await newPage(browser, { locale, width });
      await page.goto(`${server.base}/problem`);
      await page.getByTestId('problem-link').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/problem');
      expect(await modal(page).count()).toBe(0);
      await shot(page, `visitor-problem-list-${locale}-${width}`);
      await context.close();
    }
  });

  it('after the login prompt of a page that needs login, signing in opens that page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.base}/setting`);
    await page.waitForURL(/\/home$/);
    await expect.poll(() => toast(page).textContent()).toContain('Please login first');
    await signIn(page, 'root', ROOT_PASSWORD);
    await page.waitForURL(/\/setting$/);
    await context.close();
  });

  it('with registration off the sign-in modal offers no "Register now"', async () => {
    const check = async (open: boolean, locale: 'en-US' | 'zh-CN' = 'en-US', width = 1280) => {
      const { context, page } = await newPage(browser, { locale, width });
      await page.goto(`${server.base}/home`);
      if (width < 992) await page.getByTestId('nav-drawer-button').click();
      await page.getByTestId('open-login').waitFor();
      await expect.poll(() => page.getByTestId('open-register').count()).toBe(open ? 1 : 0);
      await page.getByTestId('open-login').click();
      await modal(page).locator('input[autocomplete=username]').waitFor();
      const link = modal(page).getByText(
        locale === 'en-US' ? 'No account? Register now' : '没有账号？立即注册',
      );
      await expect.poll(() => link.count()).toBe(open ? 1 : 0);
      if (!open) await shot(page, `login-modal-registration-off-${locale}-${width}`);
      await context.close();
    };
    await check(true);
    await api(server.base, 'PUT', '/admin/config/set-web-config', {
      token: rootToken,
      body: { register: false },
    });
    try {
      await check(false);
      await check(false, 'zh-CN');
      await check(false, 'en-US', 375);
    } finally {
      await api(server.base, 'PUT', '/admin/config/set-web-config', {
        token: rootToken,
        body: { register: true },
      });
    }
  });
});
