import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, ROOT_PASSWORD, type RunningServer, shot, startServer } from '../harness.js';

/**
 * Screenshots of the home page, the sign-in modal and the admin dashboard in en-US and zh-CN at 1280 px and
 * 375 px wide, saved to e2e/screenshots/ (git-ignored) for a person to look at. Each shot also checks that the
 * page does not overflow horizontally.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const LANGS = ['en-US', 'zh-CN'] as const;
const WIDTHS = [1280, 375] as const;

describe('screenshots', () => {
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      it(`home and sign-in modal, ${lang}, ${width} px`, async () => {
        const { context, page } = await newPage(browser, {
          locale: lang,
          width,
          height: width > 400 ? 800 : 740,
        });
        await page.goto(`${server.base}/home?l=${lang === 'zh-CN' ? 'zh-cn' : 'en'}`);
        await page.getByTestId('carousel-site-name').waitFor();
        await page.getByTestId('announcement-panel').waitFor();
        await page.waitForTimeout(400);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(fs.existsSync(await shot(page, `home-${lang}-${width}`))).toBe(true);

        if (width < 992) await page.getByTestId('nav-drawer-button').click();
        await page.getByTestId('open-login').click();
        await page.locator('.oj-login-modal .ant-modal-content').waitFor();
        await page.waitForTimeout(400);
        await shot(page, `login-modal-${lang}-${width}`);
        await context.close();
      });

      it(`admin dashboard, ${lang}, ${width} px`, async () => {
        const { context, page } = await newPage(browser, {
          locale: lang,
          width,
          height: width > 400 ? 800 : 740,
        });
        await page.goto(`${server.base}/admin/login?l=${lang === 'zh-CN' ? 'zh-cn' : 'en'}`);
        await page.locator('input#username, input[autocomplete="username"]').first().fill('root');
        await page.locator('input[type="password"]').fill(ROOT_PASSWORD);
        await page.locator('button[type="submit"]').click();
        await page.waitForURL(/\/admin$/);
        await page.locator('.ant-statistic').first().waitFor();
        await page.waitForTimeout(600);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await shot(page, `admin-dashboard-${lang}-${width}`);
        await context.close();
      });
    }
  }
});
