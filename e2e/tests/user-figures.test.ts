import type { Browser, Page } from 'playwright-core';
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
 * Issue 14 defect 10 (and defect 6 on screen), in Chromium at 375 px with the REAL embedded judge: the user home's
 * statistics do not overlap, its OI score and AC rate are the OI rank table's figures on the same scale, and the
 * case cards of a Memory Limit Exceeded submission (a vector growing forever) show the whole verdict tag, in
 * English and Chinese.
 */

const AC_CODE =
  '#include <cstdio>\nint main(){long long a,b;scanf("%lld%lld",&a,&b);printf("%lld\\n",a+b);return 0;}\n';
const MLE_CODE = '#include <vector>\nint main(){std::vector<int> v;for(;;)v.push_back(1);}\n';

let server: RunningServer;
let browser: Browser;
let rootToken: string;
let mleId = 0;

/** Submits `code` to `problemId` as root and waits (max 3 min) for its final status. */
async function judged(problemId: string, code: string): Promise<{ submitId: number; status: number }> {
  const { data } = await api<{ submitId: number }>(server.base, 'POST', '/submit-problem-judge', {
    token: rootToken,
    body: { pid: problemId, language: 'C++', code, cid: 0 },
  });
  const end = Date.now() + 180_000;
  for (;;) {
    const r = await api<Record<string, { status: number }>>(
      server.base,
      'POST',
      '/check-submissions-status',
      {
        token: rootToken,
        body: { submitIds: [data.submitId], cid: 0 },
      },
    );
    const status = r.data[data.submitId]?.status;
    if (status === 4) {
      const d = await api<{ submission: { errorMessage: string } }>(
        server.base,
        'GET',
        `/get-submission-detail?submitId=${data.submitId}`,
        { token: rootToken },
      );
      throw new Error(`System Error: ${d.data.submission.errorMessage}`);
    }
    if (status !== undefined && ![5, 6, 7, 9].includes(status)) return { submitId: data.submitId, status };
    if (Date.now() > end) throw new Error(`submission ${data.submitId} not judged in time`);
    await new Promise((res) => setTimeout(res, 300));
  }
}

async function signedInPage(locale: 'en-US' | 'zh-CN'): Promise<Page> {
  const { page } = await newPage(browser, { locale, width: 375, height: 800 });
  await page.goto(`${server.base}/admin/login`);
  await page.locator('input[autocomplete=username]').fill('root');
  await page.locator('input[type=password]').fill(ROOT_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/admin\/?$/);
  return page;
}

beforeAll(async () => {
  server = await startServer({ OJ_EMBEDDED_JUDGE_WORKERS: '1' });
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
        problemId: 'OI-SUM',
        title: 'OI sum',
        description: 'Add two numbers.',
        input: 'Two integers.',
        output: 'Their sum.',
        examples: [{ input: '1 2', output: '3' }],
        timeLimit: 1000,
        memoryLimit: 256,
        type: 1,
        ioScore: 100,
        auth: 1,
        openCaseResult: true,
      },
      samples: [
        { input: '1 2\n', output: '3\n', score: 50 },
        { input: '5 7\n', output: '12\n', score: 50 },
      ],
      languages: ['C++'],
    },
  });
  expect((await judged(made.data.problemId, AC_CODE)).status).toBe(0);
  const mle = await judged(made.data.problemId, MLE_CODE);
  expect(mle.status).toBe(2);
  mleId = mle.submitId;
  browser = await launchBrowser();
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Boxes of the elements matching `selector`. */
const boxes = (p: Page, selector: string) =>
  p.locator(selector).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );

describe('user figures at 375 px', () => {
  it('user home: statistics side by side without overlap, OI score and AC rate as on the OI rank', async () => {
    const page = await signedInPage('en-US');
    await page.goto(`${server.base}/user-home?username=root`);
    await page.getByTestId('user-stats').waitFor();
    const stats = await boxes(page, '[data-testid="user-stats"] .ant-statistic');
    // Accepted, submissions, OI score, AC rate and the CF rating (doc 1 §2.9).
    expect(stats).toHaveLength(5);
    for (const [i, a] of stats.entries()) {
      expect(a.left).toBeGreaterThanOrEqual(0);
      expect(a.right).toBeLessThanOrEqual(375);
      for (const b of stats.slice(i + 1)) {
        const overlap =
          a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        expect(overlap, JSON.stringify({ a, b })).toBe(false);
      }
    }
    // No statistic's title or value is cut off.
    const cut = await page
      .locator(
        '[data-testid="user-stats"] .ant-statistic-title, [data-testid="user-stats"] .ant-statistic-content',
      )
      .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(cut).toEqual([]);
    const homeScore = await page.getByTestId('user-oi-score').locator('.ant-statistic-content').textContent();
    const homeRate = await page.getByTestId('user-ac-rate').locator('.ant-statistic-content').textContent();
    await shot(page, 'user-home-375-en');

    await page.goto(`${server.base}/oi-rank`);
    const row = page.locator('[data-testid="rank-table"] tr', { hasText: 'root' });
    const rankScore = await row.getByTestId('rank-score').textContent();
    // One scale: the OI rank's score and the user home's OI score are the same number (not 300 and 3).
    expect(homeScore).toBe(rankScore);
    expect(Number(rankScore)).toBeGreaterThan(0);
    // One meaning: the user home's AC rate is accepted problems over judged submissions, as the rank's AC / total.
    const acTotal = (await row.locator('td', { hasText: '/' }).first().textContent()) ?? '';
    const [ac, total] = acTotal.split('/').map((s) => Number(s.trim()));
    expect(homeRate).toBe(`${Math.min(100, (ac / total) * 100).toFixed(2)}%`);
    await page.context().close();
  }, 120_000);

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`submission detail (${locale}): the case cards show the whole Memory Limit Exceeded tag`, async () => {
      const page = await signedInPage(locale);
      await page.goto(`${server.base}/submission-detail/${mleId}`);
      await page.getByTestId('case-card').first().waitFor();
      const cards = await boxes(page, '[data-testid="case-card"]');
      const tags = await boxes(page, '[data-testid="case-status"]');
      expect(tags.length).toBe(cards.length);
      for (const [i, tag] of tags.entries()) {
        expect(tag.right, `tag ${i + 1} inside its card`).toBeLessThanOrEqual(cards[i].right + 0.5);
        expect(tag.bottom).toBeLessThanOrEqual(cards[i].bottom + 0.5);
      }
      const clipped = await page
        .locator('[data-testid="case-card"] .ant-card-head-title')
        .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).length);
      expect(clipped).toBe(0);
      await shot(page, `submission-detail-mle-375-${locale}`);
      await page.context().close();
    }, 120_000);
  }
});
