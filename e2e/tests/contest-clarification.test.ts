import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContestWorld,
  makeContestOnly,
  type ProblemSpec,
  rootAdminPage,
  shootThreeWays,
  signIn,
  startContestWorld,
  stopContestWorld,
  T,
} from '../contest-kit.js';
import { api, newPage, type RunningServer, shot } from '../harness.js';

/**
 * Clarifications in a running contest (issue 10 §3, §4, §6): root (another browser context) has the queue open while
 * a participant asks about problem A in the browser; the question appears at the top of root's queue within
 * seconds, without a reload (the `clarification-asked` live event; the fallback poll is 60 s, 5 min while the
 * stream is up), and the badge counts it; root answers it to everyone; the participant, who has
 * moved on to the Problems tab, gets the notification and the tab badge without reloading (after the 60 s poll,
 * fast-forwarded with the page clock); a second participant reads the public answer but never the first one's
 * private question. Screenshots of the tab (participant and queue) in English, Chinese and at 375 px.
 */

const USERS = ['cq_alice', 'cq_bob'] as const;
const PASSWORD = 'clarifyPass1';
const PROBLEMS: ProblemSpec[] = [
  { problemId: 'CQ-SUM', title: 'Clarified Sum', op: '+', samples: ['1 2', '3'], cases: [['5 7', '12']] },
  { problemId: 'CQ-MUL', title: 'Clarified Product', op: '*', samples: ['2 3', '6'], cases: [['4 5', '20']] },
];
const PUBLIC_Q = 'Can a and b be negative in problem A?';
const PUBLIC_A = 'Yes: |a|, |b| <= 10^9, both may be negative.';
const SECRET_Q = 'Secret: is my approach with a hash map fine?';

let world: ContestWorld;
let server: RunningServer;
let rootToken: string;
let cid = 0;
let alice: Page;
let bob: Page;
let root: Page;
let secretAskedAt = 0;

/** Signs `username` in and returns the API token the browser holds. */
async function tokenOf(username: string): Promise<string> {
  const { token } = await api(server.base, 'POST', '/login', { body: { username, password: PASSWORD } });
  return token ?? '';
}

/** The Clarifications tab's badge count in `p` (0 when there is none). */
const badge = async (p: Page) =>
  Number(
    (await p
      .getByTestId('clarification-badge')
      .getAttribute('data-count')
      .catch(() => null)) ?? 0,
  );

beforeAll(async () => {
  world = await startContestWorld(USERS, PASSWORD, PROBLEMS);
  ({ server, rootToken } = world);
  const hour = 3600_000;
  const contest = await api<{ cid: number }>(server.base, 'POST', '/admin/contest', {
    token: rootToken,
    body: {
      title: 'Clarification Cup',
      description: 'Ask when something is unclear.',
      type: 0,
      auth: 0,
      startTime: new Date(Date.now() - 5 * 60_000).toISOString(),
      endTime: new Date(Date.now() + 2 * hour).toISOString(),
    },
  });
  cid = contest.data.cid;
  for (const [i, p] of PROBLEMS.entries()) {
    const list = await api<{ records: { pid: number }[] }>(
      server.base,
      'GET',
      `/get-problem-list?keyword=${p.problemId}`,
      { token: rootToken },
    );
    await api(server.base, 'POST', '/admin/contest/add-problem-from-public', {
      token: rootToken,
      body: { cid, pid: list.data.records[0].pid, displayId: 'AB'[i] },
    });
  }
  // Contest-only from here on, as problems made inside a contest are (issue 23 §1).
  await makeContestOnly(server, rootToken, PROBLEMS);
  // Earlier traffic: a post to everyone (answered), and a private question of alice's (the one bob must never see).
  await api(server.base, 'POST', '/admin/contest/clarification', {
    token: rootToken,
    body: { cid, answer: 'Welcome! Problems are sorted by difficulty.' },
  });
  await api(server.base, 'POST', '/submit-contest-clarification', {
    token: await tokenOf(USERS[0]),
    body: { cid, content: SECRET_Q },
  });
  secretAskedAt = Date.now();
}, 300_000);

afterAll(() => stopContestWorld(world));

describe('contest clarifications', () => {
  it('a participant asks about problem A in the browser', async () => {
    ({ page: alice } = await newPage(world.browser));
    // The page clock runs with the real one; the test fast-forwards it over the 60 s poll instead of waiting.
    await alice.clock.install();
    await signIn(server, alice, USERS[0], PASSWORD);
    await alice.goto(`${server.base}/contest/${cid}/clarifications`);
    await alice.getByTestId('clarification-ask-form').waitFor();
    // alice's own private question is listed to her, waiting for an answer.
    const items = alice.getByTestId('clarification-item');
    await expect.poll(() => items.filter({ hasText: SECRET_Q }).count(), T).toBe(1);

    // Root has the queue open meanwhile: the post and alice's earlier question, one waiting.
    root = await rootAdminPage(world.browser, server);
    await root.goto(`${server.base}/contest/${cid}/clarifications`);
    const queue = root.getByTestId('clarification-queue').getByTestId('clarification-item');
    await expect.poll(() => queue.count(), T).toBe(2);
    await expect.poll(() => badge(root), T).toBe(1);
    await root.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    // One question per 30 s: wait out the API question asked in the set-up.
    await alice.waitForTimeout(Math.max(0, secretAskedAt + 31_000 - Date.now()));
    await alice.getByTestId('clarification-problem').click();
    await alice.locator('.ant-select-dropdown').getByText('A · Clarified Sum').click();
    await alice.getByTestId('clarification-content').fill(PUBLIC_Q);
    const askedAt = Date.now();
    await alice.getByTestId('clarification-ask').click();
    await expect
      .poll(() => alice.getByTestId('clarification-ask-result').getAttribute('data-ok'), T)
      .toBe('true');
    await expect.poll(() => items.filter({ hasText: PUBLIC_Q }).count(), T).toBe(1);

    // Root's queue shows it within seconds (the live event), far under the 60 s poll, and without a reload.
    await expect.poll(() => queue.filter({ hasText: PUBLIC_Q }).count(), { timeout: 10_000 }).toBe(1);
    expect(Date.now() - askedAt).toBeLessThan(15_000);
    await expect.poll(() => badge(root), { timeout: 10_000 }).toBe(2);
    expect(
      await root.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    // At once again: the server's 30 s rule answers under the form.
    await alice.getByTestId('clarification-content').fill('And may they be zero?');
    await alice.getByTestId('clarification-ask').click();
    await expect
      .poll(() => alice.getByTestId('clarification-ask-result').textContent(), T)
      .toContain('One question every 30 seconds');
    await alice.getByTestId('clarification-content').fill('');
  }, 120_000);

  it('root sees it first in the queue and answers it to everyone', async () => {
    const queue = root.getByTestId('clarification-queue').getByTestId('clarification-item');
    await expect.poll(() => queue.count(), T).toBe(3);
    // Unanswered first (newest first among them), then the answered post.
    await expect
      .poll(() => queue.nth(0).getByTestId('clarification-question').textContent(), T)
      .toContain(PUBLIC_Q);
    await expect.poll(() => queue.nth(0).textContent(), T).toContain(USERS[0]);
    await expect
      .poll(() => queue.nth(1).getByTestId('clarification-question').textContent(), T)
      .toContain(SECRET_Q);
    await expect.poll(() => queue.nth(2).getAttribute('data-answered'), T).toBe('true');
    // The admin's badge counts the two waiting questions.
    await expect.poll(() => badge(root), T).toBe(2);
    await shootThreeWays(root, 'contest-clarification-queue', async () => {
      await expect.poll(() => queue.count(), T).toBe(3);
    });

    // alice leaves for the Problems tab (no reload from here on).
    await alice.getByTestId('contest-tab-problems').click();
    await alice.waitForURL(/\/problems$/);
    await alice.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    await queue.nth(0).getByTestId('clarification-answer-open').click();
    // The dialog opens with "asker only" chosen; the answer goes to everyone only once "Everyone" shows checked.
    await root.getByTestId('clarification-public').click();
    await expect
      .poll(
        () =>
          root
            .getByTestId('clarification-public')
            .evaluate(
              (el) => (el.matches('input') ? (el as HTMLInputElement) : el.querySelector('input'))?.checked,
            ),
        T,
      )
      .toBe(true);
    await root.getByTestId('clarification-answer-text').fill(PUBLIC_A);
    await shot(root, 'contest-clarification-answer-dialog-en');
    await root.getByTestId('clarification-send').click();
    await expect
      .poll(() => queue.filter({ hasText: PUBLIC_A }).first().getAttribute('data-public'), T)
      .toBe('true');
    // The secret one is answered privately (through the API: the dialog was just exercised).
    const q = await api<{ records: { id: number; question: string | null }[] }>(
      server.base,
      'GET',
      `/admin/contest/clarification?cid=${cid}&onlyUnanswered=true`,
      { token: rootToken },
    );
    const secret = q.data.records.find((r) => r.question === SECRET_Q);
    await api(server.base, 'PUT', '/admin/contest/clarification', {
      token: rootToken,
      body: { id: secret?.id, cid, answer: 'Yes, that works.', public: false },
    });
  }, 180_000);

  it('the participant gets the notification and the badge without reloading', async () => {
    // The next 60 s check.
    await alice.clock.fastForward('01:05');
    const notice = alice.locator('.ant-notification-notice').filter({ hasText: 'has been answered' });
    await expect.poll(() => notice.count(), T).toBeGreaterThanOrEqual(1);
    await expect.poll(() => badge(alice), T).toBe(2); // the public answer and the private one
    // The post to everyone was read on the tab earlier: no notice of it lingers.
    expect(await alice.locator('.ant-notification-notice').filter({ hasText: 'Welcome' }).count()).toBe(0);
    expect(
      await alice.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    await alice.waitForTimeout(800); // the notices slide in
    await shot(alice, 'contest-clarification-notice-en');
    // Opening the tab shows the answers, marks them read and drops the badge.
    await notice.first().getByTestId('clarification-notice-view').click();
    await alice.waitForURL(/\/clarifications$/);
    const mine = alice.getByTestId('clarification-item').filter({ hasText: PUBLIC_Q });
    await expect.poll(() => mine.getByTestId('clarification-answer').textContent(), T).toContain(PUBLIC_A);
    await expect.poll(() => badge(alice), T).toBe(0);
    // Her list at 375 px: her questions with their answers, the post to everyone.
    await alice.setViewportSize({ width: 375, height: 800 });
    await mine.scrollIntoViewIfNeeded();
    await shot(alice, 'contest-clarification-answered-375');
  }, 120_000);

  it('a second participant sees the public answer but never the first one’s private question', async () => {
    ({ page: bob } = await newPage(world.browser));
    await signIn(server, bob, USERS[1], PASSWORD);
    await bob.goto(`${server.base}/contest/${cid}`);
    // The badge counts the public clarifications bob has not read: the post and alice's public answer.
    await expect.poll(() => badge(bob), T).toBe(2);
    await bob.getByTestId('contest-tab-clarifications').click();
    const items = bob.getByTestId('clarification-list').getByTestId('clarification-item');
    await expect.poll(() => items.filter({ hasText: PUBLIC_A }).count(), T).toBe(1);
    await expect.poll(() => items.count(), T).toBe(2);
    const text = (await bob.getByTestId('clarification-list').textContent()) ?? '';
    expect(text).toContain(PUBLIC_Q);
    expect(text).not.toContain(SECRET_Q);
    expect(text).not.toContain('Yes, that works.');
    expect(text).not.toContain(USERS[0]); // the asker's name stays hidden
    await expect.poll(() => badge(bob), T).toBe(0);
    await items.first().scrollIntoViewIfNeeded();
    await shot(bob, 'contest-clarification-public-list-en');
    await shootThreeWays(bob, 'contest-clarification-participant', async () => {
      await expect.poll(() => items.count(), T).toBe(2);
    });
  }, 120_000);

  it('the Comment tab: while it runs a participant sees only their own comments and the admins’; the site switch hides it', async () => {
    const ALICE_C = 'Is the second sample of problem B right?';
    const ROOT_R = 'It is: 2 times 3 is 6.';
    await alice.setViewportSize({ width: 1280, height: 800 });
    await alice.getByTestId('contest-tab-comment').click();
    await alice.waitForURL(/\/comment$/);
    await alice.getByTestId('comment-editor-text').fill(ALICE_C);
    await alice.getByTestId('comment-editor-submit').click();
    const aliceComment = alice.getByTestId('comment').filter({ hasText: ALICE_C });
    await expect.poll(() => aliceComment.count(), T).toBe(1);

    // bob, in the same running contest, sees an empty section.
    const bobEmpty = async () => {
      await bob.goto(`${server.base}/contest/${cid}/comment`);
      await bob.getByTestId('comment-editor').waitFor();
      await expect.poll(() => bob.locator('.ant-empty').count(), T).toBe(1);
      expect(await bob.getByTestId('comment').count()).toBe(0);
    };
    await bobEmpty();

    // Root (the contest's admin) sees it and answers; alice reads the answer, bob still sees nothing.
    await root.goto(`${server.base}/contest/${cid}/comment`);
    const rootView = root.getByTestId('comment').filter({ hasText: ALICE_C });
    await expect.poll(() => rootView.count(), T).toBe(1);
    await rootView.getByTestId('comment-reply').click();
    await root.getByTestId('reply-editor-text').fill(ROOT_R);
    await root.getByTestId('reply-editor-submit').click();
    await expect.poll(() => rootView.getByTestId('reply-content').first().textContent(), T).toContain(ROOT_R);
    await alice.reload();
    await expect
      .poll(() => aliceComment.getByTestId('reply-content').first().textContent(), T)
      .toContain(ROOT_R);
    await bobEmpty();
    await shootThreeWays(alice, 'contest-comment-participant', async () => {
      await expect.poll(() => aliceComment.count(), T).toBe(1);
    });

    // With the site's contest-comment switch off the tab is gone and the server refuses the calls.
    const setSwitch = (on: boolean) =>
      api(server.base, 'PUT', '/admin/config/set-web-config', {
        token: rootToken,
        body: { openContestComment: on },
      });
    await setSwitch(false);
    try {
      await bob.goto(`${server.base}/contest/${cid}`);
      await bob.getByTestId('contest-tab-problems').waitFor();
      expect(await bob.getByTestId('contest-tab-comment').count()).toBe(0);
      const r = await fetch(`${server.base}/api/comments?cid=${cid}`, {
        headers: { authorization: await tokenOf(USERS[1]) },
      });
      expect(r.status).toBe(403);
    } finally {
      await setSwitch(true);
    }
  }, 180_000);
});
