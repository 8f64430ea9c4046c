import type dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  api,
  configureMail,
  type Inbox,
  launchBrowser,
  newPage,
  pickLanguage,
  ROOT_PASSWORD,
  type RunningServer,
  shot,
  startInbox,
  startServer,
} from './harness.js';

/**
 * What the contest browser tests share (ACM in tests/contest.test.ts, OI in tests/contest-oi.test.ts): accounts and
 * problems made through the API, the admin sign-in, typing a solution into the contest problem page and waiting for
 * its verdict, reading the board, and the three screenshots (English, Chinese, 375 px) of a page.
 */

export const T = { timeout: 15_000 };
export const JUDGE = { timeout: 180_000, interval: 500 };

/** What a contest browser test runs against: the server, its mailbox, chromium and root's API token. */
export interface ContestWorld {
  server: RunningServer;
  inbox: Inbox;
  browser: Browser;
  rootToken: string;
}

/**
 * Starts the real server on PGlite with one embedded judge worker and a local mailbox, lifts the submit interval,
 * registers `users` with `password`, creates `problems` (public) and launches chromium.
 */
export async function startContestWorld(
  users: readonly string[],
  password: string,
  problems: readonly ProblemSpec[],
): Promise<ContestWorld> {
  const inbox = await startInbox();
  const server = await startServer({
    OJ_EMBEDDED_JUDGE_WORKERS: '1',
    DATABASE_URL: undefined as unknown as string,
  });
  const rootToken = await configureMail(server.base, inbox);
  await api(server.base, 'PUT', '/admin/switch/update', {
    token: rootToken,
    body: { defaultSubmitInterval: 0 },
  });
  for (const u of users) await registerUser(server, inbox, u, password);
  for (const p of problems) await createProblem(server, rootToken, p);
  return { server, inbox, rootToken, browser: await launchBrowser() };
}

/** Stops what {@link startContestWorld} started (any part may be missing after a failed start). */
export async function stopContestWorld(w: Partial<ContestWorld> | undefined): Promise<void> {
  await w?.browser?.close();
  await w?.server?.stop();
  await w?.inbox?.close();
}

/**
 * On a contest's back-office problems page: adds each of `problems` from the public list with display id `ids[i]`
 * in one visit of the dialog, closes it, and waits until the contest's table has that many rows.
 */
export async function addPublicProblems(
  root: Page,
  problems: readonly ProblemSpec[],
  ids: string,
): Promise<void> {
  await root.getByTestId('contest-problem-table').waitFor();
  await root.getByTestId('open-add-public').click();
  for (const [i, p] of problems.entries()) {
    const row = root
      .getByTestId('public-problem-table')
      .locator('.ant-table-row')
      .filter({ hasText: p.problemId });
    const prompt = root.getByTestId('display-id-input');
    await row.getByTestId('add-public-problem').click();
    await prompt.fill(ids[i]);
    await prompt.press('Enter');
    // The prompt closes once the contest holds the problem. Wait until it has gone: the public table drops the row
    // a moment before, and an Add clicked while the prompt fades out may leave the next prompt closed.
    await prompt.waitFor({ state: 'hidden', timeout: T.timeout });
    await expect.poll(() => row.count(), T).toBe(0);
  }
  // Close the dialog that holds the public problem table.
  await expect.poll(() => root.locator('.ant-modal-close:visible').count(), T).toBe(1);
  await root.locator('.ant-modal-close:visible').click();
  await expect
    .poll(() => root.getByTestId('contest-problem-table').locator('.ant-table-row').count(), T)
    .toBe(problems.length);
}

/** Registers `username` with `password` through the API, reading the code from the local mailbox. */
export async function registerUser(
  server: RunningServer,
  inbox: Inbox,
  username: string,
  password: string,
): Promise<void> {
  const email = `${username}@example.test`;
  await api(server.base, 'GET', `/get-register-code?email=${encodeURIComponent(email)}`);
  const emailCode = await inbox.waitFor(email, /\b(\d{6})\b/);
  await api(server.base, 'POST', '/register', { body: { username, password, email, code: emailCode } });
}

/** A public C++ problem: its sample is also its first test case; `type` 0 ACM, 1 OI (cases scored equally). */
export interface ProblemSpec {
  problemId: string;
  title: string;
  /** The operator the problem asks for, shown in the statement: `a op b`. */
  op: string;
  samples: readonly [string, string];
  cases: readonly (readonly [string, string])[];
  type?: 0 | 1;
}

/** Creates `p` through the admin API as root. */
export async function createProblem(server: RunningServer, rootToken: string, p: ProblemSpec): Promise<void> {
  const all = [[...p.samples], ...p.cases];
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
        type: p.type ?? 0,
        auth: 1,
      },
      samples: all.map(([input, output]) => ({
        input: `${input}\n`,
        output: `${output}\n`,
        ...(p.type === 1 ? { score: Math.floor(100 / all.length) } : {}),
      })),
      languages: ['C++'],
      tags: [],
      codeTemplates: [],
    },
  });
}

/**
 * Makes each of `problems` contest-only (auth 3, the default of a problem created inside a contest) once a contest
 * holds them: the contest's pages must then serve them on the contest's permission alone (issue 23 §1: the language
 * list, submitting, test runs). Practice pages refuse them from then on.
 */
export async function makeContestOnly(
  server: RunningServer,
  rootToken: string,
  problems: readonly ProblemSpec[],
): Promise<void> {
  for (const p of problems) {
    const list = await api<{ records: { pid: number; problemId: string }[] }>(
      server.base,
      'GET',
      `/get-problem-list?keyword=${encodeURIComponent(p.problemId)}`,
      { token: rootToken },
    );
    const pid = list.data.records.find((r) => r.problemId === p.problemId)?.pid;
    if (!pid) throw new Error(`no problem ${p.problemId}`);
    await api(server.base, 'PUT', '/admin/problem/change-problem-auth', {
      token: rootToken,
      body: { pid, auth: 3 },
    });
  }
}

/** C++ code printing `a op b`, as lines to type (CodeMirror closes brackets itself). */
export const cppCode = (op: string) => [
  '#include <iostream>',
  `int main(){long long a,b;std::cin>>a>>b;std::cout<<a${op}b<<"\\n";return 0;}`,
];

/** A new page signed in to the back office as root. */
export async function rootAdminPage(browser: Browser, server: RunningServer): Promise<Page> {
  const { page } = await newPage(browser, { width: 1366, height: 900 });
  await page.goto(`${server.base}/admin/login`);
  await page.locator('input[autocomplete=username]').fill('root');
  await page.locator('input[type=password]').fill(ROOT_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/admin\/?$/);
  return page;
}

/** Types a date-time into an antd DatePicker (showTime) and commits it. */
export async function pickTime(p: Page, testId: string, value: dayjs.Dayjs): Promise<void> {
  const input = p.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
  await input.click();
  await input.fill(value.format('YYYY-MM-DD HH:mm:ss'));
  await input.press('Enter');
  await p.keyboard.press('Escape');
}

/** Signs a participant in from the home page. */
export async function signIn(
  server: RunningServer,
  p: Page,
  username: string,
  password: string,
): Promise<void> {
  await p.goto(`${server.base}/home`);
  await p.getByTestId('open-login').click();
  const modal = p.locator('.oj-login-modal .ant-modal-content');
  await modal.getByPlaceholder('Username', { exact: true }).fill(username);
  await modal.getByPlaceholder('Password', { exact: true }).fill(password);
  await modal.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => p.getByTestId('header-name').textContent(), T).toBe(username);
}

/**
 * Opens contest `cid`'s problem `displayId`, picks C++, types `lines`, submits and waits until the submit panel
 * shows verdict code `final` (what this viewer may see: -5 while an OI contest's results are hidden).
 * `overwrite`: the OI overwrite question of doc 2 §5 must come up, and is confirmed.
 */
export async function solveInContest(
  server: RunningServer,
  p: Page,
  cid: number,
  displayId: string,
  lines: string[],
  final: number,
  overwrite = false,
): Promise<void> {
  await p.goto(`${server.base}/contest/${cid}/problem/${displayId}`);
  await expect.poll(() => p.locator('.cm-content').count(), T).toBe(1);
  await pickLanguage(p, 'C++');
  const content = p.locator('[data-testid="code-panel"] .cm-content');
  await content.click();
  await p.keyboard.press('Control+A');
  await p.keyboard.press('Delete');
  for (const [i, line] of lines.entries()) {
    if (i > 0) await p.keyboard.press('Enter');
    await p.keyboard.type(line);
  }
  await p.getByTestId('submit-code').click();
  if (overwrite) {
    const confirm = p.locator('.ant-modal-confirm');
    await expect
      .poll(() => confirm.locator('.ant-modal-confirm-title').textContent(), T)
      .toContain('sure to cover it');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect
    .poll(() => p.getByTestId('submit-status').getAttribute('data-status'), JUDGE)
    .toBe(String(final));
}

/** The user names of the board's rows, top to bottom. */
export const boardUsers = (p: Page) => p.getByTestId('board-user').allTextContents();

/** The board row of `username`. */
export const boardRow = (p: Page, username: string) =>
  p
    .locator('.oj-board .ant-table-row')
    .filter({ has: p.getByTestId('board-user').getByText(username, { exact: true }) });

/** Class names of the problem cells of `username`'s row: only the scoreboard classes of doc 2 §4.5. */
export async function cellClasses(p: Page, username: string): Promise<string[]> {
  const classes = await boardRow(p, username)
    .locator('td.cell')
    .evaluateAll((tds) => tds.map((td) => td.className));
  return classes.map((c) =>
    c
      .split(/\s+/)
      .filter((k: string) => k && k !== 'cell' && !k.startsWith('ant-'))
      .join(' '),
  );
}

/** The first line of each problem cell of `username`'s row (OI: the score, not the time under it); '' if empty. */
export const cellTexts = (p: Page, username: string) =>
  boardRow(p, username)
    .locator('td.cell')
    .evaluateAll((tds) =>
      tds.map((td) => (td.querySelector('div')?.textContent ?? td.textContent ?? '').trim()),
    );

/** Screenshots of the current page in English, in Chinese (?l=zh-cn) and at 375 px; `ready` waits for content. */
export async function shootThreeWays(p: Page, name: string, ready: () => Promise<void>): Promise<void> {
  const url = p.url();
  const withLang = (l: string) => `${url}${url.includes('?') ? '&' : '?'}l=${l}`;
  await p.waitForTimeout(300);
  await shot(p, `${name}-en`);
  await p.goto(withLang('zh-cn'));
  await ready();
  await shot(p, `${name}-zh`);
  await p.setViewportSize({ width: 375, height: 800 });
  await p.goto(withLang('en-us'));
  await ready();
  await p.waitForTimeout(300);
  await shot(p, `${name}-375`);
  await p.setViewportSize({ width: 1280, height: 800 });
  await p.goto(withLang('en-us'));
  await ready();
}
