import path from 'node:path';
import { type Replicas, startReplicas } from '@oj/remote-judge/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  launchBrowser,
  newPage,
  ROOT_PASSWORD,
  type RunningServer,
  SCREENSHOTS,
  startServer,
} from '../harness.js';

/**
 * Remote judges in Chromium (issue 27) against the real server, its adapters pointed at the local replicas of the
 * six sites (@oj/remote-judge/testing; OJ_REMOTE_<OJ>_URL): System Config's judging accounts (add, the password
 * write-only, enable / disable), "Import remote problem" of the admin problem list, the imported problem's page
 * (link to the original, the OJ's languages), the home page's other OJs' contests. Screenshots in en-US and zh-CN at
 * 1440 and 375 px: e2e/screenshots/remote-judge-*.png.
 */

const T = { timeout: 15_000 };
const SITE_PASSWORD = 'alice-secret';
let replicas: Replicas;
let server: RunningServer;
let browser: Browser;
let root: Page;
let rootToken = '';

beforeAll(async () => {
  replicas = await startReplicas();
  const urls = Object.fromEntries(Object.entries(replicas.urls).map(([oj, u]) => [`OJ_REMOTE_${oj}_URL`, u]));
  // The embedded judgehost judges remote problems too (OJ_REMOTE_JUDGE, its URLs passed on), looking every 200 ms.
  server = await startServer({
    ...urls,
    OJ_EMBEDDED_JUDGE_WORKERS: '1',
    OJ_REMOTE_JUDGE: 'true',
    OJ_REMOTE_POLL_MS: '200',
  });
  browser = await launchBrowser();
  root = (await newPage(browser, { locale: 'en-US', width: 1440, height: 900 })).page;
  await root.goto(`${server.base}/admin/login`);
  await root.locator('input[autocomplete=username]').waitFor({ timeout: 60_000 });
  await root.locator('input[autocomplete=username]').fill('root');
  await root.locator('input[type=password]').fill(ROOT_PASSWORD);
  await root.locator('button[type=submit]').click();
  await root.waitForURL(/\/admin\/?$/);
  rootToken = (await root.evaluate(() => localStorage.getItem('token'))) ?? '';
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await replicas?.close();
});

/** Screenshots of `url` in both languages at 1440 and 375 px (on `page`, root's by default). */
async function screens(
  name: string,
  url: string,
  ready: (p: Page) => Promise<void>,
  page: Page = root,
): Promise<void> {
  const root = page;
  for (const locale of ['en-US', 'zh-CN'] as const) {
    await root.evaluate((l) => localStorage.setItem('languages', l), locale);
    for (const width of [1440, 375]) {
      await root.setViewportSize({ width, height: 900 });
      await root.goto(`${server.base}${url}`);
      await ready(root);
      await root.screenshot({ path: path.join(SCREENSHOTS, `remote-judge-${name}-${locale}-${width}.png`) });
    }
  }
  await root.evaluate(() => localStorage.setItem('languages', 'en-US'));
  await root.setViewportSize({ width: 1440, height: 900 });
}

describe('remote judges in the browser', () => {
  it('System Config: adds a judging account; the password is never shown again', async () => {
    await root.goto(`${server.base}/admin/conf`);
    const card = root.getByTestId('remote-accounts');
    await card.getByText('No judging account yet', { exact: false }).waitFor(T);
    await card.getByRole('button', { name: 'Add account' }).click();
    const dialog = root.locator('.ant-modal-content', { hasText: 'Add account' });
    await dialog.getByLabel('Username').fill('alice');
    await dialog.getByLabel('Password').fill(SITE_PASSWORD);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => card.locator('tbody tr', { hasText: 'alice' }).count(), T).toBe(1);
    expect(await card.textContent()).not.toContain(SITE_PASSWORD);
    // Edit: the password field starts empty (the server never sends it back).
    await card.locator('tbody tr', { hasText: 'alice' }).getByRole('button', { name: 'Edit' }).click();
    const edit = root.locator('.ant-modal-content', { hasText: 'Edit account' });
    expect(await edit.getByLabel('Password').inputValue()).toBe('');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    const list = await api<{ username: string }[]>(server.base, 'GET', '/admin/remote-judge/accounts', {
      token: rootToken,
    });
    expect(JSON.stringify(list.data)).not.toContain(SITE_PASSWORD);
    await screens('accounts', '/admin/conf', async (p) => {
      const c = p.getByTestId('remote-accounts');
      await c.locator('tbody tr', { hasText: 'alice' }).waitFor(T);
      await c.scrollIntoViewIfNeeded();
    });
  });

  it('the admin problem list imports a remote problem; its page links the original', async () => {
    await root.goto(`${server.base}/admin/problems`);
    await root.getByTestId('import-remote-problem').click();
    const dialog = root.locator('.ant-modal-content', { hasText: 'Import remote problem' });
    await dialog.getByLabel('Problem ID on the site').fill('1000');
    await screens('import-dialog', '/admin/problems', async (p) => {
      await p.getByTestId('import-remote-problem').click();
      await p.locator('.ant-modal-content').getByRole('combobox').first().waitFor(T);
    });
    await root.goto(`${server.base}/admin/problems`);
    await root.getByTestId('import-remote-problem').click();
    const d2 = root.locator('.ant-modal-content', { hasText: 'Import remote problem' });
    await d2.getByLabel('Problem ID on the site').fill('1000');
    await d2.getByRole('button', { name: 'Import' }).click();
    await expect
      .poll(() => root.getByText('Imported HDU-1000', { exact: false }).count(), T)
      .toBeGreaterThan(0);

    await root.goto(`${server.base}/problem/HDU-1000`);
    const original = root.getByTestId('remote-original');
    await original.waitFor(T);
    expect(await original.locator('a').getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    // Judged on the site: no Online Test (no custom-input run there) and no borderline-TLE row (the local judge's).
    expect(await root.getByTestId('open-test-drawer').count()).toBe(0);
    expect(await root.getByTestId('problem-tle-recheck').count()).toBe(0);
    await screens('problem', '/problem/HDU-1000', async (p) => {
      await p.getByTestId('remote-original').waitFor(T);
    });
  });

  it("the home page lists other OJs' upcoming contests (a visitor)", async () => {
    const { context, page } = await newPage(browser, { locale: 'en-US', width: 1440, height: 900 });
    // The first look may find the sites slow (an empty list is kept 15 s): the page is opened again until it lists.
    await expect
      .poll(
        async () => {
          await page.goto(`${server.base}/home`);
          const card = page.getByTestId('other-contests');
          await card.waitFor({ timeout: 30_000 });
          await card.locator('li, .ant-empty').first().waitFor({ timeout: 30_000 });
          return card.locator('li').count();
        },
        { timeout: 120_000, interval: 5_000 },
      )
      .toBeGreaterThan(0);
    await screens(
      'home',
      '/home',
      async (p) => {
        const c = p.getByTestId('other-contests');
        await c.locator('li').first().waitFor(T);
        await c.scrollIntoViewIfNeeded();
      },
      page,
    );
    await context.close();
  });
});

describe('submitting a remote problem', () => {
  it('is judged on the site: Accepted; a refused submit is Submitted Failed and the owner resubmits', async () => {
    replicas.setVerdictScript('HDU', { verdict: 'AC', pendingReads: 2 });
    await root.goto(`${server.base}/problem/HDU-1000`);
    const content = root.locator('[data-testid="code-panel"] .cm-content');
    await content.click();
    await root.keyboard.type('int main(){int a,b;while(~scanf("%d%d",&a,&b))printf("%d\\n",a+b);}');
    await root.getByTestId('submit-code').click();
    const status = root.getByTestId('submit-status');
    await expect
      .poll(() => status.getAttribute('data-status'), { timeout: 120_000, interval: 500 })
      .toBe('0');
    expect(replicas.submissions('HDU').map((r) => r.user)).toEqual(['alice']);
    await root.screenshot({ path: path.join(SCREENSHOTS, 'remote-judge-accepted-en-US-1440.png') });

    // The site refuses the next submit: Submitted Failed, and the submission page offers Resubmit to its owner.
    replicas.failNextSubmit('HDU', 'error');
    await root.getByTestId('submit-code').click();
    await expect
      .poll(() => status.getAttribute('data-status'), { timeout: 120_000, interval: 500 })
      .toBe('10');
    const href = (await root.getByTestId('submission-detail-link').getAttribute('href')) ?? '';
    await root.goto(`${server.base}${href}`);
    const banner = root.getByTestId('banner-status');
    await expect.poll(() => banner.textContent(), T).toBe('Submitted Failed');
    await root.screenshot({ path: path.join(SCREENSHOTS, 'remote-judge-submitted-failed-en-US-1440.png') });
    await root.getByRole('button', { name: 'Resubmit' }).click();
    await expect.poll(() => banner.textContent(), { timeout: 120_000, interval: 1_000 }).toBe('Accepted');
    const accounts = await api<{ busy: boolean }[]>(server.base, 'GET', '/admin/remote-judge/accounts', {
      token: rootToken,
    });
    expect(accounts.data.every((a) => !a.busy)).toBe(true);
  });
});
