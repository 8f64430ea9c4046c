import type { Browser, Locator, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  configureMail,
  type Inbox,
  launchBrowser,
  newPage,
  ROOT_PASSWORD,
  type RunningServer,
  shot,
  startInbox,
  startServer,
} from '../harness.js';

/**
 * Every admin action of the web app, clicked in a real browser as root (issue 14, defect 2: Rejudge and Cancel
 * Evaluation answered 415). Each click must reach the server and succeed: the API call it makes answers HTTP 200
 * with body status 200 (downloads: a file, not a JSON refusal). Covered here: status Rejudge; submission Cancel
 * Evaluation and Modify Evaluation; problem list auth change, test-case download, export, delete; batch export and
 * delete; tag and classification create / edit / delete; announcement create / edit / hide / delete; website
 * and email config save, test mail; carousel upload and delete; switches save; language edit. Problem create,
 * edit and import are clicked in admin-problem.test.ts. The special-judge compile check needs a judgehost and is
 * covered by the server's compile-check tests.
 */

let server: RunningServer;
let inbox: Inbox;
let browser: Browser;
let page: Page;
let rootToken = '';
let problems: { pid: number; problemId: string; title: string }[] = [];

/** A 1×1 PNG for the carousel upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Runs `click` and waits for the API call `method path` it makes; asserts the call succeeded (HTTP 200 and body
 * status 200 for JSON, a non-JSON file for downloads); after `modalOk`, waits until the dialog has closed. Returns
 * the response.
 */
async function expectCall(method: string, path: string, click: () => Promise<void>): Promise<Response> {
  const sent: string[] = [];
  const onRequest = (r: Request) => {
    if (new URL(r.url()).pathname.startsWith('/api/'))
      sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  };
  page.on('request', onRequest);
  const wait = page.waitForResponse(
    (r) => r.request().method() === method && new URL(r.url()).pathname === `/api${path}`,
    { timeout: 20_000 },
  );
  let res: Response;
  try {
    await click();
    if (click === modalOk) await clickAgainIfLost(sent);
    res = await wait;
  } catch (e) {
    // Say what the page did instead: the API calls it made since the click, the popups still open, the form's
    // errors.
    const popups = await page.locator('.ant-popover:visible, .ant-modal-wrap:visible').count();
    const errors = await page
      .locator('.ant-modal-wrap:visible .ant-form-item-explain-error')
      .allTextContents();
    await shot(page, `admin-actions-failed-${method}-${path.replaceAll('/', '_')}`);
    throw new Error(
      `${method} ${path} not answered; calls made: [${sent.join(', ')}]; open popups: ${popups}; form errors: [${errors.join(', ')}]`,
      {
        cause: e,
      },
    );
  } finally {
    page.off('request', onRequest);
  }
  const type = res.headers()['content-type'] ?? '';
  const body = type.includes('json') ? ((await res.json()) as { status?: number; msg?: string }) : null;
  expect({
    call: `${method} ${path}`,
    http: res.status(),
    status: body?.status ?? 200,
    msg: body?.msg,
  }).toEqual({
    call: `${method} ${path}`,
    http: 200,
    status: 200,
    msg: body?.msg,
  });
  if (method === 'GET') expect(type, `${path} should answer a file`).not.toContain('json');
  // A dialog saved with OK closes; until it has gone, `.ant-modal-wrap:visible` still finds it, and the next
  // dialog's fields would be filled into the one fading out (CI once timed out so on the announcement's edit).
  if (click === modalOk) await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
  return res;
}

/** Confirms the open Popconfirm (its primary button) and waits until it has closed. */
const confirmPop = async () => {
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  await expect.poll(() => page.locator('.ant-popconfirm:visible').count()).toBe(0);
};
/** The visible modal's primary (OK / Save) button. */
const modalOk = () => page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();

/**
 * A click on a dialog's OK that reached nothing: CI once saw no call at all for 20 s after it, the dialog still open
 * and (as far as that run said) nothing else amiss, most likely a click dispatched where the button had just been
 * before a layout shift. If after 3 s the page has sent no API call, the dialog is still open and its form shows no
 * error, clicks OK once more (logged). A form error or a request sent is left to the caller's assertions.
 */
async function clickAgainIfLost(sent: string[]): Promise<void> {
  const until = Date.now() + 3_000;
  while (Date.now() < until) {
    if (sent.length > 0) return;
    await page.waitForTimeout(100);
  }
  const open = await page.locator('.ant-modal-wrap:visible').count();
  const errors = await page.locator('.ant-modal-wrap:visible .ant-form-item-explain-error').count();
  if (sent.length > 0 || open === 0 || errors > 0) return;
  console.log('admin-actions: the dialog OK click sent nothing in 3 s; clicking it again');
  await modalOk();
}
/** The table row (any table on the page) holding `text`. */
const row = (text: string | RegExp): Locator => page.locator('.ant-table-row', { hasText: text }).first();

beforeAll(async () => {
  inbox = await startInbox();
  server = await startServer({ OJ_DEMO_SEED: '1' });
  rootToken = await configureMail(server.base, inbox);
  browser = await launchBrowser();
  const list = await api<{ records: { pid: number; problemId: string; title: string }[] }>(
    server.base,
    'GET',
    '/get-problem-list?limit=30',
    { token: rootToken },
  );
  problems = list.data.records;
  ({ page } = await newPage(browser, { locale: 'en-US', width: 1366, height: 900 }));
  await page.goto(`${server.base}/admin/login`);
  await page.locator('input[autocomplete=username]').fill('root');
  await page.locator('input[type=password]').fill(ROOT_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/admin\/?$/);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

describe('every admin action of the web app succeeds', () => {
  it('has problems to work on', () => {
    expect(problems.length).toBeGreaterThanOrEqual(3);
  });

  it('submission: Cancel Evaluation, Modify Evaluation (detail) and Rejudge (status page)', async () => {
    const p = problems[0];
    const langs = await api<{ name: string }[]>(server.base, 'GET', `/get-problem-languages?pid=${p.pid}`, {
      token: rootToken,
    });
    const language = langs.data.find((l) => l.name.startsWith('C++'))?.name ?? langs.data[0].name;
    const sub = await api<{ submitId: number }>(server.base, 'POST', '/submit-problem-judge', {
      token: rootToken,
      body: { pid: p.pid, language, code: 'int main(){return 0;}', cid: 0, isRemote: false },
    });
    const id = sub.data.submitId;
    await page.goto(`${server.base}/submission-detail/${id}`);
    await expectCall('PUT', '/admin/judge/cancel-judge', async () => {
      await page.getByTestId('cancel-judge').click();
      await confirmPop();
    });
    await expect.poll(() => page.getByTestId('banner-status').textContent()).toMatch(/Cancel/);

    await page.getByTestId('manual-judge').click();
    await page.locator('.ant-modal-wrap:visible .ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Accepted"]').click();
    await expectCall('PUT', '/admin/judge/manual-judge', modalOk);
    await expect.poll(() => page.getByTestId('banner-status').textContent()).toMatch(/Accepted/);

    await page.goto(`${server.base}/status`);
    const r = row(String(id));
    await expectCall('POST', '/admin/judge/rejudge', async () => {
      await r.getByTestId('rejudge').click();
      await confirmPop();
    });
    await shot(page, 'admin-actions-status-rejudged');
  });

  it('problem list: change auth, download test cases, export, delete', async () => {
    const keep = problems[0];
    const doomed = problems[problems.length - 1];
    await page.goto(`${server.base}/admin/problems`);
    const r = row(keep.title);
    await expectCall('PUT', '/admin/problem/change-problem-auth', async () => {
      await r.locator('.ant-select').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).click();
    });
    await expectCall('GET', '/file/download-testcase', () =>
      r.getByRole('button', { name: 'Download test cases' }).click(),
    );
    await expectCall('GET', '/file/export-problem', () =>
      r.getByRole('button', { name: 'Export (native zip)' }).click(),
    );
    await expectCall('DELETE', '/admin/problem', async () => {
      await row(doomed.title).getByRole('button', { name: 'Delete' }).click();
      await confirmPop();
    });
    await row(keep.title).waitFor();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: doomed.title }).count()).toBe(0);
  });

  it('batch operation: export and delete the selected problems', async () => {
    const doomed = problems[problems.length - 2];
    await page.goto(`${server.base}/admin/problem/batch-operation`);
    const r = row(doomed.title);
    await r.locator('input[type=checkbox]').check();
    // The selection's zip is built in the page after the export call answers: wait until it is saved.
    const saved = page.waitForEvent('download');
    await expectCall('GET', '/file/export-problem', () => page.getByTestId('batch-export').click());
    expect((await saved).suggestedFilename()).toBe('problems_1.zip');
    await expectCall('DELETE', '/admin/problem', async () => {
      await page.getByRole('button', { name: 'Delete selected' }).click();
      await confirmPop();
    });
    await expect.poll(() => page.locator('.ant-table-row', { hasText: doomed.title }).count()).toBe(0);
  });

  it('tags and classifications: create, edit, delete', async () => {
    await page.goto(`${server.base}/admin/problem/tag`);
    await page.getByRole('button', { name: 'Create classification' }).click();
    await page.locator('.ant-modal-wrap:visible input').first().fill('E2E class');
    await expectCall('POST', '/admin/tag/classification', modalOk);
    await row('E2E class').getByRole('button', { name: 'Edit' }).click();
    await page.locator('.ant-modal-wrap:visible input').first().fill('E2E class 2');
    await expectCall('PUT', '/admin/tag/classification', modalOk);

    await page.getByRole('button', { name: 'Create tag' }).click();
    await page.locator('.ant-modal-wrap:visible input').first().fill('e2e-tag');
    await expectCall('POST', '/admin/tag', modalOk);
    await row('e2e-tag').getByRole('button', { name: 'Edit' }).click();
    await page.locator('.ant-modal-wrap:visible input').first().fill('e2e-tag-2');
    await expectCall('PUT', '/admin/tag', modalOk);
    await expectCall('DELETE', '/admin/tag', async () => {
      await row('e2e-tag-2').getByRole('button', { name: 'Delete' }).click();
      await confirmPop();
    });
    await expectCall('DELETE', '/admin/tag/classification', async () => {
      await row('E2E class 2').getByRole('button', { name: 'Delete' }).click();
      await confirmPop();
    });
  });

  it('announcements: create, edit, hide, delete', async () => {
    await page.goto(`${server.base}/admin/announcement`);
    await page.getByRole('button', { name: 'Create' }).click();
    const dlg = page.locator('.ant-modal-wrap:visible');
    await dlg.locator('input').first().fill('E2E notice');
    await dlg.locator('textarea').fill('Hello **all**');
    await expectCall('POST', '/admin/announcement', modalOk);
    await row('E2E notice').getByRole('button', { name: 'Edit' }).click();
    await dlg.locator('input').first().fill('E2E notice 2');
    await expectCall('PUT', '/admin/announcement', modalOk);
    await expectCall('PUT', '/admin/announcement', () => row('E2E notice 2').locator('.ant-switch').click());
    await expectCall('DELETE', '/admin/announcement', async () => {
      await row('E2E notice 2').getByRole('button', { name: 'Delete' }).click();
      await confirmPop();
    });
  });

  it('system config: website and email save, test mail, carousel upload and delete; switches', async () => {
    await page.goto(`${server.base}/admin/conf`);
    await expectCall('PUT', '/admin/config/set-web-config', () =>
      page.getByTestId('web-config-save').click(),
    );
    const emailCard = page.locator('.ant-card', { hasText: 'SMTP host' });
    await expectCall('PUT', '/admin/config/set-email-config', () =>
      emailCard.getByRole('button', { name: 'Save' }).click(),
    );
    await emailCard.getByPlaceholder('Test recipient email').fill('admin-test@example.test');
    await expectCall('POST', '/admin/config/test-email', () =>
      emailCard.getByRole('button', { name: 'Send test mail' }).click(),
    );
    await inbox.waitFor('admin-test@example.test', /test email/i);
    await expectCall('POST', '/admin/home-carousel', () =>
      page.locator('.ant-upload input[type=file]').setInputFiles({
        name: 'banner.png',
        mimeType: 'image/png',
        buffer: PNG,
      }),
    );
    await expectCall('DELETE', '/admin/home-carousel', async () => {
      await page.getByRole('button', { name: 'Delete' }).first().click();
      await confirmPop();
    });

    await page.goto(`${server.base}/admin/switch`);
    await expectCall('PUT', '/admin/switch/update', () => page.getByRole('button', { name: 'Save' }).click());
  });

  it('languages: edit and save', async () => {
    await page.goto(`${server.base}/admin/language`);
    await page.locator('.ant-table-row').first().getByRole('button', { name: 'Edit' }).click();
    await expectCall('PUT', '/admin/language', modalOk);
    await shot(page, 'admin-actions-language');
  });
});
