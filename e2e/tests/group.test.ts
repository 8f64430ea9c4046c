import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dayjs from 'dayjs';
import { zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContestWorld,
  cppCode,
  JUDGE,
  pickTime,
  rootAdminPage,
  shootThreeWays,
  signIn,
  solveInContest,
  startContestWorld,
  stopContestWorld,
  T,
} from '../contest-kit.js';
import { api, newPage, pickLanguage, type RunningServer, shot } from '../harness.js';

/**
 * A class run entirely inside a group (issue 13), tried as a new user would: root lets ordinary users create groups
 * (the site's group setting) and adds a training category; a teacher creates a protected group in the form; two
 * students apply with reasons; the teacher accepts one and refuses the other; adds a group problem through the
 * problem form in the group's scope with its test data as a zip, a group training with it, and a running group
 * contest with it; the accepted student solves it in the contest with the REAL embedded judge and appears on the
 * group rank; the refused student sees none of it (group pages refuse, the problem is not in the public list, direct
 * addresses fail). Finally the teacher applies to make the problem public and root approves it on the examine page.
 * Screenshots in English, Chinese and at 375 px.
 */

const TEACHER = 'gr_teacher';
const ACCEPTED = 'gr_alice';
const REFUSED = 'gr_bob';
const PASSWORD = 'groupPass123';
const GROUP = 'Algorithms 101';
const SHORT = 'CLASS';
const CODE = 'K7q2Zx';
const PROBLEM = `${SHORT}1001`;
const TRAINING = 'Week 1 warm-up';
const CONTEST = 'Class contest 1';
const CASES: [string, string][] = [
  ['1 2', '3'],
  ['5 7', '12'],
  ['100 -1', '99'],
];

let world: ContestWorld;
let server: RunningServer;
let teacher: Page;
let alice: Page;
let bob: Page;
let gid = 0;
let tid = 0;
let cid = 0;

const url = (p: string) => `${server.base}${p}`;

/** A zip of the test cases as the problem form's upload takes it: 1.in / 1.out … */
function casesZip(): string {
  const files: Record<string, Uint8Array> = {};
  for (const [i, [input, output]] of CASES.entries()) {
    files[`${i + 1}.in`] = new TextEncoder().encode(`${input}\n`);
    files[`${i + 1}.out`] = new TextEncoder().encode(`${output}\n`);
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'oj-group-')), 'cases.zip');
  fs.writeFileSync(file, zipSync(files));
  return file;
}

/** Screenshots in English, Chinese and at 375 px, each once `ready` (run first on the current page too) is done. */
async function shoot(p: Page, name: string, ready: () => Promise<void>): Promise<void> {
  await ready();
  await shootThreeWays(p, name, ready);
}

/** The form error under the field labelled `label` (antd Form.Item). */
const fieldError = (p: Page, label: string) =>
  p
    .locator('.ant-form-item')
    .filter({ has: p.locator('label', { hasText: label }) })
    .locator('.ant-form-item-explain-error');

beforeAll(async () => {
  world = await startContestWorld([TEACHER, ACCEPTED, REFUSED], PASSWORD, []);
  server = world.server;
  // The site's settings (System Config "group", "discussion"): ordinary users need no accepted problem to create a
  // group or to post (group posts follow the site's posting rules).
  await api(server.base, 'PUT', '/admin/switch/update', {
    token: world.rootToken,
    body: { defaultCreateGroupACInitValue: 0, defaultCreateDiscussionACInitValue: 0 },
  });
  // Training categories are the site's (a group training picks one).
  await api(server.base, 'POST', '/admin/training/category', {
    token: world.rootToken,
    body: { name: 'Class', color: '#409EFF' },
  });
}, 240_000);

afterAll(() => stopContestWorld(world));

describe('groups', () => {
  it('a teacher creates a protected group in the form', async () => {
    ({ page: teacher } = await newPage(world.browser));
    await signIn(server, teacher, TEACHER, PASSWORD);
    await teacher.goto(url('/group'));
    await teacher.getByTestId('group-create-open').click();
    const dialog = teacher.locator('.ant-modal-content').filter({ has: teacher.getByTestId('group-form') });
    await dialog.getByTestId('group-form-name').fill('Alg');
    await dialog.getByTestId('group-form-short-name').fill(SHORT);
    await dialog.getByTestId('group-form-brief').fill('Our weekly algorithms class');
    await dialog.getByTestId('group-form-auth').getByText('Protected', { exact: true }).click();
    await dialog
      .getByTestId('group-form-description')
      .fill('Problems, trainings and contests of the **class**.');
    await teacher.getByTestId('group-create-submit').click();
    // The form's own checks (doc 3 §5): a name of 5-25 characters, the 6-character code of a non-public group.
    await expect
      .poll(() => fieldError(teacher, 'Name').textContent(), T)
      .toBe('Name must have 5 to 25 characters');
    await expect
      .poll(() => fieldError(teacher, 'Invitation code').textContent(), T)
      .toBe('Invitation code is required');
    await dialog.getByTestId('group-form-name').fill(GROUP);
    await dialog.getByTestId('group-form-code').fill(CODE);
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').count(), T).toBe(0);
    await shot(teacher, 'group-create-en');
    await teacher.getByTestId('group-create-submit').click();
    await teacher.waitForURL(/\/group\/\d+$/);
    gid = Number(/group\/(\d+)$/.exec(teacher.url())?.[1]);
    expect(gid).toBeGreaterThan(0);
    await expect.poll(() => teacher.getByTestId('group-name').textContent(), T).toBe(GROUP);
    await expect.poll(() => teacher.getByTestId('group-auth-tag').first().textContent(), T).toBe('Protected');
    // The owner is its root: the admin tabs show, and Disband instead of Exit.
    await teacher.getByTestId('group-tab-setting').waitFor();
    await teacher.getByTestId('group-disband').waitFor();
    expect(await teacher.getByTestId('group-exit').count()).toBe(0);
    await shoot(teacher, 'group-home-owner', async () => {
      await teacher.getByTestId('group-side-card').waitFor();
    });
    await teacher.goto(url('/group'));
    await shoot(teacher, 'group-create-dialog', async () => {
      await teacher.getByTestId('group-card').first().waitFor();
      await teacher.getByTestId('group-create-open').click();
      await teacher.getByTestId('group-form').waitFor();
      await teacher.waitForTimeout(300);
    });
  }, 300_000);

  it('two students find the group and apply with reasons', async () => {
    for (const [who, reason] of [
      [ACCEPTED, 'I am in the Monday class.'],
      [REFUSED, 'Please let me join too.'],
    ] as const) {
      const { page } = await newPage(world.browser);
      await signIn(server, page, who, PASSWORD);
      await page.goto(url('/group'));
      await page.getByTestId('group-card').filter({ hasText: GROUP }).click();
      await page.waitForURL(new RegExp(`/group/${gid}$`));
      // Not a member: every tab but the home is disabled, and Apply is offered.
      await expect.poll(() => page.locator('.ant-tabs-tab-disabled').count(), T).toBeGreaterThanOrEqual(5);
      await page.getByTestId('group-apply').click();
      await page.getByTestId('group-apply-reason').fill('hi');
      await page.getByTestId('group-apply-submit').click();
      await expect
        .poll(() => fieldError(page, 'Reason').textContent(), T)
        .toBe('Reason must have 5 to 100 characters');
      await page.getByTestId('group-apply-reason').fill(reason);
      await page.getByTestId('group-apply-submit').click();
      await page.getByTestId('group-applying').waitFor();
      if (who === ACCEPTED) {
        alice = page;
        await shoot(page, 'group-home-applying', async () => {
          await page.getByTestId('group-applying').waitFor();
        });
      } else bob = page;
    }
    await bob.goto(url('/group'));
    await shoot(bob, 'group-list', async () => {
      await bob.getByTestId('group-card').first().waitFor();
    });
  }, 300_000);

  it('the teacher accepts one application and refuses the other', async () => {
    await teacher.goto(url(`/group/${gid}/member`));
    await teacher.getByTestId('group-member-admin').click();
    const applications = teacher.getByTestId('group-applications');
    const row = (name: string) => applications.locator('.ant-table-row').filter({ hasText: name });
    await expect.poll(() => applications.locator('.ant-table-row').count(), T).toBe(2);
    await row(ACCEPTED).getByTestId('group-view-reason').click();
    await expect
      .poll(() => teacher.getByTestId('group-reason-text').textContent(), T)
      .toBe('I am in the Monday class.');
    await teacher.locator('.ant-modal-close:visible').click();
    await expect.poll(() => teacher.getByTestId('group-reason-text').isVisible(), T).toBe(false);
    await row(ACCEPTED).getByTestId('group-accept').click();
    await expect.poll(() => row(ACCEPTED).count(), T).toBe(0);
    await row(REFUSED).getByTestId('group-refuse').click();
    await expect.poll(() => row(REFUSED).getByTestId('group-refuse').count(), T).toBe(0);
    const members = teacher.getByTestId('group-members');
    await expect.poll(() => members.locator('.ant-table-row').count(), T).toBe(2);
    // The owner's own row: its level select is disabled; Alice's is not, and offers every level to the owner.
    const own = members.locator('.ant-table-row').filter({ hasText: TEACHER });
    await expect.poll(() => own.locator('.ant-select-disabled').count(), T).toBe(1);
    const aliceRow = members.locator('.ant-table-row').filter({ hasText: ACCEPTED });
    expect(await aliceRow.locator('.ant-select-disabled').count()).toBe(0);
    await shoot(teacher, 'group-member-admin', async () => {
      const toggle = teacher.getByTestId('group-member-admin');
      if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
      await expect.poll(() => members.locator('.ant-table-row').count(), T).toBe(2);
    });

    await alice.goto(url(`/group/${gid}`));
    await alice.getByTestId('group-exit').waitFor();
    await bob.goto(url(`/group/${gid}`));
    await bob.getByTestId('group-refused').waitFor();
    await alice.goto(url(`/group/${gid}/member`));
    await expect
      .poll(() => alice.getByTestId('group-member-list').locator('.ant-table-row').count(), T)
      .toBe(2);
    // A plain member has no Member Admin switch.
    expect(await alice.getByTestId('group-member-admin').count()).toBe(0);
    await shoot(alice, 'group-members', async () => {
      await alice.getByTestId('group-member-list').locator('.ant-table-row').first().waitFor();
    });
  }, 300_000);

  it('the teacher adds a group problem with its test data through the problem form', async () => {
    await teacher.goto(url(`/group/${gid}/problem`));
    await teacher.getByTestId('group-problem-create').click();
    await teacher.getByTestId('problem-form').waitFor();
    await teacher.getByTestId('problem-id').fill('1001');
    await teacher.getByTestId('problem-title').fill('Class Sum');
    await teacher.getByTestId('problem-description').fill('Print the sum of **a** and **b**.');
    await teacher.getByTestId('problem-input').fill('Two integers a and b.');
    await teacher.getByTestId('problem-output').fill('Their sum.');
    await teacher.getByTestId('problem-languages').getByText('C++', { exact: true }).click();
    await teacher.getByText('Zip upload', { exact: true }).click();
    await teacher.locator('input[type=file][accept=".zip"]').setInputFiles(casesZip());
    await expect
      .poll(() => teacher.locator('.ant-message-notice').last().textContent(), T)
      .toContain('Uploaded: 3 test cases');
    await shot(teacher, 'group-problem-form-en');
    await teacher.getByTestId('problem-save').click();
    await teacher.waitForURL(/\/group\/\d+\/problem\?view=admin$/);
    const adminRow = teacher.locator('.ant-table-row').filter({ hasText: PROBLEM });
    await adminRow.waitFor();
    await adminRow.getByTestId('group-apply-public').waitFor();
    await shoot(teacher, 'group-problem-admin', async () => {
      await teacher.locator('.ant-table-row').filter({ hasText: PROBLEM }).waitFor();
    });
    await teacher.goto(url(`/group/${gid}/problem?view=create`));
    await shoot(teacher, 'group-problem-create', async () => {
      await teacher.getByTestId('problem-form').waitFor();
    });
    // The stored test data came from the zip: three cases, read back through the group's call.
    const token = (await teacher.evaluate(() => localStorage.getItem('token'))) ?? '';
    const rows = await api<{ records: { id: number; problemId: string }[] }>(
      server.base,
      'GET',
      `/group/get-admin-problem-list?gid=${gid}`,
      { token },
    );
    const pid = rows.data.records.find((r) => r.problemId === PROBLEM)?.id ?? 0;
    const cases = await api<unknown[]>(server.base, 'GET', `/group/get-problem-cases?pid=${pid}`, { token });
    expect(cases.data).toHaveLength(3);
  }, 300_000);

  it('the teacher makes a group training with that problem', async () => {
    await teacher.goto(url(`/group/${gid}/training`));
    await teacher.getByTestId('group-training-create').click();
    await teacher.getByTestId('training-form-title').fill(TRAINING);
    await teacher.getByTestId('training-form-category').click();
    await teacher
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Class' })
      .click();
    await teacher.getByTestId('training-form-description').fill('Start **here**.');
    await teacher.getByTestId('training-form-save').click();
    await teacher.waitForURL(/\/group\/\d+\/training\?view=problems&tid=\d+$/);
    tid = Number(/tid=(\d+)/.exec(teacher.url())?.[1]);
    await teacher.getByTestId('training-add-group').click();
    await teacher.getByTestId('training-add-group-id').fill(PROBLEM);
    await teacher.getByTestId('training-add-group-id').press('Enter');
    const table = teacher.getByTestId('training-admin-problems');
    await expect.poll(() => table.locator('.ant-table-row').count(), T).toBe(1);
    await shoot(teacher, 'group-training-problems', async () => {
      await expect.poll(() => table.locator('.ant-table-row').count(), T).toBe(1);
    });
  }, 300_000);

  it('the teacher runs a group contest with it', async () => {
    await teacher.goto(url(`/group/${gid}/contest`));
    await teacher.getByTestId('group-contest-create').click();
    await teacher.getByTestId('contest-title-input').fill(CONTEST);
    await teacher.getByTestId('contest-description').fill('One problem. **Good luck!**');
    await pickTime(teacher, 'contest-start', dayjs().subtract(2, 'minute'));
    await pickTime(teacher, 'contest-end', dayjs().add(2, 'hour'));
    await teacher.getByTestId('contest-save').click();
    await teacher.waitForURL(/\/group\/\d+\/contest\?view=problems&cid=\d+$/);
    cid = Number(/cid=(\d+)/.exec(teacher.url())?.[1]);
    await teacher.getByTestId('open-add-group').click();
    await teacher.getByTestId('contest-add-group-id').fill(PROBLEM);
    await teacher.getByTestId('contest-add-group-display-id').fill('A');
    await teacher.getByTestId('contest-add-group-submit').click();
    const table = teacher.getByTestId('contest-problem-table');
    await expect.poll(() => table.locator('.ant-table-row').count(), T).toBe(1);
    await shoot(teacher, 'group-contest-problems', async () => {
      await expect.poll(() => table.locator('.ant-table-row').count(), T).toBe(1);
    });
    await teacher.goto(url(`/group/${gid}/contest?view=admin`));
    await shoot(teacher, 'group-contest-admin', async () => {
      await teacher.getByTestId('admin-contest-table').locator('.ant-table-row').first().waitFor();
    });
  }, 300_000);

  it('the teacher posts an announcement and the members discuss in the group', async () => {
    await teacher.goto(url(`/group/${gid}/announcement`));
    await teacher.getByTestId('group-announcement-create').click();
    const modal = teacher.locator('.ant-modal-content:visible');
    await modal.locator('input').first().fill('Welcome to the class');
    await modal.locator('textarea').first().fill('Contest 1 runs **today**.');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    const table = teacher.getByTestId('group-announcements');
    await expect.poll(() => table.locator('.ant-table-row').count(), T).toBe(1);
    await shoot(teacher, 'group-announcements', async () => {
      await teacher.getByTestId('group-announcements').locator('.ant-table-row').first().waitFor();
    });
    await teacher.goto(url(`/group/${gid}/setting`));
    await shoot(teacher, 'group-setting', async () => {
      await teacher.getByTestId('group-form-name').waitFor();
    });

    await alice.goto(url(`/group/${gid}`));
    await alice.getByTestId('announcement-panel').getByText('Welcome to the class').waitFor();
    await shoot(alice, 'group-home-member', async () => {
      await alice.getByTestId('announcement-panel').getByText('Welcome to the class').waitFor();
    });
    await alice.goto(url(`/group/${gid}/discussion`));
    await alice.getByTestId('post-discussion').click();
    const editor = alice.getByTestId('discussion-editor');
    await editor.getByTestId('discussion-editor-title').fill('Question about Class Sum');
    await editor.getByTestId('discussion-editor-description').fill('Negative numbers?');
    await editor.getByTestId('discussion-editor-category').click();
    await alice.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await editor.getByTestId('discussion-editor-content').fill('May **a** be negative?');
    await alice.getByTestId('discussion-editor-submit').click();
    await alice.waitForURL(new RegExp(`/group/${gid}/discussion-detail/\\d+$`));
    await expect
      .poll(() => alice.getByTestId('discussion-detail-title').textContent(), T)
      .toContain('Question about Class Sum');
    await shoot(alice, 'group-discussion-detail', async () => {
      await alice.getByTestId('discussion-content').waitFor();
    });
    await alice.goto(url(`/group/${gid}/discussion`));
    await shoot(alice, 'group-discussions', async () => {
      await alice.getByTestId('discussion-card').first().waitFor();
    });
    // The group's discussion is not among the site's.
    const token = (await alice.evaluate(() => localStorage.getItem('token'))) ?? '';
    const site = await api<{ records: { title: string }[] }>(server.base, 'GET', '/get-discussion-list', {
      token,
    });
    expect(site.data.records.map((r) => r.title)).not.toContain('Question about Class Sum');
  }, 300_000);

  it('the teacher disables one discussion and pins another in Discussion Admin; members see the list change', async () => {
    // Two more questions from the student (newest first until something is pinned).
    const token = (await alice.evaluate(() => localStorage.getItem('token'))) ?? '';
    const cats = await api<{ id: number }[]>(server.base, 'GET', '/discussion-category');
    const posted: Record<string, number> = {};
    for (const title of ['Homework 2 hints', 'Selling answers cheap']) {
      const r = await api<{ id: number }>(server.base, 'POST', '/group/discussion', {
        token,
        body: { gid, title, description: 'See inside', categoryId: cats.data[0].id, content: 'Text' },
      });
      posted[title] = r.data.id;
    }
    const memberTitles = () => alice.getByTestId('discussion-title').allTextContents();
    await alice.goto(url(`/group/${gid}/discussion`));
    await expect
      .poll(memberTitles, T)
      .toEqual(['Selling answers cheap', 'Homework 2 hints', 'Question about Class Sum']);
    // Members have no Discussion Admin toggle.
    expect(await alice.getByTestId('group-discussion-admin').count()).toBe(0);

    await teacher.goto(url(`/group/${gid}/discussion`));
    await teacher.getByTestId('group-discussion-admin').click();
    await teacher.waitForURL(/view=admin/);
    const table = teacher.getByTestId('group-discussion-admin-table');
    const row = (title: string) => table.locator('.ant-table-row').filter({ hasText: title });
    await row('Selling answers cheap').waitFor();
    // Disable the spam.
    await row('Selling answers cheap').getByTestId('admin-discussion-status').click();
    await teacher
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Disabled' })
      .click();
    await expect
      .poll(() => row('Selling answers cheap').getByTestId('admin-discussion-status').textContent(), T)
      .toContain('Disabled');
    // Pin the first question.
    await row('Question about Class Sum').getByTestId('admin-discussion-top').click();
    await expect
      .poll(
        () =>
          row('Question about Class Sum').getByTestId('admin-discussion-top').getAttribute('aria-checked'),
        T,
      )
      .toBe('true');
    // The disabled one stays in the admin table (after the refetch too).
    await teacher.reload();
    await expect
      .poll(() => row('Selling answers cheap').getByTestId('admin-discussion-status').textContent(), T)
      .toContain('Disabled');
    await shoot(teacher, 'group-discussion-admin', async () => {
      await row('Question about Class Sum').waitFor();
      await expect.poll(() => table.locator('.ant-spin-spinning').count(), T).toBe(0);
    });

    // The member's list: without the disabled one, the pinned one first; the disabled one cannot be opened.
    await alice.goto(url(`/group/${gid}/discussion`));
    await expect.poll(memberTitles, T).toEqual(['Question about Class Sum', 'Homework 2 hints']);
    await alice.goto(url(`/group/${gid}/discussion-detail/${posted['Selling answers cheap']}`));
    await alice.locator('.ant-result').waitFor();
    expect(await alice.getByTestId('discussion-detail').count()).toBe(0);
    // The teacher still opens it from the table's view button.
    await teacher.goto(url(`/group/${gid}/discussion?view=admin`));
    await row('Selling answers cheap').getByTestId('admin-discussion-view').click();
    await teacher.waitForURL(
      new RegExp(`/group/${gid}/discussion-detail/${posted['Selling answers cheap']}$`),
    );
    await expect
      .poll(() => teacher.getByTestId('discussion-detail-title').textContent(), T)
      .toContain('Selling answers cheap');
  }, 300_000);

  it('the accepted student solves the problem in the contest and appears on the group rank', async () => {
    await alice.goto(url(`/group/${gid}/contest`));
    const row = alice.getByTestId('contest-row').filter({ hasText: CONTEST });
    await expect.poll(() => row.getByTestId('contest-status').textContent(), T).toBe('Running');
    await shoot(alice, 'group-contests', async () => {
      await alice.getByTestId('contest-row').first().waitFor();
    });
    await row.getByTestId('contest-title').click();
    await alice.waitForURL(new RegExp(`/contest/${cid}$`));
    await solveInContest(server, alice, cid, 'A', cppCode('+'), 0);
    await shot(alice, 'group-contest-problem-en');

    await alice.goto(url(`/group/${gid}/rank`));
    const rank = alice.getByTestId('group-rank-table');
    const mine = rank.locator('.ant-table-row').filter({ hasText: ACCEPTED });
    await expect.poll(() => mine.getByTestId('group-rank-ac').textContent(), T).toBe('1');
    await shoot(alice, 'group-rank', async () => {
      await alice.getByTestId('group-rank-table').locator('.ant-table-row').first().waitFor();
    });
    // The problem and the training inside the group.
    await alice.goto(url(`/group/${gid}/problem`));
    await alice
      .getByTestId('group-problem-list')
      .locator('.ant-table-row')
      .filter({ hasText: PROBLEM })
      .waitFor();
    await shoot(alice, 'group-problems', async () => {
      await alice.getByTestId('group-problem-list').locator('.ant-table-row').first().waitFor();
    });
    await alice.getByTestId('group-problem-link').first().click();
    await alice.waitForURL(new RegExp(`/group/${gid}/problem/${PROBLEM}$`));
    await alice.getByTestId('problem-statement').waitFor();
    // A practice submission inside the group (it carries the gid: the group's status lists it).
    await expect.poll(() => alice.locator('.cm-content').count(), T).toBe(1);
    await pickLanguage(alice, 'C++');
    await alice.locator('[data-testid="code-panel"] .cm-content').click();
    for (const [i, line] of cppCode('+').entries()) {
      if (i > 0) await alice.keyboard.press('Enter');
      await alice.keyboard.type(line);
    }
    await alice.getByTestId('submit-code').click();
    await expect.poll(() => alice.getByTestId('submit-status').getAttribute('data-status'), JUDGE).toBe('0');
    await shot(alice, 'group-problem-page-en');
    await alice.goto(url(`/group/${gid}/training`));
    await alice.getByTestId('group-training-list').getByText(TRAINING).click();
    await alice.waitForURL(new RegExp(`/group/${gid}/training/${tid}$`));
    await expect.poll(() => alice.getByTestId('training-heading').textContent(), T).toBe(TRAINING);
    // The tabs open once the access check is back (the introduction shows the description then).
    await expect.poll(() => alice.getByTestId('training-intro').textContent(), T).toContain('Start here');
    await alice.getByTestId('training-tab-problems').click();
    await expect
      .poll(() => alice.getByTestId('training-problems').locator('.ant-table-row').count(), T)
      .toBe(1);
    await shoot(alice, 'group-training', async () => {
      await alice.getByTestId('training-problems').locator('.ant-table-row').first().waitFor();
    });
    await alice.goto(url(`/group/${gid}/status`));
    await expect
      .poll(() => alice.getByTestId('status-table').locator('.ant-table-row').count(), T)
      .toBeGreaterThanOrEqual(1);
    await shoot(alice, 'group-status', async () => {
      await alice.getByTestId('status-table').locator('.ant-table-row').first().waitFor();
    });
  }, 600_000);

  it('the refused student sees none of it', async () => {
    await bob.goto(url(`/group/${gid}`));
    await bob.getByTestId('group-refused').waitFor();
    await shoot(bob, 'group-home-refused', async () => {
      await bob.getByTestId('group-refused').waitFor();
    });
    for (const p of [
      `/group/${gid}/problem`,
      `/group/${gid}/problem/${PROBLEM}`,
      `/group/${gid}/training`,
      `/group/${gid}/training/${tid}`,
      `/group/${gid}/contest`,
      `/group/${gid}/rank`,
      `/group/${gid}/member`,
      `/group/${gid}/discussion`,
    ]) {
      await bob.goto(url(p));
      await bob
        .getByTestId('group-members-only')
        .waitFor()
        .catch(async (e: Error) => {
          await shot(bob, 'group-refused-failure');
          throw new Error(`${p}: ${e.message}`);
        });
    }
    await bob.goto(url(`/group/${gid}/setting`));
    await bob.getByTestId('group-tab-unavailable').waitFor();
    // Outside the group: not in the public problem list, and its addresses fail.
    await bob.goto(url(`/problem?keyword=${PROBLEM}`));
    await bob.getByTestId('problem-table').waitFor();
    await expect.poll(() => bob.getByTestId('problem-link').count(), T).toBe(0);
    await bob.goto(url(`/problem/${PROBLEM}`));
    await bob.locator('.ant-result-404').waitFor();
    await bob.goto(url(`/training/${tid}`));
    await bob.locator('.ant-result-404').waitFor();
    await bob.goto(url(`/contest/${cid}`));
    await bob.locator('.ant-result-404').waitFor();
    await bob.goto(url('/contest'));
    await bob
      .getByTestId('contest-list')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    expect(await bob.getByTestId('contest-row').filter({ hasText: CONTEST }).count()).toBe(0);
    // Nor through the API.
    const token = (await bob.evaluate(() => localStorage.getItem('token'))) ?? '';
    await expect(api(server.base, 'GET', `/group/get-problem-list?gid=${gid}`, { token })).rejects.toThrow(
      /403/,
    );
    await expect(
      api(server.base, 'GET', `/get-problem-detail?problemId=${PROBLEM}`, { token }),
    ).rejects.toThrow();
  }, 300_000);

  it('the teacher applies to make the problem public and root approves it on the examine page', async () => {
    await teacher.goto(url(`/group/${gid}/problem?view=admin`));
    const row = teacher.locator('.ant-table-row').filter({ hasText: PROBLEM });
    await row.getByTestId('group-apply-public').click();
    await teacher.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect
      .poll(() => row.getByTestId('group-apply-public').textContent(), T)
      .toBe('Cancel application');

    const root = await rootAdminPage(world.browser, server);
    await root.goto(url('/admin/group-problem/apply'));
    const applied = root.getByTestId('group-problem-apply-table').locator('.ant-table-row').filter({
      hasText: PROBLEM,
    });
    await applied.getByTestId('group-problem-approve').waitFor();
    await shoot(root, 'admin-group-problem-apply', async () => {
      await root.getByTestId('group-problem-apply-table').locator('.ant-table-row').first().waitFor();
    });
    await applied.getByTestId('group-problem-approve').click();
    await root.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => applied.getByTestId('group-problem-approve').count(), T).toBe(0);
    // Now anyone may practise it from the main problem list.
    await bob.goto(url(`/problem?keyword=${PROBLEM}`));
    await expect.poll(() => bob.getByTestId('problem-link').count(), T).toBe(1);
  }, 300_000);
});
