import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newPage, ROOT_PASSWORD, type RunningServer, startServer } from '../harness.js';

/**
 * The per-address limits and trusted address ranges on the admin Switch page (issue 22 item 4), in a real browser
 * in both languages: a bad CIDR is refused by the server naming the field and is not stored; a good range and a
 * changed limit are saved and read back.
 */

let server: RunningServer;
let browser: Browser;
let rootToken = '';

beforeAll(async () => {
  server = await startServer();
  const { token } = await api(server.base, 'POST', '/admin/login', {
    body: { username: 'root', password: ROOT_PASSWORD },
  });
  rootToken = token ?? '';
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInSwitchPage(locale: 'en-US' | 'zh-CN'): Promise<Page> {
  const { page } = await newPage(browser, { locale, width: 1366, height: 900 });
  await page.goto(`${server.base}/admin/login`);
  await page.locator('input[autocomplete=username]').fill('root');
  await page.locator('input[type=password]').fill(ROOT_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/admin\/?$/);
  await page.goto(`${server.base}/admin/switch`);
  return page;
}

const savedSwitch = async () =>
  (
    await api<{ trustedRanges: string[]; loginLimitPerMinute: number }>(
      server.base,
      'GET',
      '/admin/switch/info',
      {
        token: rootToken,
      },
    )
  ).data;

describe('admin Switch page: per-address limits and trusted ranges', () => {
  it('en-US: a bad CIDR is refused naming trustedRanges[0]; a good range and limit are saved', async () => {
    const page = await signedInSwitchPage('en-US');
    const ranges = page.getByLabel('Trusted address ranges (CIDR)');
    await expect.poll(() => page.getByLabel('Sign-ins', { exact: true }).inputValue()).toBe('120');

    await ranges.fill('10.20.0.300/16');
    await ranges.press('Enter');
    const bad = page.waitForResponse((r) => r.url().endsWith('/api/admin/switch/update'));
    await page.getByRole('button', { name: 'Save' }).click();
    const badBody = (await (await bad).json()) as { status: number; msg: string };
    expect(badBody.status).toBe(400);
    expect(badBody.msg).toContain('trustedRanges[0]');
    expect((await savedSwitch()).trustedRanges).toEqual([]);

    await page.locator('.ant-select-selection-item-remove').first().click();
    await ranges.fill('10.20.0.0/16');
    await ranges.press('Enter');
    await page.getByLabel('Sign-ins', { exact: true }).fill('90');
    const good = page.waitForResponse((r) => r.url().endsWith('/api/admin/switch/update'));
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await (await good).json()).status).toBe(200);
    expect(await savedSwitch()).toMatchObject({ trustedRanges: ['10.20.0.0/16'], loginLimitPerMinute: 90 });
    await page.context().close();
  });

  it('zh-CN: the fields are labelled in Chinese and show the saved values', async () => {
    const page = await signedInSwitchPage('zh-CN');
    await expect.poll(() => page.getByText('受信任地址段（CIDR）').count()).toBe(1);
    await expect.poll(() => page.getByText('10.20.0.0/16').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByLabel('登录', { exact: true }).inputValue()).toBe('90');
    await page.context().close();
  });
});
