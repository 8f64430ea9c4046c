import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
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
 * The /admin/user page in a real browser (issue 9 §2): root generates 3 accounts and downloads the sheet, one of
 * them signs in with the password from the sheet; a CSV import with a bad row shows the refusal and imports
 * nothing. Screenshots in en-US, zh-CN and at 375 px go to e2e/screenshots/.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser, { locale: 'en-US', width: 1366, height: 900 })).page;
  await page.goto(`${server.base}/admin/login`);
  await page.locator('input[autocomplete=username]').fill('root');
  await page.locator('input[type=password]').fill(ROOT_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/admin\/?$/);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('admin users page', () => {
  it('generates 3 accounts, downloads the sheet, and one of them signs in', async () => {
    await page.goto(`${server.base}/admin/user`);
    const gen = page.getByTestId('generate-users');
    await gen.getByLabel('Prefix').fill('class');
    await gen.getByLabel('Start number').fill('1');
    await gen.getByLabel('End number').fill('3');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      gen.getByRole('button', { name: 'Generate and download' }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path()) as string);
    const rows = (book.worksheets[0].getSheetValues().slice(2) as string[][]).map((r) => [r[1], r[2]]);
    expect(rows.map((r) => r[0])).toEqual(['class1', 'class2', 'class3']);
    const { token } = await api(server.base, 'POST', '/login', {
      body: { username: rows[1][0], password: rows[1][1] },
    });
    expect(token).toBeTruthy();
    // The new accounts are in the list (search).
    await page.getByPlaceholder('Username, name or email').fill('class');
    await page.getByPlaceholder('Username, name or email').press('Enter');
    await expect.poll(() => page.locator('.ant-table-row', { hasText: 'class3' }).count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-user-en.png'), fullPage: true });
  });

  it('shows the refused row of a CSV import and imports nothing', async () => {
    const csv = path.join(os.tmpdir(), `users-${Date.now()}.csv`);
    fs.writeFileSync(
      csv,
      'csv_ok,passw0rd,ok@example.com,Ann,female,annie,MIT\ncsv_bad,123\nclass1,passw0rd\n',
    );
    const imp = page.getByTestId('import-users');
    await imp.locator('input[type=file]').setInputFiles(csv);
    await imp.getByRole('button', { name: 'Import 3 row(s)' }).click();
    await expect.poll(() => imp.getByText('2 row(s) refused').count()).toBe(1);
    await expect.poll(() => imp.getByText('The password must be 6 to 20 characters').count()).toBe(1);
    await expect.poll(() => imp.getByText('The username already exists').count()).toBe(1);
    const list = await api<{ total: number }>(server.base, 'GET', '/admin/user/get-user-list?keyword=csv_', {
      token: (await page.evaluate(() => localStorage.getItem('token'))) ?? undefined,
    });
    expect(list.data.total).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-user-import-en.png'), fullPage: true });
    await page.getByTestId('admin-language').click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-user-zh.png'), fullPage: true });
    await page.getByTestId('admin-language').click();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-user-375.png'), fullPage: true });
  });
});
