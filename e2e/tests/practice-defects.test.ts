import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  configureMail,
  type Inbox,
  launchBrowser,
  networkQuiet,
  newPage,
  pickLanguage,
  ROOT_PASSWORD,
  type RunningServer,
  shot,
  startInbox,
  startServer,
} from '../harness.js';

/**
 * The practice-page defects of issue 14 (1, 4, 5 and the web items of 11), each as a user meets it in Chromium
 * against the real server with the real embedded judge: statements written in markdown with inline HTML, HUSTOJ
 * `<span class='md'>` and pre-rendered KaTeX render as meant (and the admin preview renders the same HTML); the
 * problem type shows; cases are listed once; a compile error shows no empty case card; the Copy toast, the register
 * code field, the online-test drawer (Esc, one Python error), file upload picking the language, the admin titles and
 * toasts, the footer, the navigation, the heat calendar and the Chinese site name.
 */

const T = { timeout: 15_000 };
const JUDGED = { timeout: 180_000, interval: 500 };

/** Markdown as authors write it, with inline HTML tags between the markdown. */
const DESCRIPTION = [
  '## Task',
  '',
  'Read <b>n</b> pairs; values up to 10<sup>9</sup>.<br>',
  '',
  '| n | answer |',
  '|---|--------|',
  '| 1 | 2 |',
  '',
  '```',
  'int main() { return 0; }',
  '```',
  '',
  'See <a href="https://example.test/notes">the notes</a>.',
].join('\n');
/** A HUSTOJ import: markdown inside `<span class='md'>`, entities escaped. */
const INPUT = "<span class='md'>### Format\n\n- first a &lt; b\n- then x &amp;&amp; y</span>";
/** An FPS (LibreOJ) output section holding pre-rendered KaTeX: MathML, the TeX annotation and the HTML. */
const OUTPUT =
  '<p>Print the sum <span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>a</mi><mo>+</mo>' +
  '<mi>b</mi></mrow><annotation encoding="application/x-tex">a+b</annotation></semantics></math></span>' +
  '<span class="katex-html" aria-hidden="true"><span class="base"><span class="mord mathnormal">a</span>' +
  '<span class="mbin">+</span><span class="mord mathnormal">b</span></span></span></span>.</p>';

const AC = ['#include <cstdio>', 'int main(){long long a,b;scanf("%lld%lld",&a,&b);printf("%lld\\n",a+b);}'];

let server: RunningServer;
let inbox: Inbox;
let browser: Browser;
let root: Page;
let rootToken = '';
let pid = 0;

/** Replaces the editor's content by typing `lines` (CodeMirror closes brackets itself; typing steps over them). */
async function typeCode(p: Page, lines: string[]) {
  await p.locator('[data-testid="code-panel"] .cm-content').click();
  await p.keyboard.press('Control+A');
  await p.keyboard.press('Delete');
  for (const [i, line] of lines.entries()) {
    if (i > 0) await p.keyboard.press('Enter');
    await p.keyboard.type(line);
  }
}

/** Submits and waits for the final verdict `status`; returns the submission id. */
async function submitAndWait(p: Page, status: number): Promise<number> {
  await p.getByTestId('submit-code').click();
  await expect
    .poll(() => p.getByTestId('submit-status').getAttribute('data-status'), JUDGED)
    .toBe(String(status));
  const href = (await p.getByTestId('submission-detail-link').getAttribute('href')) ?? '';
  return Number(href.split('/').pop());
}

const toast = (p: Page) => p.locator('.ant-message-notice').last();

beforeAll(async () => {
  inbox = await startInbox();
  server = await startServer({
    OJ_EMBEDDED_JUDGE_WORKERS: '1',
    DATABASE_URL: undefined as unknown as string,
  });
  rootToken = await configureMail(server.base, inbox);
  await api(server.base, 'PUT', '/admin/switch/update', {
    token: rootToken,
    body: { defaultSubmitInterval: 0 },
  });
  const created = await api<{ pid: number }>(server.base, 'POST', '/admin/problem', {
    token: rootToken,
    body: {
      problem: {
        problemId: 'MD1',
        title: 'Statement formats',
        description: DESCRIPTION,
        input: INPUT,
        output: OUTPUT,
        examples: [{ input: '1 2', output: '3' }],
        timeLimit: 1000,
        memoryLimit: 256,
        type: 0,
        auth: 1,
        openCaseResult: true,
      },
      samples: [
        { input: '1 2\n', output: '3\n' },
        { input: '5 7\n', output: '12\n' },
      ],
      languages: ['C', 'C++', 'Python3'],
      tags: [],
      codeTemplates: [],
    },
  });
  pid = created.data.pid;
  browser = await launchBrowser();
  ({ page: root } = await newPage(browser));
  await root.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.base });
  await root.goto(`${server.base}/admin/login`);
  await root.locator('input[autocomplete=username]').fill('root');
  await root.locator('input[type=password]').fill(ROOT_PASSWORD);
  await root.locator('button[type=submit]').click();
  await root.waitForURL(/\/admin\/?$/);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

describe('practice defects (issue 14)', () => {
  it('renders a markdown statement with inline HTML, a HUSTOJ statement and pre-rendered KaTeX, as the preview does', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.base}/problem/MD1`);
    const st = page.getByTestId('problem-statement');
    await expect.poll(() => st.locator('h2').first().textContent(), T).toBe('Task');
    expect(await st.locator('.oj-markdown table td').first().textContent()).toBe('1');
    expect(await st.locator('pre code').first().textContent()).toContain('int main() { return 0; }');
    expect(await st.locator('b').first().textContent()).toBe('n');
    expect(await st.locator('sup').first().textContent()).toBe('9');
    expect(await st.locator('a[href="https://example.test/notes"]').textContent()).toBe('the notes');
    // HUSTOJ: the markdown inside the span is a heading and a list, entities decoded.
    expect(await st.locator('.oj-markdown h3').textContent()).toBe('Format');
    expect(await st.locator('li').allTextContents()).toEqual(['first a < b', 'then x && y']);
    // KaTeX: one formula rendered once (not MathML + TeX + HTML side by side), as MathML the browser draws.
    expect(await st.locator('.katex').count()).toBe(1);
    expect(await st.locator('.katex math').count()).toBe(1);
    expect(await st.locator('.katex annotation').textContent()).toBe('a+b');
    expect(await st.locator('.katex .katex-html').count()).toBe(0);
    // The problem type is shown.
    expect(await page.getByTestId('problem-type').textContent()).toContain('ACM');
    await shot(page, 'defects-statement-en');
    const statementHtml = await st.locator('.oj-markdown').first().innerHTML();
    await page.context().close();

    // The admin form's preview renders through the same code: the same HTML for the description.
    await root.goto(`${server.base}/admin/problem/edit/${pid}`);
    const preview = root.getByTestId('problem-form').locator('.oj-markdown').first();
    await expect.poll(() => preview.locator('table').count(), T).toBe(1);
    expect(await preview.innerHTML()).toBe(statementHtml);
    // The edit page is titled as such, not "Problem list".
    expect(await root.getByTestId('admin-title').textContent()).toBe('Edit problem');
  }, 60_000);

  it('keeps the editor in place once solved, lists each case once, copies with a translated toast', async () => {
    await root.goto(`${server.base}/problem/MD1`);
    await expect.poll(() => root.locator('.cm-content').count(), T).toBe(1);
    const editorTop = async () =>
      (await root.locator('[data-testid="code-panel"] .cm-editor').boundingBox())?.y;
    const before = await editorTop();
    await pickLanguage(root, 'C++');
    await typeCode(root, AC);
    const id = await submitAndWait(root, 0);
    await root.reload();
    await expect.poll(() => root.locator('.cm-content').count(), T).toBe(1);
    await networkQuiet(root);
    expect(await editorTop()).toBe(before);
    await expect
      .poll(() => root.getByTestId('my-problem-status').textContent(), T)
      .toBe('You have solved the problem');
    await shot(root, 'defects-solved-en');

    await root.goto(`${server.base}/submission-detail/${id}`);
    const results = root.getByTestId('case-results');
    await expect.poll(() => root.getByTestId('case-card').count(), T).toBe(2);
    expect(await results.getByText('#1', { exact: true }).count()).toBe(1);
    expect(await results.getByText('#2', { exact: true }).count()).toBe(1);
    // The case data opens from its card.
    await root.getByTestId('case-data').first().click();
    await expect.poll(() => root.locator('.ant-modal-content pre').first().textContent(), T).toBe('1 2\n');
    await root.locator('.ant-modal-close').click();
    await expect.poll(() => root.locator('.ant-modal-wrap:visible').count(), T).toBe(0);
    await root.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => toast(root).textContent(), T).toBe('Copied successfully');
    await shot(root, 'defects-submission-detail-en');
  }, 240_000);

  it('shows a compile error without an empty case card', async () => {
    await root.goto(`${server.base}/problem/MD1`);
    await expect.poll(() => root.locator('.cm-content').count(), T).toBe(1);
    await pickLanguage(root, 'C++');
    await typeCode(root, ['int main( { return 0; }']);
    const id = await submitAndWait(root, -2);
    await root.goto(`${server.base}/submission-detail/${id}`);
    await expect.poll(() => root.getByTestId('banner-error').count(), T).toBe(1);
    await root.getByTestId('submission-code').waitFor();
    expect(await root.getByText('Test case results').count()).toBe(0);
    expect(await root.locator('.ant-empty').count()).toBe(0);
  }, 240_000);

  it('online test: a Python error is shown once, Esc closes the drawer; uploading x.cpp picks C++', async () => {
    await root.goto(`${server.base}/problem/MD1`);
    await expect.poll(() => root.locator('.cm-content').count(), T).toBe(1);
    await pickLanguage(root, 'Python3');
    // A syntax error: the compiler's message is also its stderr; shown once.
    await typeCode(root, ['print(1 +']);
    await root.getByTestId('open-test-drawer').click();
    const drawer = root.getByTestId('test-drawer');
    await root.getByTestId('test-run').click();
    await expect.poll(() => root.getByTestId('test-status').getAttribute('data-status'), JUDGED).toBe('-2');
    await expect.poll(() => drawer.textContent(), T).toContain('SyntaxError');
    expect(((await drawer.textContent()) ?? '').split('SyntaxError').length - 1).toBe(1);
    await root.getByTestId('problem-title').evaluate((el: HTMLElement) => el.focus());
    await root.keyboard.press('Escape');
    await expect.poll(() => root.locator('.ant-drawer-open').count(), T).toBe(0);
    // A runtime error: the traceback once (stderr), the exit code as the judge's message.
    await typeCode(root, ['raise ValueError("boom")']);
    await root.getByTestId('open-test-drawer').click();
    await root.getByTestId('test-run').click();
    await expect.poll(() => root.getByTestId('test-status').getAttribute('data-status'), JUDGED).toBe('3');
    await expect.poll(() => drawer.textContent(), T).toContain('ValueError: boom');
    const text = (await drawer.textContent()) ?? '';
    expect(text.split('ValueError: boom').length - 1).toBe(1);
    await shot(root, 'defects-test-drawer-en');
    await root.keyboard.press('Escape');
    await expect.poll(() => root.locator('.ant-drawer-open').count(), T).toBe(0);

    await pickLanguage(root, 'C');
    await root.locator('[data-testid="code-panel"] input[type=file]').setInputFiles({
      name: 'x.cpp',
      mimeType: 'text/x-c++src',
      buffer: Buffer.from('#include <iostream>\nint main(){}\n'),
    });
    await expect.poll(() => root.getByTestId('editor-language').inputValue(), T).toBe('C++');
    await expect.poll(() => root.locator('.cm-content').textContent(), T).toContain('#include <iostream>');
  }, 240_000);

  it('register: the code field is not red before the code is typed', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.base}/home`);
    await page.getByTestId('open-register').click();
    const form = page.getByTestId('register-form');
    await form.getByPlaceholder('Email', { exact: true }).fill('new_user@example.test');
    await page.getByTestId('send-register-code').click();
    await form.getByPlaceholder('Email code').click();
    await page.waitForTimeout(300);
    expect(await form.locator('.ant-form-item-has-error').count()).toBe(0);
    expect(await form.locator('.ant-input-status-error').count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it('admin: creating an announcement says created; the Order header stays on one line', async () => {
    await root.goto(`${server.base}/admin/announcement`);
    await root.getByRole('button', { name: 'Create' }).click();
    const dialog = root.locator('.ant-modal-content');
    await dialog.locator('input').first().fill('Welcome');
    await dialog.locator('textarea').fill('Hello **all**');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(root).textContent(), T).toBe('Created successfully');

    await root.goto(`${server.base}/admin/language`);
    const th = root.locator('th.ant-table-cell', { hasText: /^Order$/ });
    await th.waitFor();
    const lines = await th.evaluate((el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      return new Set([...r.getClientRects()].map((c) => Math.round(c.top))).size;
    });
    expect(lines).toBe(1);
  }, 60_000);

  it('layout: footer without a stray divider, "Rank" menu, no remote OJ filter, drawn heat calendar', async () => {
    const { page } = await newPage(browser);
    const warnings: string[] = [];
    page.on('console', (m) => warnings.push(m.text()));
    await page.goto(`${server.base}/home`);
    const bottom = page.locator('footer > div').last();
    await expect.poll(() => bottom.textContent(), T).toContain('Powered by');
    expect(await page.locator('footer .ant-divider').count()).toBe(0);
    expect(await page.getByTestId('top-nav').textContent()).toContain('Rank');
    expect(await page.getByTestId('top-nav').textContent()).not.toContain('OI Rank');
    await page.context().close();
    expect(warnings.filter((w) => w.includes('HydrateFallback'))).toEqual([]);

    await root.goto(`${server.base}/problem`);
    await expect.poll(() => root.getByTestId('problem-link').count(), T).toBeGreaterThan(0);
    expect(await root.locator('.ant-select', { hasText: /^(All|This OJ)$/ }).count()).toBe(0);

    // Root submitted today: the calendar draws the other days as grey cells, not as white space.
    await root.goto(`${server.base}/user-home`);
    const canvas = root.locator('canvas').first();
    await canvas.waitFor();
    await root.waitForTimeout(800);
    const grey = await canvas.evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] === 235 && d[i + 1] === 237 && d[i + 2] === 240) n++;
      return n;
    });
    expect(grey).toBeGreaterThan(5000);
    await shot(root, 'defects-user-home-en');
  }, 60_000);

  it('the seeded site name and description are Chinese in the Chinese interface', async () => {
    const { page } = await newPage(browser, { locale: 'zh-CN' });
    await page.goto(`${server.base}/home?l=zh-cn`);
    const footer = page.locator('footer');
    await expect.poll(() => footer.textContent(), T).toContain('在线评测系统');
    expect(await footer.textContent()).not.toContain('Online Judge');
    expect(await footer.textContent()).not.toContain('An online judge');
    expect(await page.title()).toBe('在线评测系统');
    await shot(page, 'defects-home-zh');
    await page.context().close();
  }, 60_000);

  it('screens: the changed pages in Chinese and at 375 px (nothing sticks out sideways on a phone)', async () => {
    const submissions = await api<{ records: { submitId: number; status: number }[] }>(
      server.base,
      'GET',
      '/get-submission-list?limit=30&onlyMine=true',
      { token: rootToken },
    );
    const ac = submissions.data.records.find((r) => r.status === 0)?.submitId;
    const pages: [string, string][] = [
      ['problem', '/problem/MD1'],
      ['submission', `/submission-detail/${ac}`],
      ['user-home', '/user-home'],
      ['home', '/home'],
      ['admin-edit', `/admin/problem/edit/${pid}`],
      ['admin-language', '/admin/language'],
    ];
    for (const [lang, width] of [
      ['zh-CN', 1280],
      ['en-US', 375],
    ] as const) {
      await root.evaluate((l) => localStorage.setItem('languages', l), lang);
      await root.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      for (const [name, url] of pages) {
        await root.goto(`${server.base}${url}`);
        await networkQuiet(root);
        await expect.poll(() => root.locator('.ant-skeleton, .ant-spin-spinning').count(), T).toBe(0);
        await shot(root, `defects-${name}-${width === 375 ? '375' : 'zh'}`);
        if (width === 375 && !url.startsWith('/admin')) {
          const overflow = await root.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect({ name, overflow }).toEqual({ name, overflow: 0 });
        }
      }
    }
    await root.evaluate(() => localStorage.setItem('languages', 'en-US'));
    await root.setViewportSize({ width: 1280, height: 800 });
  }, 180_000);
});
