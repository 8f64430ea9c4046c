import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPublicProblems,
  boardUsers,
  type ContestWorld,
  cellClasses,
  cppCode,
  JUDGE,
  makeContestOnly,
  type ProblemSpec,
  pickTime,
  rootAdminPage,
  shootThreeWays,
  signIn,
  solveInContest,
  startContestWorld,
  stopContestWorld,
  T,
} from '../contest-kit.js';
import { api, newPage, type RunningServer, shot } from '../harness.js';

/**
 * A timed ACM contest as a coach runs it (issue 9 §5): root makes three accounts (through the API: the admin users
 * page is another helper's), then in the browser creates an ACM contest sealed for its whole length, adds three
 * public problems as A, B and C and makes them contest-only (as problems made inside a contest are; issue 23 §1);
 * the three participants open the contest, solve in the browser (the REAL embedded judge), test-run, use focus
 * mode with its problem strip and the contest's submission-detail page, and the board shows the right order to
 * root and a sealed board to them. Screenshots of the contest
 * pages in English, Chinese and at 375 px go to e2e/screenshots/.
 */

const USERS = ['cw_alice', 'cw_bob', 'cw_carol'] as const;
const PASSWORD = 'contestPass1';
const TITLE = 'Spring Cup';

/** Three small problems (ACM): sum, product, difference of two integers. */
const PROBLEMS: ProblemSpec[] = [
  { problemId: 'CW-SUM', title: 'Contest Sum', op: '+', samples: ['1 2', '3'], cases: [['5 7', '12']] },
  { problemId: 'CW-MUL', title: 'Contest Product', op: '*', samples: ['2 3', '6'], cases: [['4 5', '20']] },
  {
    problemId: 'CW-SUB',
    title: 'Contest Difference',
    op: '-',
    samples: ['5 3', '2'],
    cases: [['10 4', '6']],
  },
];

let world: ContestWorld;
let server: RunningServer;
let rootToken: string;
let root: Page;
const userPages: Page[] = [];
let cid = 0;

/** Opens contest problem `displayId`, types the code for `op`, submits and waits for `final`. */
const solve = (p: Page, displayId: string, op: string, final: number) =>
  solveInContest(server, p, cid, displayId, cppCode(op), final);

beforeAll(async () => {
  world = await startContestWorld(USERS, PASSWORD, PROBLEMS);
  ({ server, rootToken } = world);
}, 240_000);

afterAll(() => stopContestWorld(world));

describe('contest', () => {
  it('root creates an ACM contest sealed for its whole length and adds three public problems', async () => {
    root = await rootAdminPage(world.browser, server);

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

    await addPublicProblems(root, PROBLEMS, 'ABC');
    await makeContestOnly(server, rootToken, PROBLEMS);
    const table = root.getByTestId('contest-problem-table');
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
      const { page } = await newPage(world.browser);
      await signIn(server, page, u, PASSWORD);
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

  it('on a contest-only problem: the status panel opens the contest submission detail; a test run in the contest', async () => {
    const alice = userPages[0];
    // alice's last submit was B: the panel links to the contest's submission-detail route (doc 2 §2.5).
    const link = alice.getByTestId('submission-detail-link');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^/contest/${cid}/problem/B/submission-detail/\\d+$`));
    await link.click();
    await alice.getByTestId('submission-detail').waitFor(T);
    expect(alice.url()).toContain(href);
    // A hard load of the address shows the page too (not the 404 page).
    await alice.setViewportSize({ width: 1440, height: 900 });
    await alice.goto(`${server.base}${href}`);
    await alice.getByTestId('submission-detail').waitFor(T);
    // Its problem link stays in the contest (the display id B means nothing outside it).
    const problemLink = alice.getByTestId('submission-detail').locator(`a[href="/contest/${cid}/problem/B"]`);
    await expect.poll(() => problemLink.count(), T).toBe(1);
    await shootThreeWays(alice, 'contest-submission-detail', async () => {
      await alice.getByTestId('submission-detail').waitFor(T);
    });

    // The online test runs as type contest: the sample's input and output, alice's saved code for A.
    await alice.goto(`${server.base}/contest/${cid}/problem/A`);
    await expect.poll(() => alice.locator('.cm-content').count(), T).toBe(1);
    await expect.poll(() => alice.getByTestId('submit-code').isEnabled(), T).toBe(true);
    await alice.getByTestId('open-test-drawer').click();
    await alice.getByTestId('test-run').click();
    await expect.poll(() => alice.getByTestId('test-status').getAttribute('data-status'), JUDGE).toBe('0');
    await shot(alice, 'contest-test-run-en');
    await alice.keyboard.press('Escape');
    await expect.poll(() => alice.locator('.ant-drawer-open').count(), T).toBe(0);
  }, 300_000);

  it('focus mode: /contest/{cid}/problem/{pid}/full-screen with the problem strip to switch problems', async () => {
    const bob = userPages[1];
    await bob.setViewportSize({ width: 1440, height: 900 });
    await bob.goto(`${server.base}/contest/${cid}/problem/A/full-screen`);
    await bob.getByTestId('focus-mode').waitFor(T);
    const items = bob.getByTestId('focus-strip-item');
    await expect
      .poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-problem'))), T)
      .toEqual(['A', 'B', 'C']);
    expect(await items.first().getAttribute('aria-current')).toBe('page');
    // bob solved A: the strip shows it; the language list of the contest-only problem is there.
    await bob.getByTestId('focus-problem-strip').getByTestId('my-status-ac').waitFor(T);
    await expect.poll(() => bob.getByTestId('submit-code').isEnabled(), T).toBe(true);
    await shootThreeWays(bob, 'contest-full-screen', async () => {
      await bob.getByTestId('focus-problem-strip').waitFor(T);
    });
    await bob.setViewportSize({ width: 1440, height: 900 });
    await items.filter({ hasText: 'Contest Product' }).click();
    await bob.waitForURL(new RegExp(`/contest/${cid}/problem/B/full-screen$`));
    await bob.getByTestId('focus-mode').waitFor(T);
    await expect.poll(() => bob.getByTestId('problem-title').textContent(), T).toContain('Contest Product');
    await expect.poll(() => items.nth(1).getAttribute('aria-current'), T).toBe('page');
  }, 300_000);

  it('the board shows the real order to root and a sealed board to the participants', async () => {
    await root.goto(`${server.base}/contest/${cid}/rank`);
    await expect.poll(() => boardUsers(root), T).toEqual([...USERS]);
    await expect.poll(() => cellClasses(root, 'cw_alice'), T).toEqual(['first-ac', 'first-ac', '']);
    await expect.poll(() => cellClasses(root, 'cw_bob'), T).toEqual(['ac', '', '']);
    await expect.poll(() => cellClasses(root, 'cw_carol'), T).toEqual(['', '', 'wrong']);
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
    await expect.poll(() => cellClasses(carol, 'cw_carol'), T).toEqual(['', '', 'wrong']);
    await expect.poll(() => cellClasses(carol, 'cw_alice'), T).toEqual(['try', 'try', '']);
    await expect.poll(() => cellClasses(carol, 'cw_bob'), T).toEqual(['try', '', '']);
    expect(await carol.getByTestId('board-export').count()).toBe(0);
    await shootThreeWays(carol, 'contest-board-sealed', async () => {
      await expect.poll(async () => (await boardUsers(carol)).length, T).toBe(3);
    });
  }, 300_000);
});
