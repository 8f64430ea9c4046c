import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProblem,
  type ProblemSpec,
  registerUser,
  rootAdminPage,
  shootThreeWays,
  signIn,
  T,
} from '../contest-kit.js';
import {
  api,
  configureMail,
  type Inbox,
  launchBrowser,
  newPage,
  type RunningServer,
  shot,
  startInbox,
  startServer,
} from '../harness.js';

/**
 * Two people hold a discussion, tried as new users would (issue 12): root lowers the discussion limits in System
 * Config; user A opens a problem, follows its Discussion button and posts a discussion with an uploaded image and
 * a formula (KaTeX); user B comments, likes it and reports it; A's open page shows the unread badge at once (live
 * event stream), A opens the message centre and finds both; A answers B in the comment section; root pins the
 * discussion and handles the report in the back office, and everyone sees the Top ribbon. Screenshots of each page
 * in English, Chinese and at 375 px.
 */

const A = 'cm_alice';
const B = 'cm_bob';
const PASSWORD = 'communityPass1';
const PROBLEM: ProblemSpec = {
  problemId: 'CM-1',
  title: 'Community Sum',
  op: '+',
  samples: ['1 2', '3'],
  cases: [['5 7', '12']],
};
const TITLE = 'Why does the sample fit in an int?';
const DESCRIPTION = 'A question about the limits of CM-1';
const FORMULA = '$a^2+b^2=c^2$';
const COMMENT = 'Because **both** numbers are small.';

let server: RunningServer;
let inbox: Inbox;
let browser: Browser;
let rootToken = '';
let alice: Page;
let bob: Page;
let did = 0;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startServer();
  rootToken = await configureMail(server.base, inbox);
  for (const u of [A, B]) await registerUser(server, inbox, u, PASSWORD);
  await createProblem(server, rootToken, PROBLEM);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

/** The discussion card of `title` in the list on `p`. */
const card = (p: Page, title: string) => p.getByTestId('discussion-card').filter({ hasText: title });

describe('community', () => {
  it('root lets new users post and comment (System Config, discussion limits to 0)', async () => {
    const root = await rootAdminPage(browser, server);
    await root.goto(`${server.base}/admin/conf`);
    const form = root.getByTestId('discussion-config-form');
    for (const f of [
      'defaultCreateDiscussionACInitValue',
      'defaultCreateDiscussionDailyLimit',
      'defaultCreateCommentACInitValue',
    ]) {
      const input = form.getByTestId(`discussion-config-${f}`);
      await expect.poll(() => input.inputValue(), T).not.toBe('');
      await input.fill(f === 'defaultCreateDiscussionDailyLimit' ? '5' : '0');
    }
    await form.getByTestId('discussion-config-save').click();
    await expect.poll(() => root.locator('.ant-message-notice').count(), T).toBeGreaterThan(0);
    const sw = await api<Record<string, number>>(server.base, 'GET', '/admin/switch/info', {
      token: rootToken,
    });
    expect(sw.data).toMatchObject({
      defaultCreateDiscussionACInitValue: 0,
      defaultCreateCommentACInitValue: 0,
    });
    await form.scrollIntoViewIfNeeded();
    await shot(root, 'community-admin-config-en');
    await root.context().close();
  });

  it('A posts a discussion on the problem with an uploaded image and a formula', async () => {
    ({ page: alice } = await newPage(browser));
    await signIn(server, alice, A, PASSWORD);
    await alice.goto(`${server.base}/problem/${PROBLEM.problemId}`);
    await alice
      .getByRole('link', { name: /Discussion/ })
      .first()
      .click();
    await alice.waitForURL(new RegExp(`/discussion/${PROBLEM.problemId}$`));
    await alice.getByTestId('discussion-list-page').waitFor();
    // The picture A will attach: a piece of the screen, saved as a PNG (the server checks types by content).
    const picture = await alice.screenshot({ clip: { x: 0, y: 0, width: 160, height: 60 } });
    await alice.getByTestId('post-discussion').click();
    const editor = alice.getByTestId('discussion-editor');
    await editor.getByTestId('discussion-editor-title').fill(TITLE);
    await editor.getByTestId('discussion-editor-description').fill(DESCRIPTION);
    await editor.getByTestId('discussion-editor-category').click();
    await alice.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    const content = editor.getByTestId('discussion-editor-content');
    await content.fill(`The sum is small. Like ${FORMULA}.\n`);
    // The image: chosen from disk, uploaded, inserted as markdown at the caret.
    await editor.getByTestId('discussion-editor-content-tool-image-input').setInputFiles({
      name: 'triangle.png',
      mimeType: 'image/png',
      buffer: picture,
    });
    await expect.poll(() => content.inputValue(), T).toMatch(/!\[triangle\]\(\/api\/[^)]+\)/);
    // Attachments are for admin roles (POST /api/file/upload-md-file): A's toolbar has no attach button.
    expect(await editor.getByTestId('discussion-editor-content-tool-file').count()).toBe(0);
    // The preview renders the formula and the image as the page will.
    const preview = editor.getByTestId('discussion-editor-content-preview');
    await expect.poll(() => preview.locator('.katex, math').count(), T).toBeGreaterThan(0);
    await expect.poll(() => preview.locator('img').count(), T).toBe(1);
    await shot(alice, 'community-post-dialog-en');
    await alice.getByTestId('discussion-editor-submit').click();

    await alice.waitForURL(/\/discussion-detail\/\d+$/);
    did = Number(/discussion-detail\/(\d+)/.exec(alice.url())?.[1]);
    expect(did).toBeGreaterThan(0);
    const title = alice.getByTestId('discussion-detail-title');
    await expect.poll(() => title.textContent(), T).toBe(`[${PROBLEM.problemId}] ${TITLE}`);
    const body = alice.getByTestId('discussion-content');
    await expect.poll(() => body.locator('.katex, math').count(), T).toBeGreaterThan(0);
    // The uploaded image is served back and drawn.
    const img = body.locator('img');
    await expect
      .poll(
        () =>
          img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
        T,
      )
      .toBe(160);
    await shootThreeWays(alice, 'community-detail', async () => {
      await alice.getByTestId('discussion-content').locator('img').waitFor();
    });
    await alice.goto(`${server.base}/discussion/${PROBLEM.problemId}`);
    await expect.poll(() => card(alice, TITLE).count(), T).toBe(1);
    await shootThreeWays(alice, 'community-problem-list', async () => {
      await card(alice, TITLE).waitFor();
    });
    // A waits on the home page (the badge: nothing unread yet).
    await alice.goto(`${server.base}/home`);
    await expect.poll(() => alice.getByTestId('message-bell').getAttribute('data-unread'), T).toBe('0');
  }, 240_000);

  it('B comments, likes and reports it', async () => {
    ({ page: bob } = await newPage(browser));
    await signIn(server, bob, B, PASSWORD);
    // B finds it through the top navigation's Discussion link.
    await bob.getByTestId('top-nav').getByRole('button', { name: 'Discussion' }).click();
    await bob.waitForURL(/\/discussion$/);
    await card(bob, TITLE).getByTestId('discussion-title').click();
    await bob.waitForURL(new RegExp(`/discussion-detail/${did}$`));

    const editor = bob.getByTestId('comment-editor');
    await editor.getByTestId('comment-editor-text').fill(COMMENT);
    // The emoji picker inserts at the caret.
    await editor.getByTestId('comment-editor-tool-emoji').click();
    await bob.getByTestId('comment-editor-tool-emoji-list').locator('button').first().click();
    await expect.poll(() => editor.getByTestId('comment-editor-text').inputValue(), T).toBe(`${COMMENT}😀`);
    await editor.getByTestId('comment-editor-submit').click();
    const comment = bob.getByTestId('comment').first();
    await expect.poll(() => comment.getByTestId('comment-content').textContent(), T).toContain('both');
    await expect.poll(() => comment.locator('.oj-markdown strong').count(), T).toBe(1);

    await bob.getByTestId('discussion-like').click();
    await expect.poll(() => bob.getByTestId('discussion-like').getAttribute('data-liked'), T).toBe('true');

    await bob.getByTestId('discussion-report').click();
    await bob.locator('.ant-modal:visible').getByText('Plagiarism').click();
    await bob.getByTestId('report-reason').fill('Copied from a textbook without credit.');
    await bob.getByTestId('report-submit').click();
    await expect.poll(() => bob.locator('.ant-modal:visible').count(), T).toBe(0);
    await shootThreeWays(bob, 'community-detail-commented', async () => {
      await bob.getByTestId('comment').first().waitFor();
    });
  }, 180_000);

  it('A sees the unread badge, finds the comment and the like in the message centre, and replies', async () => {
    // The badge of A's open page went up without a reload (the live event stream; the poll is every 120 s).
    const bell = alice.getByTestId('message-bell');
    await expect.poll(() => bell.getAttribute('data-unread'), T).toBe('2');
    // A second tab of A's, left open on the home page, shows the same badge; reading in the first tab drops it
    // there too, without a reload (the server tells the user's streams when a list is read).
    const otherTab = await alice.context().newPage();
    await otherTab.goto(`${server.base}/home`);
    const otherBell = otherTab.getByTestId('message-bell');
    await expect.poll(() => otherBell.getAttribute('data-unread'), T).toBe('2');
    await bell.hover();
    const item = alice.locator('.ant-dropdown:visible .ant-dropdown-menu-item').first();
    await expect.poll(() => item.textContent(), T).toMatch(/Discussion messages\s*1/);
    await shot(alice, 'community-bell-en');
    await item.click();
    await alice.waitForURL(/\/message\/discuss$/);
    const box = alice.getByTestId('message-box-discuss');
    const msg = box.getByTestId('message-item').first();
    await expect.poll(() => msg.textContent(), T).toContain(B);
    await expect.poll(() => msg.getByTestId('message-source').textContent(), T).toContain(TITLE);
    await expect.poll(() => msg.getByTestId('message-content').textContent(), T).toContain('both');
    await expect.poll(() => otherBell.getAttribute('data-unread'), T).toBe('1');
    await shootThreeWays(alice, 'community-message-discuss', async () => {
      await alice.getByTestId('message-box-discuss').getByTestId('message-item').first().waitFor();
    });
    await alice.getByTestId('message-tab-like').click();
    await alice.waitForURL(/\/message\/like$/);
    const like = alice.getByTestId('message-box-like').getByTestId('message-item').first();
    await expect.poll(() => like.textContent(), T).toMatch(new RegExp(`${B}.*liked your discussion`));
    // Both boxes were read: the badge is gone, in the other tab too.
    await expect.poll(() => alice.getByTestId('message-bell').getAttribute('data-unread'), T).toBe('0');
    await expect.poll(() => otherBell.getAttribute('data-unread'), T).toBe('0');
    await otherTab.close();

    // The message opens the discussion, where A answers B.
    await alice.getByTestId('message-tab-discuss').click();
    await alice.getByTestId('message-box-discuss').getByTestId('message-source').first().click();
    await alice.waitForURL(new RegExp(`/discussion-detail/${did}$`));
    await alice.getByTestId('comment-reply').first().click();
    await alice.getByTestId('reply-editor-text').fill('Thanks, `long long` it is.');
    await alice.getByTestId('reply-editor-submit').click();
    const reply = alice.getByTestId('reply').first();
    await expect.poll(() => reply.textContent(), T).toContain(B);
    await expect.poll(() => reply.locator('code').textContent(), T).toBe('long long');
    // B gets a reply message.
    await bob.goto(`${server.base}/message/reply`);
    await expect
      .poll(() => bob.getByTestId('message-box-reply').getByTestId('message-item').first().textContent(), T)
      .toContain(A);
  }, 180_000);

  it('root pins the discussion and handles the report in the back office', async () => {
    const root = await rootAdminPage(browser, server);
    await root.goto(`${server.base}/admin/discussion`);
    const row = root
      .getByTestId('admin-discussion-table')
      .locator('.ant-table-row')
      .filter({ hasText: TITLE });
    await row.getByTestId('admin-discussion-top').click();
    await expect
      .poll(() => row.getByTestId('admin-discussion-top').getAttribute('aria-checked'), T)
      .toBe('true');
    await shootThreeWays(root, 'community-admin-discussion', async () => {
      await root.getByTestId('admin-discussion-table').locator('.ant-table-row').first().waitFor();
    });

    await root.getByTestId('admin-tab-report').click();
    const report = root.getByTestId('admin-report-table').locator('.ant-table-row').first();
    await expect.poll(() => report.textContent(), T).toContain('Plagiarism');
    await expect.poll(() => report.getByTestId('admin-report-reason').textContent(), T).toContain('textbook');
    await report.getByTestId('admin-report-handled').click();
    await expect
      .poll(() => report.getByTestId('admin-report-handled').getAttribute('aria-checked'), T)
      .toBe('true');
    await shootThreeWays(root, 'community-admin-reports', async () => {
      await root.getByTestId('admin-report-table').locator('.ant-table-row').first().waitFor();
    });

    await root.goto(`${server.base}/admin/notice`);
    await root.getByTestId('notice-create').click();
    await root.getByTestId('notice-title').fill('Welcome to the discussions');
    await root.getByTestId('notice-content').fill('Be kind, and use $\\LaTeX$ for formulas. The rules: ');
    // An attachment: any file, uploaded and linked at the caret; the link downloads it.
    const rules = 'Rule 1: be kind.\nRule 2: no solutions before the contest ends.\n';
    await root.getByTestId('notice-content-tool-file-input').setInputFiles({
      name: 'rules.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(rules),
    });
    const attached = /\[rules\.txt\]\((\/api\/public\/md-file\/\d+)\)$/;
    await expect.poll(() => root.getByTestId('notice-content').inputValue(), T).toMatch(attached);
    const link = attached.exec(await root.getByTestId('notice-content').inputValue())?.[1] ?? '';
    await expect
      .poll(() => root.getByTestId('notice-content-preview').locator(`a[href="${link}"]`).textContent(), T)
      .toBe('rules.txt');
    const download = await root.request.get(`${server.base}${link}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toMatch(/^attachment/);
    expect(await download.text()).toBe(rules);
    await shot(root, 'community-admin-notice-dialog-en');
    await root.getByTestId('notice-save').click();
    await expect.poll(() => root.getByTestId('notice-table').locator('.ant-table-row').count(), T).toBe(1);
    await shootThreeWays(root, 'community-admin-notice', async () => {
      await root.getByTestId('notice-table').locator('.ant-table-row').first().waitFor();
    });
    await root.context().close();

    // Everyone now sees it pinned, with the Top ribbon, first in the list.
    await bob.goto(`${server.base}/discussion`);
    const first = bob.getByTestId('discussion-card').first();
    await expect.poll(() => first.getAttribute('data-pinned'), T).toBe('true');
    await expect.poll(() => bob.locator('.ant-ribbon').first().textContent(), T).toBe('Top');
    await shootThreeWays(bob, 'community-list', async () => {
      await bob.getByTestId('discussion-card').first().waitFor();
    });
  }, 180_000);
});
