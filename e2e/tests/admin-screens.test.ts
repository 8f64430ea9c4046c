import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem, signIn } from '../contest-kit.js';
import {
  api,
  launchBrowser,
  newPage,
  ROOT_PASSWORD,
  type RunningServer,
  SCREENSHOTS,
  startServer,
} from '../harness.js';

/**
 * The spec's last screens (issue 25) in a real browser, one server for the file: the dashboard's contest count and
 * recent contests, Role auth (a role's permission taken and given back) and Auth admin, revoking a user's sessions
 * (the user is signed out), Push now for a notice, changing the mobile number in Settings, the problem type column,
 * the CF rating on the user home, backend and service status, System Config's read-only sections. Screenshots of each screen in en-US and zh-CN at
 * 1440 and 375 px go to e2e/screenshots/admin-screens-*.png.
 */

const T = { timeout: 15_000 };
const PASSWORD = 'screenPass1';
let server: RunningServer;
let browser: Browser;
let root: Page;
let rootToken: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  root = (await newPage(browser, { locale: 'en-US', width: 1440, height: 900 })).page;
  await root.goto(`${server.base}/admin/login`);
  // The first page load of a fresh server on a busy machine may take longer than one step's 15 s.
  await root.locator('input[autocomplete=username]').waitFor({ timeout: 60_000 });
  await root.locator('input[autocomplete=username]').fill('root');
  await root.locator('input[type=password]').fill(ROOT_PASSWORD);
  await root.locator('button[type=submit]').click();
  await root.waitForURL(/\/admin\/?$/);
  rootToken = (await root.evaluate(() => localStorage.getItem('token'))) ?? '';
  await api(server.base, 'POST', '/admin/user/insert-batch-user', {
    token: rootToken,
    body: {
      users: [
        ['alice', PASSWORD],
        ['bob', PASSWORD],
      ],
    },
  });
  for (const [problemId, type] of [
    ['SCR-ACM', 0],
    ['SCR-OI', 1],
  ] as const) {
    await createProblem(server, rootToken, {
      problemId,
      title: `Screen ${problemId}`,
      op: '+',
      samples: ['1 2', '3'],
      cases: [['2 2', '4']],
      type,
    });
  }
  const hour = 3600_000;
  await api(server.base, 'POST', '/admin/contest', {
    token: rootToken,
    body: {
      title: 'Screens Cup',
      description: 'Soon.',
      type: 0,
      auth: 0,
      startTime: new Date(Date.now() + hour).toISOString(),
      endTime: new Date(Date.now() + 3 * hour).toISOString(),
    },
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the spec screens of issue 25', () => {
  it('dashboard: the contest count and the recent contests', async () => {
    await root.goto(`${server.base}/admin`);
    const recent = root.getByTestId('dashboard-recent-contests');
    await expect.poll(() => recent.getByText('Screens Cup').count(), T).toBe(1);
    await expect.poll(() => recent.getByText('Scheduled').count(), T).toBe(1);
    const contests = root.locator('.ant-statistic', { hasText: 'Contests' });
    await expect.poll(() => contests.locator('.ant-statistic-content-value').textContent(), T).toBe('1');
  });

  it('role auth: taking the comment permission from default users refuses their comments, then given back', async () => {
    await root.goto(`${server.base}/admin/auth`);
    await expect.poll(() => root.getByTestId('auth-table').locator('.ant-table-row').count(), T).toBe(6);
    await root.goto(`${server.base}/admin/role-auth`);
    const box = root.getByTestId('role-auth-1002-comment');
    await expect.poll(() => box.isChecked(), T).toBe(true);
    await box.click();
    await expect.poll(() => box.isChecked(), T).toBe(false);
    const roles = async () =>
      (
        await api<{ role: number; permissions: string[] }[]>(server.base, 'GET', '/admin/role-auth/list', {
          token: rootToken,
        })
      ).data.find((r) => r.role === 1002)?.permissions;
    expect(await roles()).toEqual(['submit', 'discussion_post']);
    const { token: bob } = await api(server.base, 'POST', '/login', {
      body: { username: 'bob', password: PASSWORD },
    });
    const refused = await fetch(`${server.base}/api/comment`, {
      method: 'POST',
      headers: { authorization: bob ?? '', 'content-type': 'application/json' },
      body: JSON.stringify({ did: 1, content: 'hello' }),
    });
    expect(refused.status).toBe(403);
    // The admin roles' row cannot be changed.
    expect(await root.getByTestId('role-auth-1001-comment').isDisabled()).toBe(true);
    await box.click();
    await expect.poll(() => box.isChecked(), T).toBe(true);
    expect(await roles()).toEqual(['submit', 'discussion_post', 'comment']);
  });

  it("revoking a user's sessions signs the user out", async () => {
    const { page: alice, context } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(server, alice, 'alice', PASSWORD);
    await root.goto(`${server.base}/admin/user`);
    await root.getByPlaceholder('Username, name or email').fill('alice');
    await root.getByPlaceholder('Username, name or email').press('Enter');
    const row = root.locator('.ant-table-row', { hasText: 'alice' });
    await expect.poll(() => row.count(), T).toBe(1);
    await row.getByTestId('user-sessions-open').click();
    const sessions = root.getByTestId('user-sessions');
    await expect.poll(() => sessions.locator('.ant-table-row').count(), T).toBe(1);
    await root.getByTestId('revoke-all-sessions').click();
    await root.locator('.ant-popover .ant-btn-primary').click();
    await expect.poll(() => root.getByText('Signed out of 1 session(s)').count(), T).toBe(1);
    await expect.poll(() => sessions.locator('.ant-table-row').count(), T).toBe(0);
    await root.keyboard.press('Escape');
    // Her next request is refused: the page forgets her and offers the login again.
    await alice.goto(`${server.base}/setting`);
    await expect.poll(() => alice.getByTestId('open-login').count(), T).toBe(1);
    expect(await alice.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('push now delivers an urgent notice at once', async () => {
    await api(server.base, 'POST', '/admin/msg/notice', {
      token: rootToken,
      body: { title: 'Urgent: judge restart', content: 'At **10:00**.', type: 'Single', recipients: ['bob'] },
    });
    const { token: bob } = await api(server.base, 'POST', '/login', {
      body: { username: 'bob', password: PASSWORD },
    });
    const unread = async () =>
      (await api<{ sys: number }>(server.base, 'GET', '/msg/unread', { token: bob ?? '' })).data.sys;
    expect(await unread()).toBe(0);
    await root.goto(`${server.base}/admin/notice`);
    const row = root.locator('.ant-table-row', { hasText: 'Urgent: judge restart' });
    await expect.poll(() => row.getByText('Waiting for the hourly push').count(), T).toBe(1);
    await row.getByTestId('notice-push').click();
    await root.locator('.ant-popover').getByRole('button', { name: 'Push now' }).click();
    await expect.poll(() => row.getByTestId('notice-pushed').textContent(), T).toBe('Pushed');
    expect(await row.getByTestId('notice-push').count()).toBe(0);
    expect(await unread()).toBe(1);
  });

  it('changes the mobile number in Settings; the user home has a CF rating', async () => {
    const { page: bob, context } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(server, bob, 'bob', PASSWORD);
    await bob.goto(`${server.base}/setting`);
    const form = bob.getByTestId('change-mobile-form');
    await expect.poll(() => bob.getByTestId('current-mobile').inputValue(), T).toBe('None');
    await form.getByLabel('New mobile').fill('12ab');
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change mobile' }).click();
    await expect.poll(() => form.getByText('The mobile number format is incorrect').count(), T).toBe(1);
    await form.getByLabel('New mobile').fill('+86 138 0013 8000');
    await form.getByRole('button', { name: 'Change mobile' }).click();
    await expect.poll(() => bob.getByTestId('current-mobile').inputValue(), T).toBe('+8613800138000');
    // The user home's CF rating: no Codeforces handle yet, so none.
    await bob.goto(`${server.base}/user-home?username=bob`);
    await expect.poll(() => bob.getByTestId('user-cf-rating').textContent(), T).toContain('CF rating');
    await expect.poll(() => bob.getByTestId('user-cf-rating').textContent(), T).toContain('—');
    for (const locale of ['en-US', 'zh-CN'] as const) {
      await bob.evaluate((l) => localStorage.setItem('languages', l), locale);
      for (const width of [1440, 375]) {
        await bob.setViewportSize({ width, height: width > 400 ? 900 : 740 });
        await bob.goto(`${server.base}/setting`);
        await expect.poll(() => bob.getByTestId('change-mobile-form').count(), T).toBe(1);
        await bob.getByTestId('change-mobile-form').scrollIntoViewIfNeeded();
        await bob.screenshot({
          path: path.join(SCREENSHOTS, `admin-screens-setting-${locale}-${width}.png`),
        });
        await bob.goto(`${server.base}/user-home?username=bob`);
        await expect.poll(() => bob.getByTestId('user-cf-rating').count(), T).toBe(1);
        await bob.screenshot({
          path: path.join(SCREENSHOTS, `admin-screens-user-home-${locale}-${width}.png`),
        });
      }
    }
    await context.close();
  });

  it('the problem list shows the problem type', async () => {
    await root.goto(`${server.base}/problem`);
    const type = (id: string) =>
      root.locator('.ant-table-row', { hasText: id }).getByTestId('problem-type').textContent();
    await expect.poll(() => type('SCR-ACM'), T).toBe('ACM');
    await expect.poll(() => type('SCR-OI'), T).toBe('OI');
  });

  it('backend and service status, and the read-only System Config sections', async () => {
    await root.goto(`${server.base}/admin/judge-server`);
    await expect.poll(() => root.getByTestId('service-database').textContent(), T).toContain('pglite');
    await expect.poll(() => root.getByTestId('service-database').textContent(), T).toContain('reachable');
    // No judge workers in this server: degraded.
    await expect.poll(() => root.getByTestId('service-status').textContent(), T).toContain('Degraded');
    await expect.poll(() => root.getByTestId('service-servers').locator('.ant-table-row').count(), T).toBe(1);
    await root.goto(`${server.base}/admin/conf`);
    const ds = root.getByTestId('conf-datasource');
    await expect.poll(() => ds.getByText('PGlite').count(), T).toBe(1);
    await expect.poll(() => root.getByTestId('conf-sms').getByText('No SMS provider').count(), T).toBe(1);
  });

  it('screenshots of each screen in both languages at 1440 and 375 px', async () => {
    const screens: [string, string, string][] = [
      ['dashboard', '/admin', 'dashboard-recent-contests'],
      ['auth', '/admin/auth', 'auth-table'],
      ['role-auth', '/admin/role-auth', 'role-auth-table'],
      ['notice', '/admin/notice', 'notice-table'],
      ['judge-server', '/admin/judge-server', 'service-status-card'],
      ['conf', '/admin/conf', 'conf-sms'],
      ['problems', '/problem', 'problem-link'],
    ];
    for (const locale of ['en-US', 'zh-CN'] as const) {
      await root.evaluate((l) => localStorage.setItem('languages', l), locale);
      for (const width of [1440, 375]) {
        await root.setViewportSize({ width, height: width > 400 ? 900 : 740 });
        for (const [name, url, testId] of screens) {
          await root.goto(`${server.base}${url}`);
          await expect.poll(() => root.getByTestId(testId).count(), T).toBeGreaterThan(0);
          await root.waitForTimeout(800);
          await root.screenshot({
            path: path.join(SCREENSHOTS, `admin-screens-${name}-${locale}-${width}.png`),
            fullPage: true,
          });
        }
        await root.goto(`${server.base}/admin/user`);
        await expect.poll(() => root.getByTestId('user-sessions-open').count(), T).toBeGreaterThan(0);
        await root.getByTestId('user-sessions-open').first().click();
        await expect.poll(() => root.getByTestId('user-sessions').count(), T).toBe(1);
        await root.waitForTimeout(800);
        await root.screenshot({
          path: path.join(SCREENSHOTS, `admin-screens-sessions-${locale}-${width}.png`),
        });
        await root.keyboard.press('Escape');
      }
    }
    await root.setViewportSize({ width: 1440, height: 900 });
    await root.evaluate(() => localStorage.setItem('languages', 'en-US'));
  }, 300_000);
});
