import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  configureMail,
  type Inbox,
  launchBrowser,
  networkQuiet,
  newPage,
  pickLanguage,
  ROOT,
  type RunningServer,
  shot,
  startInbox,
  startServer,
} from '../harness.js';

/**
 * Practice as a new user meets it (doc 2 §2.1-§2.5, §4.3-§4.4): register, open the problem list and the A+B
 * problem, type a C++ solution into the CodeMirror editor, run it in the online-test drawer on the sample and on
 * custom input, submit and watch Pending turn into Accepted, open the submission; then a wrong solution gets Wrong
 * Answer with its failing case. The REAL embedded judge runs (one judgehost child, one worker). Screenshots of the
 * four practice pages in English, Chinese and at 375 px go to e2e/screenshots/.
 */

// The real public problem packages: shared/problems beside the repository (developers' machines and CI).
const PROBLEMS_DIR = process.env.OJ_PROBLEMS_DIR ?? path.join(ROOT, '../shared/problems');
const AB_XML = path.join(PROBLEMS_DIR, 'fps/zhblue-A+B/fps-zhblue-A+B.xml');
const USER = 'pat_practice';
const EMAIL = 'pat_practice@example.test';
const PASSWORD = 'patPass123';

// Typed key by key: CodeMirror closes brackets and quotes itself, and typing the closing one steps over it.
const AC_CODE = [
  '#include <iostream>',
  'int main(){long long a,b;while(std::cin>>a>>b)std::cout<<a+b<<"\\n";return 0;}',
];
const WA_CODE = [
  '#include <cstdio>',
  'int main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a-b);return 0;}',
];

/** Polls wait up to 15 s: pages load lazily and the judge is real. */
const T = { timeout: 15_000 };

let server: RunningServer;
let inbox: Inbox;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problemId: string;
let waSubmitId = 0;

const modal = (p: Page) => p.locator('.oj-login-modal .ant-modal-content');

/** Makes sure the A+B problem exists (the demo set, or imported from its FPS file by root); returns its id. */
async function ensureAPlusB(base: string, rootToken: string): Promise<string> {
  const list = await api<{ records: { problemId: string; title: string }[] }>(
    base,
    'GET',
    '/get-problem-list?keyword=A%2BB&limit=30',
    { token: rootToken },
  );
  const found = list.data.records.find((r) => /A\s*\+\s*B/i.test(r.title));
  if (found) return found.problemId;
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(AB_XML)]), 'fps-zhblue-A+B.xml');
  const res = await fetch(`${base}/api/file/import-fps-problem`, {
    method: 'POST',
    headers: { authorization: rootToken, 'url-type': 'admin' },
    body: form,
  });
  const body = (await res.json()) as { data: { problemId: string; imported: boolean }[] };
  if (!body.data?.[0]?.imported) throw new Error(`A+B import failed: ${JSON.stringify(body)}`);
  return body.data[0].problemId;
}

/**
 * Opens the per-case results of a problem through the admin edit call, as an admin would in the problem form:
 * new and imported problems keep them closed (doc 2 §6, issue 8), and the WA test checks the case cards.
 */
async function openCaseResults(base: string, rootToken: string, problemId: string): Promise<void> {
  type Row = Record<string, unknown> & { id: number; isUploadCase: boolean; openCaseResult: boolean };
  const list = await api<{ records: { pid: number; problemId: string }[] }>(
    base,
    'GET',
    `/get-problem-list?keyword=${encodeURIComponent(problemId)}&limit=30`,
    { token: rootToken },
  );
  const pid = list.data.records.find((r) => r.problemId === problemId)?.pid;
  if (!pid) throw new Error(`problem ${problemId} not found`);
  const { data: p } = await api<Row & { tags: unknown[]; languages: string[]; codeTemplates: unknown[] }>(
    base,
    'GET',
    `/admin/problem?pid=${pid}`,
    { token: rootToken },
  );
  if (p.openCaseResult) return;
  const { tags, languages, codeTemplates, ...row } = p;
  const fields = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null));
  const samples = p.isUploadCase
    ? undefined
    : (
        await api<{ input: string; output: string; score: number | null; groupNum: number | null }[]>(
          base,
          'GET',
          `/admin/problem/get-problem-cases?pid=${pid}`,
          { token: rootToken },
        )
      ).data;
  // A problem listing no languages takes every available one; the edit form needs them named.
  const langs = languages.length
    ? languages
    : (await api<{ name: string }[]>(base, 'GET', `/get-problem-languages?pid=${pid}`)).data.map(
        (l) => l.name,
      );
  await api(base, 'PUT', '/admin/problem', {
    token: rootToken,
    body: {
      problem: { ...fields, openCaseResult: true },
      isUploadTestCase: p.isUploadCase,
      samples,
      tags,
      languages: langs,
      codeTemplates,
    },
  });
}

/** Replaces the editor's content by typing `lines` into the focused CodeMirror content. */
async function typeCode(p: Page, lines: string[]) {
  const content = p.locator('[data-testid="code-panel"] .cm-content');
  await content.click();
  await p.keyboard.press('Control+A');
  await p.keyboard.press('Delete');
  for (const [i, line] of lines.entries()) {
    if (i > 0) await p.keyboard.press('Enter');
    await p.keyboard.type(line);
  }
  const text = await content.evaluate((el) =>
    [...el.querySelectorAll('.cm-line')].map((l) => (l.textContent ?? '').trim()).join('\n'),
  );
  expect(text).toBe(lines.join('\n'));
}

/** Picks an option of an Ant Design select by its exact title. */
async function pickOption(p: Page, select: string, title: string) {
  await p.getByTestId(select).click();
  await p.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click();
}

/** Submits the editor's code and waits for the panel's verdict; returns the submission id. */
async function submitAndWait(p: Page, final: number): Promise<number> {
  await p.getByTestId('submit-code').click();
  const status = p.getByTestId('submit-status');
  await expect.poll(() => status.getAttribute('data-status'), T).toMatch(/^(5|6|7|9|0|-1)$/);
  const first = Number(await status.getAttribute('data-status'));
  await expect
    .poll(() => status.getAttribute('data-status'), { timeout: 180_000, interval: 500 })
    .toBe(String(final));
  const href = (await p.getByTestId('submission-detail-link').getAttribute('href')) ?? '';
  expect({ first: [5, 6, 7, 9, final].includes(first), href }).toEqual({
    first: true,
    href: expect.stringMatching(/^\/submission-detail\/\d+$/),
  });
  return Number(href.split('/').pop());
}

beforeAll(async () => {
  inbox = await startInbox();
  // DATABASE_URL left out (undefined is dropped by spawn): absent means embedded PGlite, an empty string is refused.
  server = await startServer({
    OJ_EMBEDDED_JUDGE_WORKERS: '1',
    DATABASE_URL: undefined as unknown as string,
  });
  const root = await configureMail(server.base, inbox);
  // No wait between the two submissions of this test (the default is 8 s between a user's submissions).
  await api(server.base, 'PUT', '/admin/switch/update', { token: root, body: { defaultSubmitInterval: 0 } });
  problemId = await ensureAPlusB(server.base, root);
  await openCaseResults(server.base, root, problemId);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

describe('practice', () => {
  it('a new user registers, opens A+B, tests and submits a C++ solution, and sees it Accepted', async () => {
    await page.goto(`${server.base}/home`);
    await page.getByTestId('open-register').click();
    const form = modal(page);
    await form.getByPlaceholder('Username').fill(USER);
    await form.getByPlaceholder('Email', { exact: true }).fill(EMAIL);
    await form.getByPlaceholder('Password', { exact: true }).fill(PASSWORD);
    await form.getByPlaceholder('Password again').fill(PASSWORD);
    await form.getByTestId('send-register-code').click();
    const code = await inbox.waitFor(EMAIL, /\b(\d{6})\b/);
    await form.getByPlaceholder('Email code').fill(code);
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => modal(page).locator('.ant-modal-title').textContent(), T).toBe('Login - OJ');
    await form.getByPlaceholder('Username').fill(USER);
    await form.getByPlaceholder('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByTestId('header-name').textContent(), T).toBe(USER);

    // The problem list from the top navigation; filters live in the address.
    await page.getByTestId('top-nav').getByText('Problem', { exact: true }).click();
    await page.waitForURL(/\/problem$/);
    const row = page.getByTestId('problem-link').filter({ hasText: 'A+B' });
    await expect.poll(() => row.count(), T).toBe(1);
    await page.getByTestId('problem-keyword').fill('A+B');
    await page.getByTestId('problem-keyword').press('Enter');
    await page.waitForURL(/keyword=A%2BB/);
    await expect.poll(() => page.getByTestId('ac-rate').first().textContent(), T).toBe('0.00%');
    await shot(page, 'practice-problem-list-en');

    await row.click();
    await page.waitForURL(new RegExp(`/problem/${encodeURIComponent(problemId)}$`));
    await expect.poll(() => page.getByTestId('problem-title').textContent(), T).toContain('A+B');
    await expect.poll(() => page.getByTestId('sample-input').first().textContent(), T).toBe('1 2');
    await expect.poll(() => page.locator('.cm-content').count(), T).toBe(1);
    await pickLanguage(page, 'C++');
    await typeCode(page, AC_CODE);
    await shot(page, 'practice-problem-detail-en');

    // Online test: the drawer starts with sample 1 and says which sample passed.
    await page.getByTestId('open-test-drawer').click();
    await expect.poll(() => page.getByTestId('test-input').inputValue(), T).toBe('1 2');
    await page.getByTestId('test-run').click();
    await expect
      .poll(() => page.getByTestId('test-sample-matched').textContent(), { timeout: 120_000 })
      .toBe('Passed sample 1');
    await expect.poll(() => page.getByTestId('test-output').textContent(), T).toBe('3\n');
    // Custom input without an expected output: the program's output is shown.
    await page.getByTestId('test-input').fill('20 22\n-5 5');
    await page.getByTestId('test-expected').fill('');
    await page.getByTestId('test-run').click();
    await expect
      .poll(() => page.getByTestId('test-output').textContent(), { timeout: 120_000 })
      .toBe('42\n0\n');
    expect(await page.getByTestId('test-sample-matched').count()).toBe(0);
    await page.keyboard.press('Escape');

    const acId = await submitAndWait(page, 0);
    await page.getByTestId('submission-detail-link').click();
    await page.waitForURL(new RegExp(`/submission-detail/${acId}$`));
    await expect.poll(() => page.getByTestId('banner-status').textContent(), T).toBe('Accepted');
    await expect.poll(() => page.getByTestId('case-card').count(), T).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="case-card"]:not([data-status="0"])').count()).toBe(0);
    await expect.poll(() => page.getByTestId('submission-code').textContent(), T).toContain('std::cout');
    await shot(page, 'practice-submission-detail-en');
  }, 420_000);

  it('a wrong solution gets Wrong Answer with its failing case, listed on the status page', async () => {
    await page.goto(`${server.base}/problem/${encodeURIComponent(problemId)}`);
    await expect.poll(() => page.locator('.cm-content').count(), T).toBe(1);
    // The accepted code and its language were kept locally for this problem.
    await expect.poll(() => page.locator('.cm-content').textContent(), T).toContain('std::cout');
    await expect.poll(() => page.getByTestId('editor-language').inputValue(), T).toBe('C++');
    await typeCode(page, WA_CODE);
    const waId = await submitAndWait(page, -1);
    waSubmitId = waId;
    await page.getByTestId('submission-detail-link').click();
    await page.waitForURL(new RegExp(`/submission-detail/${waId}$`));
    await expect.poll(() => page.getByTestId('banner-status').textContent(), T).toBe('Wrong Answer');
    await expect
      .poll(() => page.locator('[data-testid="case-card"][data-status="-1"]').count())
      .toBeGreaterThan(0);
    await shot(page, 'practice-submission-detail-wa-en');

    await page.goto(`${server.base}/status?onlyMine=true`);
    const cells = page.getByTestId('status-cell');
    await expect.poll(() => cells.count(), T).toBe(2);
    expect(await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual([
      '-1',
      '0',
    ]);
    // The status filter narrows the list and is kept in the address.
    await pickOption(page, 'status-filter', 'Accepted');
    await page.waitForURL(/status=0/);
    await expect.poll(() => cells.count(), T).toBe(1);
    await page.goto(`${server.base}/status`);
    await expect.poll(() => cells.count(), T).toBe(2);
    await shot(page, 'practice-status-en');

    // The problem list now shows the tick and the AC rate of 1 in 2.
    await page.goto(`${server.base}/problem?keyword=A%2BB`);
    await expect.poll(() => page.getByTestId('my-status-ac').count(), T).toBe(1);
    await expect.poll(() => page.getByTestId('ac-rate').first().textContent(), T).toBe('50.00%');
  }, 420_000);

  it('shows the practice pages in Chinese and on a 375 px wide screen', async () => {
    const pages: [string, string][] = [
      ['problem-list', '/problem'],
      ['problem-detail', `/problem/${encodeURIComponent(problemId)}`],
      ['status', '/status'],
      ['submission-detail', `/submission-detail/${waSubmitId}`],
      ['acm-rank', '/acm-rank'],
      ['help', '/help'],
    ];
    await page.evaluate(() => localStorage.setItem('languages', 'zh-CN'));
    for (const [name, url] of pages) {
      await page.goto(`${server.base}${url}`);
      await networkQuiet(page);
      await expect.poll(() => page.locator('.ant-skeleton, .ant-spin-spinning').count(), T).toBe(0);
      if (name === 'acm-rank')
        await expect.poll(() => page.getByTestId('rank-ac').first().textContent(), T).toBe('1');
      if (name === 'help')
        await expect.poll(() => page.getByTestId('help-languages').textContent(), T).toContain('C++');
      if (name === 'status')
        await expect.poll(() => page.getByTestId('status-table').textContent(), T).toContain('答案错误');
      await shot(page, `practice-${name}-zh`);
    }
    await page.evaluate(() => localStorage.setItem('languages', 'en-US'));
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [name, url] of pages) {
      await page.goto(`${server.base}${url}`);
      await networkQuiet(page);
      await expect.poll(() => page.locator('.ant-skeleton, .ant-spin-spinning').count(), T).toBe(0);
      await shot(page, `practice-${name}-375`);
      // Nothing sticks out sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ name, overflow }).toEqual({ name, overflow: 0 });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 240_000);
});
