import fs from 'node:fs';
import dayjs from 'dayjs';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPublicProblems,
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
 * The contest helpers of issue 10 §1 in a running ACM contest, in the browser, with the REAL judge: root creates a
 * contest with printing open; while a participant has the contest open, root posts an announcement in the back
 * office and the participant gets it as a notification without reloading (the page's own 60 s check: the test
 * waits for it, no shortcut); the participant solves a problem and sends a print job (the 50-character rule and
 * the 30 s throttle shown on the page); root sees the AC on the AC info tab with the balloon colour and first
 * blood and marks the balloon, marks the print job printed and downloads it; root (super admin) rejudges the
 * problem from the Rejudge tab and the submission is judged again; root downloads the AC submissions zip from the
 * back office. Screenshots of every new page in English, Chinese and at 375 px go to e2e/screenshots/.
 */

const USERS = ['ops_alice', 'ops_bob'] as const;
const PASSWORD = 'opsPass1234';
const TITLE = 'Ops Cup';
const BALLOON = '#ff4d4f';
const PROBLEMS: ProblemSpec[] = [
  { problemId: 'OPS-SUM', title: 'Ops Sum', op: '+', samples: ['1 2', '3'], cases: [['5 7', '12']] },
  { problemId: 'OPS-MUL', title: 'Ops Product', op: '*', samples: ['2 3', '6'], cases: [['4 5', '20']] },
];
const NOTICE_TITLE = 'Problem A clarified';
/** The page checks for announcements every 60 s: a notice arrives at most one interval (plus a margin) later. */
const NOTICE = { timeout: 80_000, interval: 1000 };
const PRINT_TEXT = [
  '#include <iostream>',
  'int main() { long long a, b; std::cin >> a >> b; std::cout << a + b; }',
  '// please print this for team ops_alice',
].join('\n');

let world: ContestWorld;
let server: RunningServer;
let rootToken: string;
let root: Page;
let alice: Page;
let bob: Page;
let cid = 0;

/** Waits until `p` shows no loading spinner or skeleton, and their fade-out is over (before a screenshot). */
async function settled(p: Page): Promise<void> {
  await expect.poll(() => p.locator('.ant-spin-spinning, .ant-spin-blur, .ant-skeleton').count(), T).toBe(0);
  await p.waitForTimeout(500);
}

/** The contest's submissions of `username` as root sees them (newest first). */
async function submissionsOf(username: string) {
  const r = await api<{ records: { submitId: number; status: number; displayPid?: string }[] }>(
    server.base,
    'GET',
    `/contest-submissions?cid=${cid}&username=${username}&currentPage=1&limit=20`,
    { token: rootToken },
  );
  return r.data.records;
}

/** Submission `submitId` as the detail page reads it: status, judge version and end of judging. */
async function detail(submitId: number) {
  const r = await api<{ submission: { status: number; version: number; judgeEnd: string | null } }>(
    server.base,
    'GET',
    `/get-submission-detail?submitId=${submitId}`,
    { token: rootToken },
  );
  return r.data.submission;
}

beforeAll(async () => {
  world = await startContestWorld(USERS, PASSWORD, PROBLEMS);
  ({ server, rootToken } = world);
}, 240_000);

afterAll(() => stopContestWorld(world));

describe('contest operations', () => {
  it('root creates a running ACM contest with printing open and two problems, A with a red balloon', async () => {
    root = await rootAdminPage(world.browser, server);
    await root.goto(`${server.base}/admin/contest/create`);
    await root.getByTestId('contest-title-input').fill(TITLE);
    await root.getByTestId('contest-description').fill('Two problems. Printing is **open**.');
    await pickTime(root, 'contest-start', dayjs().subtract(2, 'minute'));
    await pickTime(root, 'contest-end', dayjs().add(2, 'hour'));
    await root.getByTestId('open-rank').click();
    await root.getByTestId('open-print').click();
    await root.getByTestId('contest-save').click();
    await root.waitForURL(/\/admin\/contest\/\d+\/problems$/);
    cid = Number(/contest\/(\d+)\/problems/.exec(root.url())?.[1]);
    expect(cid).toBeGreaterThan(0);
    await addPublicProblems(root, PROBLEMS, 'AB');
    // Contest-only from here on, as problems made inside a contest are (issue 23 §1).
    await makeContestOnly(server, rootToken, PROBLEMS);

    // The balloon colour of A (set through the API: the colour dialog is not what this test is about).
    const problems = await api<{ pid: number; displayId: string }[]>(
      server.base,
      'GET',
      `/get-contest-problem?cid=${cid}`,
      { token: rootToken },
    );
    const a = problems.data.find((p) => p.displayId === 'A');
    const link = await api<{ id: number; displayId: string; displayTitle: string }>(
      server.base,
      'GET',
      `/admin/contest/contest-problem?cid=${cid}&pid=${a?.pid}`,
      { token: rootToken },
    );
    await api(server.base, 'PUT', '/admin/contest/contest-problem', {
      token: rootToken,
      body: { ...link.data, color: BALLOON },
    });
    const info = await api<{ openPrint: boolean; status: number }>(
      server.base,
      'GET',
      `/get-contest-info?cid=${cid}`,
      { token: rootToken },
    );
    expect(info.data).toMatchObject({ openPrint: true, status: 0 });
  }, 300_000);

  it('root posts an announcement and the participant, with the contest open, is notified without reloading', async () => {
    ({ page: alice } = await newPage(world.browser));
    await signIn(server, alice, USERS[0], PASSWORD);
    // The contest page asks for unread announcements as it opens; the next time is 60 s later.
    const firstCheck = alice.waitForResponse((r) =>
      r.url().includes('/api/get-contest-not-read-announcement'),
    );
    await alice.goto(`${server.base}/contest/${cid}`);
    expect((await (await firstCheck).json()).data).toEqual([]);
    await alice.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    // Root writes it in the back office: contest list -> announcements of the contest -> Create.
    await root.goto(`${server.base}/admin/contest`);
    const row = root.getByTestId('admin-contest-table').locator('.ant-table-row').filter({ hasText: TITLE });
    await row.getByTestId('contest-announcements-link').click();
    await root.waitForURL(new RegExp(`/admin/contest/${cid}/announcement$`));
    await root.getByTestId('create-contest-announcement').click();
    const dialog = root.locator('.ant-modal-content').filter({ hasText: 'Create announcement' });
    await dialog.locator('input').first().fill(NOTICE_TITLE);
    await dialog.locator('textarea').fill('Input numbers fit in **64-bit** integers.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const table = root.getByTestId('contest-announcement-table');
    await expect.poll(() => table.locator('.ant-table-row').count(), T).toBe(1);

    // Within one interval the notice appears on the page alice has open; the page was never reloaded.
    const notice = alice.locator('.oj-announcement-notice');
    await expect.poll(() => notice.count(), NOTICE).toBe(1);
    expect(await notice.textContent()).toContain(`New announcement: ${NOTICE_TITLE}`);
    expect(
      await alice.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    await alice.waitForTimeout(800); // the notice slides in
    await shot(alice, 'contest-ops-notice-en');

    // Reading it (the notice's link) opens the Announcements tab and marks it read in this browser.
    await notice.getByTestId('announcement-notice-view').click();
    await alice.waitForURL(new RegExp(`/contest/${cid}/announcements$`));
    const item = alice.getByTestId('contest-announcement');
    await expect.poll(() => item.count(), T).toBe(1);
    expect(await item.locator('strong').textContent()).toBe('64-bit');
    const stored = await alice.evaluate(() => localStorage.getItem('contest-announcement'));
    const aid = (
      await api<{ records: { id: number }[] }>(
        server.base,
        'GET',
        `/get-contest-announcement?cid=${cid}&currentPage=1&limit=10`,
        { token: rootToken },
      )
    ).data.records[0]?.id;
    expect(JSON.parse(stored ?? '[]')).toEqual([[cid, [aid]]]);
    // Read: opening the contest again asks with its id and shows no notice.
    const recheck = alice.waitForRequest((r) => r.url().includes('/api/get-contest-not-read-announcement'));
    await alice.goto(`${server.base}/contest/${cid}`);
    expect((await recheck).postDataJSON()).toEqual({ cid, readAnnouncementList: [aid] });
    await alice.waitForTimeout(1000);
    expect(await alice.locator('.oj-announcement-notice').count()).toBe(0);

    await alice.goto(`${server.base}/contest/${cid}/announcements`);
    const announcementsShown = async () => {
      await expect.poll(() => alice.getByTestId('contest-announcement').count(), T).toBe(1);
      await settled(alice);
    };
    await announcementsShown();
    await shootThreeWays(alice, 'contest-ops-announcements', announcementsShown);
    const adminListShown = async () => {
      await expect.poll(() => table.locator('.ant-table-row').count(), T).toBe(1);
      await settled(root);
    };
    await adminListShown();
    await shootThreeWays(root, 'contest-ops-admin-announcements', adminListShown);
  }, 300_000);

  it('the participant solves A with the real judge and sends a print job; the page enforces 50 characters and shows the 30 s limit', async () => {
    await solveInContest(server, alice, cid, 'A', cppCode('+'), 0);

    await alice.goto(`${server.base}/contest/${cid}`);
    await alice.getByTestId('contest-tab-print').click();
    await alice.waitForURL(new RegExp(`/contest/${cid}/print$`));
    const box = alice.getByTestId('print-content');
    await box.fill('too short to print');
    await alice.getByTestId('print-submit').click();
    await expect
      .poll(() => alice.locator('.ant-form-item-explain-error').textContent(), T)
      .toBe('The number of content cannot be less than 50');
    expect(await alice.getByTestId('print-result').count()).toBe(0);

    await box.fill(PRINT_TEXT);
    await alice.getByTestId('print-submit').click();
    const result = alice.getByTestId('print-result');
    await expect.poll(() => result.getAttribute('data-ok'), T).toBe('true');
    expect(await box.inputValue()).toBe('');

    // A second job at once: the server's throttle, shown where the participant looks.
    await box.fill(`${PRINT_TEXT}\n// again`);
    await alice.getByTestId('print-submit').click();
    await expect.poll(() => result.getAttribute('data-ok'), T).toBe('false');
    expect(await result.textContent()).toContain('One print job every 30 seconds');
    await shot(alice, 'contest-ops-print-throttled-en');
    await settled(alice);
    await shootThreeWays(alice, 'contest-ops-print', async () => {
      await alice.getByTestId('print-content').waitFor();
      await settled(alice);
    });

    // A second participant solves A later: no first blood for him.
    ({ page: bob } = await newPage(world.browser));
    await signIn(server, bob, USERS[1], PASSWORD);
    await solveInContest(server, bob, cid, 'A', cppCode('+'), 0);
    // Participants have no admin tabs; typing the address shows a refusal, not a raw server error.
    await bob.goto(`${server.base}/contest/${cid}/ac-info`);
    await expect.poll(() => bob.locator('.ant-result-403').count(), T).toBe(1);
    expect(await bob.getByTestId('contest-tab-ac-info').count()).toBe(0);
    expect(await bob.getByTestId('contest-tab-print').count()).toBe(1);
  }, 600_000);

  it('root marks the balloon on AC info, marks the print job printed and downloads it', async () => {
    await root.goto(`${server.base}/contest/${cid}`);
    await root.getByTestId('contest-tab-ac-info').click();
    const rows = root.getByTestId('ac-info-table').locator('.ant-table-row');
    await expect.poll(() => rows.count(), T).toBe(2);
    expect(await rows.getByTestId('ac-info-user').allTextContents()).toEqual([USERS[0], USERS[1]]);
    const aliceRow = rows.filter({ hasText: USERS[0] });
    expect(await aliceRow.getByTestId('first-blood').count()).toBe(1);
    expect(await rows.filter({ hasText: USERS[1] }).getByTestId('first-blood').count()).toBe(0);
    expect(await aliceRow.getByTestId('balloon-id').textContent()).toBe('A');
    expect(await aliceRow.locator('[data-color]').getAttribute('data-color')).toBe(BALLOON);
    // Root wrote the announcement: it counts as read for him, without a notice.
    expect(await root.locator('.oj-announcement-notice').count()).toBe(0);
    await settled(root);
    await shootThreeWays(root, 'contest-ops-ac-info', async () => {
      await expect.poll(() => rows.count(), T).toBe(2);
      await settled(root);
    });

    await root
      .getByTestId('ac-info-table')
      .locator('.ant-table-row')
      .filter({ hasText: USERS[0] })
      .getByTestId('ac-info-check')
      .click();
    // Checked: alice's balloon goes below bob's, which is still to deliver.
    await expect
      .poll(() => rows.getByTestId('ac-info-user').allTextContents(), T)
      .toEqual([USERS[1], USERS[0]]);
    expect(await rows.nth(1).getAttribute('data-checked')).toBe('true');
    expect(await rows.nth(0).getAttribute('data-checked')).toBe('false');

    await root.getByTestId('contest-tab-admin-print').click();
    const jobs = root.getByTestId('admin-print-table').locator('.ant-table-row');
    await expect.poll(() => jobs.count(), T).toBe(1);
    expect(await jobs.getByTestId('print-user').textContent()).toBe(USERS[0]);
    expect(await jobs.getByTestId('print-status').getAttribute('data-status')).toBe('waiting');
    const [download] = await Promise.all([
      root.waitForEvent('download'),
      jobs.getByTestId('print-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^print_\d+_ops_alice\.txt$/);
    const text = fs.readFileSync((await download.path()) as string, 'utf8');
    const lines = text.split('\n');
    expect(lines[0]).toBe(`Username: ${USERS[0]}`);
    expect(lines[1]).toBe('Real name: ');
    expect(Number.isNaN(Date.parse(lines[2]?.replace(/^Time: /, '') ?? ''))).toBe(false);
    expect(lines[2]).toMatch(/^Time: \d{4}-\d\d-\d\dT/);
    expect(text.endsWith(PRINT_TEXT)).toBe(true);
    await jobs.getByTestId('print-mark').click();
    await expect.poll(() => jobs.getByTestId('print-status').getAttribute('data-status'), T).toBe('printed');
    expect(await jobs.getByTestId('print-mark').count()).toBe(0);
    await settled(root);
    await shootThreeWays(root, 'contest-ops-admin-print', async () => {
      await expect.poll(() => jobs.count(), T).toBe(1);
      await settled(root);
    });
  }, 300_000);

  it('root rejudges problem A from the Rejudge tab: both submissions are judged again and the board follows', async () => {
    const [before] = await submissionsOf(USERS[0]);
    const was = await detail(before?.submitId ?? 0);
    expect(was.status).toBe(0);

    await root.goto(`${server.base}/contest/${cid}/rejudge`);
    const rowA = root.getByTestId('rejudge-table').locator('.ant-table-row').filter({ hasText: 'Ops Sum' });
    await rowA.waitFor();
    await settled(root);
    await shootThreeWays(root, 'contest-ops-rejudge', async () => {
      await expect.poll(() => root.getByTestId('rejudge-table').locator('.ant-table-row').count(), T).toBe(2);
      await settled(root);
    });
    await rowA.getByTestId('rejudge-all').click();
    const confirm = root.locator('.ant-popconfirm:visible');
    expect(await confirm.textContent()).toContain('Rejudge every submission of problem A?');
    await confirm.getByRole('button', { name: 'Rejudge All' }).click();
    await expect
      .poll(() => root.locator('.ant-message-notice').last().textContent(), T)
      .toBe('Rejudged successfully: 2 submissions sent back to the judge');
    // Issue 28: the tab shows how far the rejudge is, from the server's count: both judged again in the end.
    await root.locator('[data-testid=job-progress][data-state=done]').waitFor({ timeout: JUDGE.timeout });
    expect(await root.getByTestId('job-progress').textContent()).toContain('Judged again: 2 of 2');
    await shot(root, 'contest-ops-rejudge-progress-en');

    // Judged again: a new judge version, a later end of judging, Accepted once more.
    await expect
      .poll(async () => {
        const d = await detail(before?.submitId ?? 0);
        return (
          d.version > was.version &&
          d.status === 0 &&
          d.judgeEnd !== null &&
          d.judgeEnd > (was.judgeEnd ?? '')
        );
      }, JUDGE)
      .toBe(true);
    await root.goto(`${server.base}/contest/${cid}/rank`);
    await expect.poll(() => cellClasses(root, USERS[0]), JUDGE).toEqual(['first-ac', '']);
  }, 300_000);

  it('root downloads the AC submissions of the contest from the back office as a zip', async () => {
    await root.goto(`${server.base}/admin/contest`);
    const row = root.getByTestId('admin-contest-table').locator('.ant-table-row').filter({ hasText: TITLE });
    await row.getByTestId('contest-ac-download').click();
    const dialog = root.locator('.ant-modal-content').filter({ has: root.getByTestId('ac-download-dialog') });
    await dialog.waitFor();
    expect(await dialog.getByTestId('ac-download-exclude-admin').getAttribute('aria-checked')).toBe('true');
    await settled(root);
    await shootThreeWays(root, 'contest-ops-admin-contest-list', async () => {
      await root.getByTestId('admin-contest-table').locator('.ant-table-row').first().waitFor();
      await settled(root);
    });
    await root
      .getByTestId('admin-contest-table')
      .locator('.ant-table-row')
      .filter({ hasText: TITLE })
      .getByTestId('contest-ac-download')
      .click();
    await dialog.waitFor();
    await dialog.getByText('Problem (a folder per problem)').click();
    await root.waitForTimeout(300);
    await shot(root, 'contest-ops-ac-download-en');
    const [download] = await Promise.all([
      root.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`contest_${cid}_ac_submissions.zip`);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path()) as string)));
    expect(Object.keys(files).sort()).toEqual(['A/ops_alice.cpp', 'A/ops_bob.cpp']);
    const code = new TextDecoder().decode(files['A/ops_alice.cpp']);
    expect(code).toContain('std::cout<<a+b');
    await expect.poll(() => dialog.isVisible(), T).toBe(false);
  }, 300_000);
});
