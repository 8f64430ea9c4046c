import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContestWorld,
  type ProblemSpec,
  shootThreeWays,
  signIn,
  startContestWorld,
  stopContestWorld,
  T,
} from '../contest-kit.js';
import { api, newPage, type RunningServer } from '../harness.js';

/**
 * The training's focus-mode page (issue 23 §1 item 3; doc 1 §2.1 /training/{tid}/problem/{pid}/full-screen, doc 2
 * §2.2): a student opens the address directly, sees the problem in focus mode with the training's problem strip
 * (GET /api/get-full-screen-problem-list?tid=) and switches problems from the strip. Screenshots in English,
 * Chinese and at 375 px.
 */

const STUDENT = 'fs_student';
const PASSWORD = 'focusPass1';

const PROBLEMS: ProblemSpec[] = [
  { problemId: 'FS-SUM', title: 'Focus Sum', op: '+', samples: ['1 2', '3'], cases: [['5 7', '12']] },
  { problemId: 'FS-MUL', title: 'Focus Product', op: '*', samples: ['2 3', '6'], cases: [['4 5', '20']] },
];

let world: ContestWorld;
let server: RunningServer;
let student: Page;
let tid = 0;

beforeAll(async () => {
  world = await startContestWorld([STUDENT], PASSWORD, PROBLEMS);
  server = world.server;
  const token = world.rootToken;
  const cat = await api<{ id: number }>(server.base, 'POST', '/admin/training/category', {
    token,
    body: { name: 'Focus', color: '#2db7f5' },
  });
  const tr = await api<{ tid: number }>(server.base, 'POST', '/admin/training', {
    token,
    body: {
      training: { title: 'Focus Set', description: 'Two problems.', auth: 'Public' },
      trainingCategory: { id: cat.data.id },
    },
  });
  tid = tr.data.tid;
  for (const [i, p] of PROBLEMS.entries()) {
    const list = await api<{ records: { pid: number; problemId: string }[] }>(
      server.base,
      'GET',
      `/get-problem-list?keyword=${p.problemId}`,
      { token },
    );
    const pid = list.data.records.find((r) => r.problemId === p.problemId)?.pid;
    await api(server.base, 'POST', '/admin/training/add-problem-from-public', {
      token,
      body: { tid, pid, displayId: 'AB'[i] },
    });
  }
}, 240_000);

afterAll(() => stopContestWorld(world));

describe('training focus mode', () => {
  it('/training/{tid}/problem/{pid}/full-screen opens in focus mode; the strip switches problems', async () => {
    ({ page: student } = await newPage(world.browser, { width: 1440, height: 900 }));
    await signIn(server, student, STUDENT, PASSWORD);
    await student.goto(`${server.base}/training/${tid}/problem/A/full-screen`);
    await student.getByTestId('focus-mode').waitFor(T);
    await expect.poll(() => student.getByTestId('problem-title').textContent(), T).toContain('Focus Sum');
    const items = student.getByTestId('focus-strip-item');
    await expect
      .poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-problem'))), T)
      .toEqual(['A', 'B']);
    expect(await items.first().getAttribute('aria-current')).toBe('page');
    await expect.poll(() => student.getByTestId('submit-code').isEnabled(), T).toBe(true);
    await shootThreeWays(student, 'training-full-screen', async () => {
      await student.getByTestId('focus-problem-strip').waitFor(T);
    });
    await student.setViewportSize({ width: 1440, height: 900 });
    await items.filter({ hasText: 'Focus Product' }).click();
    await student.waitForURL(new RegExp(`/training/${tid}/problem/B/full-screen$`));
    await expect.poll(() => student.getByTestId('problem-title').textContent(), T).toContain('Focus Product');
    await expect.poll(() => items.nth(1).getAttribute('aria-current'), T).toBe('page');
    // Leaving focus mode shows the training page around the problem.
    await student.getByTestId('focus-toggle').click();
    await expect.poll(() => student.getByTestId('focus-mode').count(), T).toBe(0);
  }, 300_000);
});
