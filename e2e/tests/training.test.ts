import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContestWorld,
  cppCode,
  JUDGE,
  type ProblemSpec,
  rootAdminPage,
  shootThreeWays,
  signIn,
  startContestWorld,
  stopContestWorld,
  T,
} from '../contest-kit.js';
import { api, newPage, pickLanguage, type RunningServer, shot } from '../harness.js';

/**
 * A private training as a coach builds it and a student works through it (issue 11), tried as a new user would:
 * root creates a category and a private training of three public problems in the back office; a student finds
 * it in the list, enters the password, solves two problems in the browser (the REAL embedded judge) and sees
 * 66.67 % progress and their row on the rank. Screenshots in English, Chinese and at 375 px.
 */

const STUDENT = 'tr_student';
const PASSWORD = 'trainingPass1';
const TRAINING_PWD = 'open-sesame';
const TITLE = 'Warm-up Set';

const PROBLEMS: ProblemSpec[] = [
  { problemId: 'TW-SUM', title: 'Training Sum', op: '+', samples: ['1 2', '3'], cases: [['5 7', '12']] },
  { problemId: 'TW-MUL', title: 'Training Product', op: '*', samples: ['2 3', '6'], cases: [['4 5', '20']] },
  {
    problemId: 'TW-SUB',
    title: 'Training Difference',
    op: '-',
    samples: ['5 3', '2'],
    cases: [['10 4', '6']],
  },
];

let world: ContestWorld;
let server: RunningServer;
let root: Page;
let student: Page;
let tid = 0;

/** Opens training problem `displayId`, types the code for `op`, submits and waits for verdict `final`. */
async function solve(p: Page, displayId: string, op: string, final: number): Promise<void> {
  await p.goto(`${server.base}/training/${tid}/problem/${displayId}`);
  await expect.poll(() => p.locator('.cm-content').count(), T).toBe(1);
  await pickLanguage(p, 'C++');
  await p.locator('[data-testid="code-panel"] .cm-content').click();
  await p.keyboard.press('Control+A');
  await p.keyboard.press('Delete');
  for (const [i, line] of cppCode(op).entries()) {
    if (i > 0) await p.keyboard.press('Enter');
    await p.keyboard.type(line);
  }
  await p.getByTestId('submit-code').click();
  await expect
    .poll(() => p.getByTestId('submit-status').getAttribute('data-status'), JUDGE)
    .toBe(String(final));
}

beforeAll(async () => {
  world = await startContestWorld([STUDENT], PASSWORD, PROBLEMS);
  server = world.server;
}, 240_000);

afterAll(() => stopContestWorld(world));

describe('training', () => {
  it('root creates a category and a private training of three problems in the back office', async () => {
    root = await rootAdminPage(world.browser, server);
    await root.goto(`${server.base}/admin/training/category`);
    await root.getByTestId('category-name').fill('Beginner');
    await root.getByTestId('category-save').click();
    await expect.poll(() => root.getByTestId('category-list').locator('.ant-table-row').count(), T).toBe(1);

    await root.goto(`${server.base}/admin/training/create`);
    await root.getByTestId('training-form-title').fill(TITLE);
    await root.getByTestId('training-form-category').click();
    await root
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Beginner' })
      .click();
    await root.getByText('Private', { exact: true }).click();
    await root.getByTestId('training-form-pwd').fill(TRAINING_PWD);
    await root.getByTestId('training-form-description').fill('Three warm-up problems. **Have fun!**');
    await shootThreeWays(root, 'training-admin-form', async () => {
      await root.getByTestId('training-form').waitFor();
    });
    // (the screenshots reloaded the page: fill it again)
    await root.getByTestId('training-form-title').fill(TITLE);
    await root.getByTestId('training-form-category').click();
    await root
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Beginner' })
      .click();
    await root.getByText('Private', { exact: true }).click();
    await root.getByTestId('training-form-pwd').fill(TRAINING_PWD);
    await root.getByTestId('training-form-description').fill('Three warm-up problems. **Have fun!**');
    await root.getByTestId('training-form-save').click();
    await root.waitForURL(/\/admin\/training\/\d+\/problems$/);
    tid = Number(/training\/(\d+)\/problems/.exec(root.url())?.[1]);
    expect(tid).toBeGreaterThan(0);

    await root.getByTestId('training-add-open').click();
    for (const [i, p] of PROBLEMS.entries()) {
      const row = root
        .getByTestId('training-public-problems')
        .locator('.ant-table-row')
        .filter({ hasText: p.problemId });
      await row.getByTestId('training-add-display-id').fill('ABC'[i]);
      await row.getByTestId('training-add-problem').click();
      await expect.poll(() => row.count(), T).toBe(0);
    }
    await root.locator('.ant-modal-close:visible').click();
    const table = root.getByTestId('training-admin-problems');
    await shootThreeWays(root, 'training-admin-problems', async () => {
      await expect.poll(() => table.locator('.ant-table-row').count(), T).toBe(3);
    });
    // The order edit sends the link id read from the answer's trainingProblemMap (doc 3 §7): C's order 2 -> 7.
    const order = table
      .locator('.ant-table-row')
      .filter({ hasText: 'TW-SUB' })
      .locator('input.ant-input-number-input');
    const saved = root.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/admin/training/problem'),
    );
    await order.fill('7');
    await order.blur();
    const res = await saved;
    expect(res.request().postDataJSON()).toMatchObject({ rank: 7 });
    expect((await res.json()).status).toBe(200);
    await expect.poll(() => order.inputValue(), T).toBe('7');
  }, 300_000);

  it('a student enters the password, solves two problems and sees 66.67 % progress and their rank row', async () => {
    ({ page: student } = await newPage(world.browser));
    await signIn(server, student, STUDENT, PASSWORD);
    await student.goto(`${server.base}/training`);
    const row = student.getByTestId('training-list').locator('.ant-table-row').filter({ hasText: TITLE });
    await expect.poll(() => row.getByTestId('training-progress').count(), T).toBe(1);
    await shootThreeWays(student, 'training-list', async () => {
      await student.getByTestId('training-list').locator('.ant-table-row').first().waitFor();
    });
    await row.getByTestId('training-title').click();
    await student.waitForURL(new RegExp(`/training/${tid}$`));
    await student.getByTestId('training-password-form').waitFor();
    await shot(student, 'training-password-en');
    await student.getByTestId('training-password').fill(TRAINING_PWD);
    await student.getByTestId('training-register').click();
    await expect.poll(() => student.getByTestId('training-intro').textContent(), T).toContain('Have fun!');

    await student.getByTestId('training-tab-problems').click();
    await expect
      .poll(() => student.getByTestId('training-problems').locator('.ant-table-row').count(), T)
      .toBe(3);
    await solve(student, 'A', '+', 0);
    await shot(student, 'training-problem-en');
    await solve(student, 'B', '*', 0);

    await student.goto(`${server.base}/training/${tid}`);
    await expect
      .poll(() => student.getByTestId('training-detail-progress').textContent(), T)
      .toContain('66.67%');
    await shootThreeWays(student, 'training-detail', async () => {
      await expect
        .poll(() => student.getByTestId('training-detail-progress').textContent(), T)
        .toContain('66.67%');
    });
    await student.goto(`${server.base}/training/${tid}/problems`);
    await expect.poll(() => student.getByTestId('my-status-ac').count(), T).toBe(2);

    await student.goto(`${server.base}/training/${tid}/rank`);
    const rank = student.getByTestId('training-rank');
    await expect.poll(() => rank.locator('.ant-table-row').count(), T).toBe(1);
    await expect.poll(() => rank.locator('.training-rank-own').count(), T).toBe(1);
    expect(await rank.getByTestId('training-rank-ac').textContent()).toMatch(/^2 \(\d+ ms\)$/);
    await shootThreeWays(student, 'training-rank', async () => {
      await expect
        .poll(() => student.getByTestId('training-rank').locator('.ant-table-row').count(), T)
        .toBe(1);
    });

    // The same progress through the API, and on the student's home page.
    const list = await api<{ records: { id: number; acCount: number; problemCount: number }[] }>(
      server.base,
      'GET',
      '/get-training-list',
      { token: (await student.evaluate(() => localStorage.getItem('token'))) ?? '' },
    );
    expect(list.data.records.find((r) => r.id === tid)).toMatchObject({ acCount: 2, problemCount: 3 });
    await student.goto(`${server.base}/user-home`);
    await expect
      .poll(() => student.getByTestId('user-training-progress').textContent(), T)
      .toContain('2 / 3');
  }, 600_000);
});
