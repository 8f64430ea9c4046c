import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  configureMail,
  type Inbox,
  launchBrowser,
  newPage,
  ROOT_PASSWORD,
  type RunningServer,
  shot,
  startInbox,
  startServer,
} from '../harness.js';

/**
 * A timed ACM contest as a coach runs it (issue 9 §5): root makes three accounts (through the API: the admin users
 * page is another helper's), then in the browser creates an ACM contest sealed for its whole length, adds three
 * public problems as A, B and C; the three participants open the contest, solve in the browser (the REAL embedded
 * judge), and the board shows the right order to root and a sealed board to them. Screenshots of the contest
 * pages in English, Chinese and at 375 px go to e2e/screenshots/.
 */

const T = { timeout: 15_000 };
const JUDGE = { timeout: 180_000, interval: 500 };
const USERS = ['cw_alice', 'cw_bob', 'cw_carol'] as const;
const PASSWORD = 'contestPass1';
const TITLE = 'Spring Cup';

/** Three small problems (ACM): sum, product, difference of two integers. */
const PROBLEMS = [
  { problemId: 'CW-SUM', title: 'Contest Sum', op: '+', samples: ['1 2', '3'], cases: [['5 7', '12']] },
  { problemId: 'CW-MUL', title: 'Contest Product', op: '*', samples: ['2 3', '6'], cases: [['4 5', '20']] },
  {
    problemId: 'CW-SUB',
    title: 'Contest Difference',
    op: '-',
    samples: ['5 3', '2'],
    cases: [['10 4', '6']],
  },
] as const;

/** C++ code printing `a op b`, typed line by line (CodeMirror closes brackets itself). */
const code = (op: string) => [
  '#include <iostream>',
  `int main(){long long a,b;std::cin>>a>>b;std::cout<<a${op}b<<"\\n";return 0;}`,
];

let server: RunningServer;
let inbox: Inbox;
let browser: Browser;
let rootToken: string;
let root: Page;
const userPages: Page[] = [];
let cid = 0;

const modal = (p: Page) => p.locator('.oj-login-modal .ant-modal-content');

/** Registers `username` through the API, reading the code from the local mailbox as a user reads mail. */
async function registerUser(username: string): Promise<void> {
  const email = `${username}@example.test`;
  await api(server.base, 'GET', `/get-register-code?email=${encodeURIComponent(email)}`);
  const emailCode = await inbox.waitFor(email, /\b(\d{6})\b/);
  await api(server.base, 'POST', '/register', {
    body: { username, password: PASSWORD, email, code: emailCode },
  });
}

/** Creates a public ACM problem through the admin API. */
async function createProblem(p: (typeof PROBLEMS)[number]): Promise<void> {
  await api(server.base, 'POST', '/admin/problem', {
    token: rootToken,
    body: {
      problem: {
        problemId: p.problemId,
        title: p.title,
        description: `Print a ${p.op} b.`,
        input: 'Two integers a and b.',
        output: `a ${p.op} b`,
        examples: [{ input: p.samples[0], output: p.samples[1] }],
        timeLimit: 1000,
        memoryLimit: 256,
        type: 0,
        auth: 1,
      },
      samples: [[...p.samples], ...p.cases].map(([input, output]) => ({
        input: `${input}\n`,
        output: `${output}\n`,
      })),
      languages: ['C++'],
      tags: [],
      codeTemplates: [],
    },
  });
}

/** Types a date-time into an antd DatePicker (showTime) and commits it. */
async function pickTime(p: Page, testId: string, value: dayjs.Dayjs): Promise<void> {
  const input = p.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
  await input.click();
  await input.fill(value.format('YYYY-MM-DD HH:mm:ss'));
  await input.press('Enter');
  await p.keyboard.press('Escape');
}

/** Signs a participant in from the home page. */
async function signIn(p: Page, username: string): Promise<void> {
  await p.goto(`${server.base}/home`);
  await p.getByTestId('open-login').click();
  await modal(p).getByPlaceholder('Username', { exact: true }).fill(username);
  await modal(p).getByPlaceholder('Password', { exact: true }).fill(PASSWORD);
  await modal(p).getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => p.getByTestId('header-name').textContent(), T).toBe(username);
}

/** Opens contest problem `displayId`, picks C++, types the code for `op`, submits and waits for `final`. */
async function solve(p: Page, displayId: string, op: string, final: number): Promise<void> {
  await p.goto(`${server.base}/contest/${cid}/problem/${displayId}`);
  await expect.poll(() => p.locator('.cm-content').count(), T).toBe(1);
  await p.getByTestId('editor-language').click();
  await p.locator('.ant-select-dropdown:visible .ant-select-item-option[title="C++"]').click();
  const content = p.locator('[data-testid="code-panel"] .cm-content');
  await content.click();
  await p.keyboard.press('Control+A');
  await p.keyboard.press('Delete');
  for (const [i, line] of code(op).entries()) {
    if (i > 0) await p.keyboard.press('Enter');
    await p.keyboard.type(line);
  }
  await p.getByTestId('submit-code').click();
  await expect
    .poll(() => p.getByTestId('submit-status').getAttribute('data-status'), JUDGE)
    .toBe(String(final));
}

/** The user names of the board's rows, top to bottom. */
const boardUsers = (p: Page) => p.getByTestId('board-user').allTextContents();

/** Class names of the problem cells of `username`'s row. */
async function cellClasses(p: Page, username: string): Promise<string[]> {
  const row = p
    .locator('.oj-board .ant-table-row')
    .filter({ has: p.getByTestId('board-user').getByText(username, { exact: true }) });
  const classes = await row.locator('td.cell').evaluateAll((tds) => tds.map((td) => td.className));
  // Only the scoreboard classes of doc 2 §4.5 (not antd's, nor the marker `cell`).
  return classes.map((c) =>
    c
      .split(/\s+/)
      .filter((k: string) => k && k !== 'cell' && !k.startsWith('ant-'))
      .join(' '),
  );
}

/** Screenshots of the current page in English, in Chinese (?l=zh-cn) and at 375 px. */
async function shootThreeWays(p: Page, name: string, ready: () => Promise<void>): Promise<void> {
  const url = p.url();
  await p.waitForTimeout(300);
  await shot(p, `${name}-en`);
  await p.goto(`${url}${url.includes('?') ? '&' : '?'}l=zh-cn`);
  await ready();
  await shot(p, `${name}-zh`);
  await p.setViewportSize({ width: 375, height: 800 });
  await p.goto(`${url}${url.includes('?') ? '&' : '?'}l=en-us`);
  await ready();
  await p.waitForTimeout(300);
  await shot(p, `${name}-375`);
  await p.setViewportSize({ width: 1280, height: 800 });
  await p.goto(`${url}${url.includes('?') ? '&' : '?'}l=en-us`);
  await ready();
}

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
  for (const u of USERS) await registerUser(u);
  for (const p of PROBLEMS) await createProblem(p);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

describe('contest', () => {
  it('root creates an ACM contest sealed for its whole length and adds three public problems', async () => {
    ({ page: root } = await newPage(browser, { width: 1366, height: 900 }));
    await root.goto(`${server.base}/admin/login`);
    await root.locator('input[autocomplete=username]').fill('root');
    await root.locator('input[type=password]').fill(ROOT_PASSWORD);
    await root.locator('button[type=submit]').click();
    await root.waitForURL(/\/admin\/?$/);

    await root.goto(`${server.base}/admin/contest/create`);
    await root.getByTestId('contest-title-input').fill(TITLE);
    await root.getByTestId('contest-description').fill('Three problems, two hours. **Good luck!**');
    await pickTime(root, 'contest-start', dayjs().subtract(2, 'minute'));
    await pickTime(root, 'contest-end', dayjs().add(2, 'hour'));
    await root.getByTestId('open-rank').click();
    await root.getByTestId('seal-rank').click();
    // Two hours: the last hour is the default; the whole contest is chosen so every verdict is sealed.
    const choice = root.getByTestId('seal-choice');
    await expect
      .poll(() => choice.locator('.ant-radio-wrapper-checked').textContent(), T)
      .toBe('The last hour');
    await choice.getByText('The whole contest').click();
    await root.getByTestId('award-type').getByText('By proportion').click();
    await expect.poll(() => root.getByTestId('award-list').getByLabel('Award name').count(), T).toBe(3);
    await shootThreeWays(root, 'contest-admin-form', async () => {
      await root.getByTestId('contest-form').waitFor();
    });
    // (the screenshots reloaded the page: fill it again)
    await root.getByTestId('contest-title-input').fill(TITLE);
    await root.getByTestId('contest-description').fill('Three problems, two hours. **Good luck!**');
    await pickTime(root, 'contest-start', dayjs().subtract(2, 'minute'));
    await pickTime(root, 'contest-end', dayjs().add(2, 'hour'));
    await root.getByTestId('open-rank').click();
    await root.getByTestId('seal-rank').click();
    await root.getByTestId('seal-choice').getByText('The whole contest').click();
    await root.getByTestId('contest-save').click();
    await root.waitForURL(/\/admin\/contest\/\d+\/problems$/);
    cid = Number(/contest\/(\d+)\/problems/.exec(root.url())?.[1]);
    expect(cid).toBeGreaterThan(0);

    await root.getByTestId('contest-problem-table').waitFor();
    // One visit of the dialog adds the three problems (it stays open between adds).
    await root.getByTestId('open-add-public').click();
    for (const [i, p] of PROBLEMS.entries()) {
      const row = root
        .getByTestId('public-problem-table')
        .locator('.ant-table-row')
        .filter({ hasText: p.problemId });
      await row.getByTestId('add-public-problem').click();
      await root.getByTestId('display-id-input').fill('ABC'[i]);
      await root.getByTestId('display-id-input').press('Enter');
      await expect.poll(() => row.count(), T).toBe(0);
    }
    // The display-id prompt may still be fading out: close the dialog that holds the public problem table.
    await expect.poll(() => root.locator('.ant-modal-close:visible').count(), T).toBe(1);
    await root.locator('.ant-modal-close:visible').click();
    const table = root.getByTestId('contest-problem-table');
    await expect.poll(() => table.locator('.ant-table-row').count(), T).toBe(3);
    await shootThreeWays(root, 'contest-admin-problems', async () => {
      await expect.poll(() => table.locator('.ant-table-row').count(), T).toBe(3);
    });

    const info = await api<{ sealRank: boolean; sealRankTime: string; startTime: string; status: number }>(
      server.base,
      'GET',
      `/get-contest-info?cid=${cid}`,
      { token: rootToken },
    );
    expect({ seal: info.data.sealRank, from: info.data.sealRankTime, status: info.data.status }).toEqual({
      seal: true,
      from: info.data.startTime,
      status: 0,
    });
  }, 300_000);

  it('the participants find the contest in the list and solve in the browser', async () => {
    for (const u of USERS) {
      const { page } = await newPage(browser);
      await signIn(page, u);
      userPages.push(page);
    }
    const [alice, bob, carol] = userPages;
    await alice.goto(`${server.base}/contest`);
    const row = alice.getByTestId('contest-row').filter({ hasText: TITLE });
    await expect.poll(() => row.getByTestId('contest-status').textContent(), T).toBe('Running');
    await shootThreeWays(alice, 'contest-list', async () => {
      await alice.getByTestId('contest-row').first().waitFor();
    });
    await row.getByTestId('contest-title').click();
    await alice.waitForURL(new RegExp(`/contest/${cid}$`));
    await expect
      .poll(() => alice.getByTestId('countdown').textContent(), T)
      .toMatch(/^Ends in \d\d:\d\d:\d\d$/);
    await alice.getByTestId('contest-tab-problems').click();
    await expect
      .poll(() => alice.getByTestId('contest-problems').locator('.ant-table-row').count(), T)
      .toBe(3);
    await shootThreeWays(alice, 'contest-problems', async () => {
      await expect
        .poll(() => alice.getByTestId('contest-problems').locator('.ant-table-row').count(), T)
        .toBe(3);
    });

    // alice solves A and B; bob fails A once, then solves it; carol fails C.
    await solve(alice, 'A', '+', 0);
    await shot(alice, 'contest-problem-en');
    await solve(alice, 'B', '*', 0);
    await solve(bob, 'A', '-', -1);
    await solve(bob, 'A', '+', 0);
    await solve(carol, 'C', '+', -1);

    // Each sees their own verdicts in the contest's submissions.
    await carol.goto(`${server.base}/contest/${cid}/submissions?onlyMine=true`);
    await expect
      .poll(() => carol.getByTestId('status-cell').first().getAttribute('data-status'), T)
      .toBe('-1');
  }, 600_000);

  it('the board shows the real order to root and a sealed board to the participants', async () => {
    await root.goto(`${server.base}/contest/${cid}/rank`);
    await expect.poll(() => boardUsers(root), T).toEqual([...USERS]);
    expect(await cellClasses(root, 'cw_alice')).toEqual(['first-ac', 'first-ac', '']);
    expect(await cellClasses(root, 'cw_bob')).toEqual(['ac', '', '']);
    expect(await cellClasses(root, 'cw_carol')).toEqual(['', '', 'wrong']);
    await shootThreeWays(root, 'contest-board-root', async () => {
      await expect.poll(() => boardUsers(root), T).toEqual([...USERS]);
    });
    // Root exports the real board as a spreadsheet: the same rows in the same order.
    const [download] = await Promise.all([
      root.waitForEvent('download'),
      root.getByTestId('board-export').click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path()) as string);
    const sheetRows = book.worksheets[0].getSheetValues().slice(3) as unknown[][];
    expect(sheetRows.map((r) => [r[1], r[2]])).toEqual([
      [1, 'cw_alice'],
      [2, 'cw_bob'],
      [3, 'cw_carol'],
    ]);

    const carol = userPages[2];
    await carol.goto(`${server.base}/contest/${cid}/rank`);
    await expect.poll(async () => (await boardUsers(carol)).length, T).toBe(3);
    // Sealed from the start: carol sees her own wrong try, the others' submissions only as tries.
    expect(await cellClasses(carol, 'cw_carol')).toEqual(['', '', 'wrong']);
    expect(await cellClasses(carol, 'cw_alice')).toEqual(['try', 'try', '']);
    expect(await cellClasses(carol, 'cw_bob')).toEqual(['try', '', '']);
    expect(await carol.getByTestId('board-export').count()).toBe(0);
    await shootThreeWays(carol, 'contest-board-sealed', async () => {
      await expect.poll(async () => (await boardUsers(carol)).length, T).toBe(3);
    });
  }, 300_000);
});
