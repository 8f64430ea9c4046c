import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  launchBrowser,
  newPage,
  ROOT_PASSWORD,
  type RunningServer,
  shot,
  startServer,
} from '../harness.js';

/**
 * Issue 29 part 2 "Where am I in the queue", in Chromium: with one fake worker (the judge protocol driven by the
 * test, so the queue only moves when the test says so), a pending submission shows its place in the queue and the
 * estimated wait on its detail page, in the status list and in the problem page's result panel, and the place falls
 * live when a job ahead is judged. Screenshots at 375 px in both languages; the back office's judge page shows the
 * queue's rate and oldest job.
 */

const JUDGE_TOKEN = 'e2e-queue-position-judge-token';
const JH = 'e2e-fake-judge';
const T = { timeout: 20_000 };

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let rootToken: string;
let problemId: string;
const ids: number[] = [];

const judge = (url: string, body: unknown) =>
  fetch(`${server.base}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-judge-token': JUDGE_TOKEN },
    body: JSON.stringify(body),
  }).then(async (r) => (await r.json()) as { data: Record<string, unknown> });

/** (Re-)registers the fake judgehost: one worker online (a registration counts as a heartbeat). */
const register = () =>
  judge('/judge/register', {
    judgehostId: JH,
    name: JH,
    cpuCount: 1,
    workers: 1,
    languages: ['C', 'C++', 'Java', 'Python3'].map((name) => ({ name, version: '1', available: true })),
  });

/** The fake worker judges the next job (Accepted at once); returns its submission id. */
async function judgeNext(): Promise<number> {
  await register();
  const lease = await judge('/judge/lease', { judgehostId: JH, waitSeconds: 0 });
  const task = lease.data.task as { jobId: number; version: number; submitId: number } | null;
  if (!task) throw new Error('nothing to lease');
  const r = await judge('/judge/result', {
    judgehostId: JH,
    jobId: task.jobId,
    version: task.version,
    status: 0,
    score: null,
    oiRankScore: null,
    time: 5,
    memory: 1000,
    errorMessage: null,
    cases: [],
  });
  if (!r.data.accepted) throw new Error('result refused');
  return task.submitId;
}

const submit = async () =>
  (
    await api<{ submitId: number }>(server.base, 'POST', '/submit-problem-judge', {
      token: rootToken,
      body: { pid: problemId, language: 'C++', code: 'int main(){return 0;}', cid: 0 },
    })
  ).data.submitId;

/** A page signed in as root (through the back office's login), in `locale` at `width` px. */
async function signedInPage(locale: 'en-US' | 'zh-CN', width: number): Promise<Page> {
  const { context, page } = await newPage(browser, { locale, width, height: 760 });
  contexts.push(context);
  // The machine may be busy: signing in gets more than the usual 15 s.
  page.setDefaultTimeout(30_000);
  await page.goto(`${server.base}/admin/login`);
  await page.locator('input[autocomplete=username]').fill('root');
  await page.locator('input[type=password]').fill(ROOT_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/admin\/?$/);
  return page;
}

beforeAll(async () => {
  server = await startServer({ OJ_JUDGE_TOKEN: JUDGE_TOKEN });
  const { token } = await api(server.base, 'POST', '/admin/login', {
    body: { username: 'root', password: ROOT_PASSWORD },
  });
  rootToken = token ?? '';
  await api(server.base, 'PUT', '/admin/switch/update', {
    token: rootToken,
    body: { defaultSubmitInterval: 0 },
  });
  const made = await api<{ problemId: string }>(server.base, 'POST', '/admin/problem', {
    token: rootToken,
    body: {
      problem: {
        problemId: 'QUEUE-1',
        title: 'Queue sum',
        description: 'Add two numbers.',
        input: 'Two integers.',
        output: 'Their sum.',
        examples: [{ input: '1 2', output: '3' }],
        timeLimit: 1000,
        memoryLimit: 256,
        type: 0,
        auth: 1,
      },
      samples: [{ input: '1 2\n', output: '3\n' }],
      languages: ['C++'],
    },
  });
  problemId = made.data.problemId;
  await register();
  // One job judged first, so the estimate has a judging time to go by; then four waiting.
  await submit();
  await judgeNext();
  for (let i = 0; i < 4; i++) ids.push(await submit());
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
});

const positionOf = (page: Page) => page.getByTestId('queue-position').first().getAttribute('data-position');

describe('queue position on screen', () => {
  it('shows the place and wait on the detail page and moves it live when a job ahead is judged', async () => {
    const page = await signedInPage('en-US', 375);
    await page.goto(`${server.base}/submission-detail/${ids[3]}`);
    await expect.poll(() => positionOf(page), T).toBe('4');
    // Beside the status banner (the first thing on the page at 375 px) and in the summary's status tag.
    const banner = page.getByTestId('submission-banner').getByTestId('queue-position');
    expect(await banner.textContent()).toMatch(/^#4 in queue · ~\d+ (s|min)$/);
    expect(await page.locator('[data-testid="status-tag"] [data-testid="queue-position"]').count()).toBe(1);
    await shot(page, 'queue-position-detail-en-375');
    await judgeNext();
    await expect.poll(() => positionOf(page), T).toBe('3');
  });

  it('shows the places in the status list and follows the queue', async () => {
    const page = await signedInPage('zh-CN', 375);
    await page.goto(`${server.base}/status`);
    const cell = page
      .locator(`[data-testid="status-cell"]`)
      .filter({ has: page.getByTestId('queue-position') });
    // ids[1..3] wait at 1, 2, 3.
    await expect.poll(() => cell.count(), T).toBe(3);
    const places = async () =>
      (
        await page
          .getByTestId('queue-position')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-position')))
      )
        .sort()
        .join(',');
    await expect.poll(places, T).toBe('1,2,3');
    // The list's cells are narrow: the short form.
    expect(await page.getByTestId('queue-position').first().textContent()).toMatch(
      /^第 \d 位 · 约 \d+ (秒|分钟)$/,
    );
    await shot(page, 'queue-position-status-zh-375');
    await judgeNext();
    await expect.poll(places, T).toBe('1,2');
  });

  it("shows the place in the problem page's result panel after a submit", async () => {
    const page = await signedInPage('en-US', 375);
    await page.goto(`${server.base}/problem/${problemId}`);
    const content = page.locator('[data-testid="code-panel"] .cm-content');
    await content.click();
    await page.keyboard.type('int main(){return 0;}');
    await page.getByTestId('submit-code').click();
    const panel = page.getByTestId('submit-status-panel');
    // ids[2], ids[3] wait ahead of it.
    await expect.poll(() => panel.getByTestId('queue-position').getAttribute('data-position'), T).toBe('3');
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'queue-position-panel-en-375');
    await judgeNext();
    await expect.poll(() => panel.getByTestId('queue-position').getAttribute('data-position'), T).toBe('2');
  });

  it('the zh-CN detail page and the back office judge page show the queue', async () => {
    const page = await signedInPage('zh-CN', 375);
    await page.goto(`${server.base}/submission-detail/${ids[3]}`);
    await expect.poll(() => positionOf(page), T).toBe('1');
    expect(await page.getByTestId('queue-position').first().textContent()).toMatch(
      /排队第 1 位 · 约 \d+ (秒|分钟)/,
    );
    await shot(page, 'queue-position-detail-zh-375');
    await page.goto(`${server.base}/admin/judge-server`);
    const card = page.getByTestId('judge-server-card');
    await expect
      .poll(() => card.textContent(), T)
      .toMatch(/评测速度.*个\/分钟.*最早任务已等待.*\d+ (秒|分钟)/);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'queue-position-admin-zh-375');
    const en = await signedInPage('en-US', 375);
    await en.goto(`${server.base}/admin/judge-server`);
    const enCard = en.getByTestId('judge-server-card');
    await expect
      .poll(() => enCard.textContent(), T)
      .toMatch(/Judging rate.*\/ min.*Oldest job waiting.*\d+ (s|min)/);
    await enCard.scrollIntoViewIfNeeded();
    await shot(en, 'queue-position-admin-en-375');
  });
});
