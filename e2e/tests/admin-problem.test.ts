import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  launchBrowser,
  navigateInApp,
  newPage,
  ROOT_PASSWORD,
  type RunningServer,
  SCREENSHOTS,
  startServer,
} from '../harness.js';

/**
 * Admin problem management in a real browser (doc 3 admin routes problems, problem/create, problem/edit, import):
 * the real server on a fresh PGlite database serving the built web app, Debian's chromium (the e2e harness). As
 * root: import the real FPS A+B file through the import page and find it in the admin and public lists; create a
 * problem by hand with typed test cases (client-side and server-side refusals first); edit its title.
 * Screenshots of the list, the editor and the import result in en-US, zh-CN and at 375 px go to e2e/screenshots/.
 */

const FPS_DIR = '/work/shared/problems/fps/zhblue-A+B';

let server: RunningServer;
let browser: Browser;
let base = '';

beforeAll(async () => {
  server = await startServer();
  base = server.base;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page of a fresh en-US context, signed in as root through /admin/login. */
async function rootPage(): Promise<Page> {
  const { page } = await newPage(browser, { locale: 'en-US', width: 1366, height: 900 });
  await page.goto(`${base}/admin/login`);
  await page.locator('input[autocomplete=username]').fill('root');
  await page.locator('input[type=password]').fill(ROOT_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/admin\/?$/);
  return page;
}

/** Full-page screenshot in en-US, then zh-CN (header language toggle), then at 375 px wide. */
async function shootThreeWays(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 900 });
  // Let the last toast (4 s) go so it does not cover the page.
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 6000 })
    .catch(() => {});
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-en.png`), fullPage: true });
  await page.getByTestId('admin-language').click();
  await ready();
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-zh.png`), fullPage: true });
  await page.getByTestId('admin-language').click();
  await page.setViewportSize({ width: 375, height: 800 });
  await ready();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The admin list row whose problem id cell is exactly `problemId` (desktop layout). */
const listRow = (page: Page, problemId: string) =>
  page
    .locator('.ant-table-row')
    .filter({ has: page.locator('td', { hasText: new RegExp(`^${problemId}$`) }) });

/** Waits until the admin list shows a row for `problemId` holding `text` (the list refetches after a save). */
async function waitListRow(page: Page, problemId: string, text: string): Promise<void> {
  await listRow(page, problemId).filter({ hasText: text }).waitFor();
}

describe('admin problem pages in the browser', () => {
  it('imports the FPS A+B file and shows it in the admin and public problem lists', async () => {
    const xml = fs.readdirSync(FPS_DIR).find((f) => f.endsWith('.xml'));
    expect(xml).toBeTruthy();
    const page = await rootPage();
    await page.goto(`${base}/admin/problem/import`);
    await page.getByText('FPS', { exact: true }).click();
    await page.locator('input[type=file]').setInputFiles(path.join(FPS_DIR, xml as string));
    const summary = page.getByTestId('import-summary');
    await expect(summary.textContent()).resolves.toContain('Imported 1 of 1');
    const row = page.getByTestId('import-results').locator('.ant-table-row').first();
    await expect(row.textContent()).resolves.toMatch(/A\+B Problem.*Imported/);
    const problemId = (await row.locator('td').nth(1).textContent())?.trim() ?? '';
    expect(problemId).not.toBe('');
    await shootThreeWays(page, 'admin-problem-import', () => summary.waitFor());

    await page.goto(`${base}/admin/problems`);
    await waitListRow(page, problemId, 'A+B Problem');
    await shootThreeWays(page, 'admin-problem-list', () =>
      page.locator('.ant-table-row', { hasText: 'A+B Problem' }).waitFor(),
    );

    // The public practice list (/problem, which asks visitors to log in) shows the imported public problem.
    await page.goto(`${base}/problem`);
    await page.getByRole('link', { name: 'A+B Problem' }).first().waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  it('creates a problem with typed test cases, refusing bad input first (all fields at once, each error gone once fixed), then edits its title', async () => {
    const page = await rootPage();
    await page.goto(`${base}/admin/problem/create`);
    let sent = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/admin/problem') sent += 1;
    });
    await page.getByTestId('problem-save').click();
    // Client-side checks of doc 3 §5 (the shared rules), every field at once, before anything is sent.
    const errorOf = (label: string) =>
      page
        .locator('.ant-form-item', { has: page.locator(`label:text-is("${label}")`) })
        .locator('.ant-form-item-explain-error');
    await expect.poll(() => errorOf('Problem ID').textContent()).toBe('Problem ID is required');
    await expect.poll(() => errorOf('Title').textContent()).toBe('Title is required');
    await expect.poll(() => errorOf('Input description').textContent()).toBe('Input description is required');
    await expect
      .poll(() => errorOf('Output description').textContent())
      .toBe('Output description is required');
    await expect
      .poll(() => errorOf('Languages').textContent())
      .toBe('Languages: choose at least one language');
    await expect
      .poll(() => page.getByTestId('problem-form-issues').textContent())
      .toContain('Test case 1 needs an input or an output');
    // The errors follow the interface language.
    await page.getByTestId('admin-language').click();
    await expect.poll(() => errorOf('标题').textContent()).toBe('标题不能为空');
    await expect.poll(() => page.getByTestId('problem-form-issues').textContent()).toContain('测试点 1');
    await page.getByTestId('admin-language').click();
    await expect.poll(() => errorOf('Title').textContent()).toBe('Title is required');
    await shootThreeWays(page, 'admin-problem-form-errors', () =>
      page.getByTestId('problem-form-issues').waitFor(),
    );

    // Each error goes as soon as its field is fixed; the others stay until theirs are.
    await page.getByTestId('problem-id').fill('E2E-SUM');
    await expect.poll(() => errorOf('Problem ID').count()).toBe(0);
    expect(await errorOf('Title').count()).toBe(1);
    await page.getByTestId('problem-title').fill('Sum of two');
    await page.getByTestId('problem-description').fill('Add **a** and **b**, $a+b$.');
    await page.getByTestId('problem-input').fill('Two integers a and b.');
    await page.getByTestId('problem-output').fill('Their sum.');
    // Live markdown preview beside the textarea.
    await page.locator('.oj-markdown strong', { hasText: 'a' }).first().waitFor();
    await expect.poll(() => errorOf('Output description').count()).toBe(0);
    await page.getByTestId('problem-languages').getByText('C++', { exact: true }).click();
    await expect.poll(() => errorOf('Languages').count()).toBe(0);
    await page.getByTestId('case-input-0').fill('1 2\n');
    await page.getByTestId('case-output-0').fill('3\n');
    await expect.poll(() => page.getByTestId('problem-form-issues').count()).toBe(0);
    expect(sent).toBe(0);
    await page.getByTestId('case-add').click();
    await page.getByTestId('case-input-1').fill('-5 5\n');
    await page.getByTestId('case-output-1').fill('0\n');

    // The server refuses a problem id that exists: its 400 message is shown on the form.
    await page.getByTestId('problem-id').fill('P1000');
    await page.getByTestId('problem-save').click();
    await expect(page.getByTestId('problem-server-error').textContent()).resolves.toContain('already exists');
    // The refusal names the field: it is shown under it too, and goes when the field changes.
    await expect.poll(() => errorOf('Problem ID').textContent()).toContain('P1000 already exists');

    await page.getByTestId('problem-id').fill('E2E-SUM');
    await expect.poll(() => errorOf('Problem ID').count()).toBe(0);
    await page.getByTestId('problem-save').click();
    await page.waitForURL(/\/admin\/problems$/);
    await waitListRow(page, 'E2E-SUM', 'Sum of two');
    const row = listRow(page, 'E2E-SUM');

    // Edit: the form comes back with the stored values and the typed cases.
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/admin\/problem\/edit\/\d+$/);
    await expect(page.getByTestId('problem-title').inputValue()).resolves.toBe('Sum of two');
    await expect(page.getByTestId('case-output-1').inputValue()).resolves.toBe('0\n');
    await shootThreeWays(page, 'admin-problem-edit', () => page.getByTestId('problem-title').waitFor());
    await page.getByTestId('problem-title').fill('Sum of two integers');
    await page.getByTestId('problem-save').click();
    await page.waitForURL(/\/admin\/problems$/);
    await waitListRow(page, 'E2E-SUM', 'Sum of two integers');
    await page.context().close();
  });

  it('a title edited in admin shows at once on the public problem page opened next in the same tab', async () => {
    const { token } = await api(base, 'POST', '/admin/login', {
      body: { username: 'root', password: ROOT_PASSWORD },
    });
    await api(base, 'POST', '/admin/problem', {
      token: token ?? undefined,
      body: {
        problem: {
          problemId: 'E2E-FRESH',
          title: 'Old title',
          description: 'd',
          input: 'i',
          output: 'o',
          auth: 1,
        },
        samples: [{ input: '1\n', output: '1\n' }],
        languages: ['C++'],
      },
    });
    const page = await rootPage();
    // The public page first, so its detail is in the tab's query cache.
    await navigateInApp(page, '/problem/E2E-FRESH');
    const title = page.getByTestId('problem-title');
    await expect.poll(() => title.textContent()).toBe('E2E-FRESH Old title');

    await navigateInApp(page, '/admin/problems');
    await listRow(page, 'E2E-FRESH').getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/admin\/problem\/edit\/\d+$/);
    await expect.poll(() => page.getByTestId('problem-title').inputValue()).toBe('Old title');
    await page.getByTestId('problem-title').fill('Freshly renamed');
    await page.getByTestId('problem-save').click();
    await page.waitForURL(/\/admin\/problems$/);

    await navigateInApp(page, '/problem/E2E-FRESH');
    // Within 5 s (a refetch), not after the 30 s the cached detail would otherwise stay fresh.
    await expect.poll(() => title.textContent(), { timeout: 5000 }).toBe('E2E-FRESH Freshly renamed');
    await page.context().close();
  });
});
