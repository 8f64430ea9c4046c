import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPublicProblems,
  boardUsers,
  type ContestWorld,
  cellClasses,
  cellTexts,
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
import { api, newPage, type RunningServer } from '../harness.js';

/**
 * A timed OI contest as a coach runs it (issue 9 "Done when": an ACM and an OI contest): root creates an OI contest
 * in the back office form, sealed for its whole length (results not in real time), and adds two OI problems of two
 * test cases each; two participants solve in the browser with the REAL judge, fully and partly. While sealed a
 * participant sees neither their own verdicts nor anyone's scores; root sees the real board, ordered by total
 * score, with the Recent rule (the latest scored submission counts). Root then opens the results in the edit form,
 * where the rule type cannot change, and the participants see the real board.
 */

const USERS = ['oi_dave', 'oi_erin'] as const;
const PASSWORD = 'contestPass1';
const TITLE = 'Autumn OI';
const HIDDEN = -5; // Submitted Unknown Result: what a participant sees while OI results are hidden

/** Two OI problems, two equally scored cases each (50 + 50); the second case of each has a large `a`. */
const PROBLEMS: ProblemSpec[] = [
  {
    problemId: 'OI-SUM',
    title: 'OI Sum',
    op: '+',
    samples: ['1 2', '3'],
    cases: [['500 600', '1100']],
    type: 1,
  },
  {
    problemId: 'OI-MUL',
    title: 'OI Product',
    op: '*',
    samples: ['2 3', '6'],
    cases: [['40 50', '2000']],
    type: 1,
  },
];

/** C++ printing `a op b`, or, `partial`, only when a < 10 (0 otherwise): right on the first case only. */
const program = (op: string, partial: boolean) => [
  '#include <iostream>',
  partial
    ? `int main(){long long a,b;std::cin>>a>>b;std::cout<<(a<10?a${op}b:0)<<"\\n";return 0;}`
    : `int main(){long long a,b;std::cin>>a>>b;std::cout<<a${op}b<<"\\n";return 0;}`,
];

let world: ContestWorld;
let server: RunningServer;
let rootToken: string;
let root: Page;
const userPages: Page[] = [];
let cid = 0;

/** The score of each problem cell of `username`'s row ('?' for hidden tries, '' for none). */
const scores = cellTexts;

beforeAll(async () => {
  world = await startContestWorld(USERS, PASSWORD, PROBLEMS);
  ({ server, rootToken } = world);
}, 240_000);

afterAll(() => stopContestWorld(world));

describe('OI contest', () => {
  it('root creates an OI contest with hidden results and adds two OI problems', async () => {
    root = await rootAdminPage(world.browser, server);
    await root.goto(`${server.base}/admin/contest/create`);
    await root.getByTestId('contest-title-input').fill(TITLE);
    await root.getByTestId('contest-description').fill('Two problems, partial scores count.');
    await pickTime(root, 'contest-start', dayjs().subtract(2, 'minute'));
    await pickTime(root, 'contest-end', dayjs().add(2, 'hour'));
    await root.getByTestId('contest-type').getByText('OI', { exact: true }).click();
    await root.getByTestId('open-rank').click();
    await root.getByTestId('seal-rank').click();
    // An OI contest's seal defaults to the whole contest: no result is shown before an admin opens them.
    await expect
      .poll(() => root.getByTestId('seal-choice').locator('.ant-radio-wrapper-checked').textContent(), T)
      .toBe('The whole contest');
    await root.getByTestId('contest-save').click();
    await root.waitForURL(/\/admin\/contest\/\d+\/problems$/);
    cid = Number(/contest\/(\d+)\/problems/.exec(root.url())?.[1]);

    await addPublicProblems(root, PROBLEMS, 'AB');
    // Contest-only from here on, as problems made inside a contest are (issue 23 §1).
    await makeContestOnly(server, rootToken, PROBLEMS);

    const info = await api<{ type: number; sealRank: boolean; status: number }>(
      server.base,
      'GET',
      `/get-contest-info?cid=${cid}`,
      { token: rootToken },
    );
    expect({ type: info.data.type, seal: info.data.sealRank, status: info.data.status }).toEqual({
      type: 1,
      seal: true,
      status: 0,
    });
  }, 300_000);

  it('participants solve fully and partly, and see only hidden results', async () => {
    for (const u of USERS) {
      const { page } = await newPage(world.browser);
      await signIn(server, page, u, PASSWORD);
      userPages.push(page);
    }
    const [dave, erin] = userPages;
    // dave: A fully (100), B partly (50). erin: A fully, then A partly: under Recent her A counts 50.
    await solveInContest(server, dave, cid, 'A', program('+', false), HIDDEN);
    await solveInContest(server, dave, cid, 'B', program('*', true), HIDDEN);
    await solveInContest(server, erin, cid, 'A', program('+', false), HIDDEN);
    await solveInContest(server, erin, cid, 'A', program('+', true), HIDDEN, true);

    // The problem list hides the counts while results are not in real time.
    await erin.goto(`${server.base}/contest/${cid}/problems`);
    await expect
      .poll(() => erin.getByTestId('contest-problems').locator('.ant-table-row').first().textContent(), T)
      .toContain('?');

    // The board is sealed for them: tries only, no scores, not even their own.
    await erin.goto(`${server.base}/contest/${cid}/rank`);
    await expect.poll(async () => (await boardUsers(erin)).length, T).toBe(2);
    await erin.getByTestId('board-sealed').waitFor();
    expect(await scores(erin, 'oi_erin')).toEqual(['?', '']);
    expect(await scores(erin, 'oi_dave')).toEqual(['?', '?']);
    await shootThreeWays(erin, 'contest-oi-board-sealed', async () => {
      await expect.poll(async () => (await boardUsers(erin)).length, T).toBe(2);
    });
  }, 600_000);

  it('root sees the real board by total score, then opens the results to everyone', async () => {
    await root.goto(`${server.base}/contest/${cid}/rank`);
    await expect.poll(() => boardUsers(root), T).toEqual(['oi_dave', 'oi_erin']);
    expect(await root.getByTestId('board-sealed').count()).toBe(0);
    expect(await scores(root, 'oi_dave')).toEqual(['100', '50']);
    expect(await scores(root, 'oi_erin')).toEqual(['50', '']);
    expect((await cellClasses(root, 'oi_dave'))[0]).not.toBe('');
    await shootThreeWays(root, 'contest-oi-board-root', async () => {
      await expect.poll(() => boardUsers(root), T).toEqual(['oi_dave', 'oi_erin']);
    });

    // The edit form keeps the rule type; turning the seal off shows the results.
    await root.goto(`${server.base}/admin/contest/${cid}/edit`);
    await root.getByTestId('contest-form').waitFor();
    await expect
      .poll(() => root.getByTestId('contest-type').locator('.ant-radio-wrapper-disabled').count(), T)
      .toBe(2);
    await root.getByTestId('seal-rank').click();
    await root.getByTestId('contest-save').click();
    await root.waitForURL(/\/admin\/contest$/);

    const erin = userPages[1];
    await erin.goto(`${server.base}/contest/${cid}/rank`);
    await expect.poll(() => boardUsers(erin), T).toEqual(['oi_dave', 'oi_erin']);
    expect(await erin.getByTestId('board-sealed').count()).toBe(0);
    expect(await scores(erin, 'oi_dave')).toEqual(['100', '50']);
    expect(await scores(erin, 'oi_erin')).toEqual(['50', '']);
    // Her own submissions now show their verdicts instead of the hidden one.
    await erin.goto(`${server.base}/contest/${cid}/submissions?onlyMine=true`);
    await expect
      .poll(
        () =>
          erin
            .getByTestId('status-cell')
            .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status'))),
        T,
      )
      .toHaveLength(2);
    const statuses = await erin
      .getByTestId('status-cell')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')));
    expect(statuses).not.toContain(String(HIDDEN));
  }, 300_000);
});
