import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem } from '../contest-kit.js';
import {
  api,
  launchBrowser,
  newPage,
  ROOT_PASSWORD,
  type RunningServer,
  shot,
  startServer,
} from '../harness.js';

// The similarity page in a real browser (issue 29 part 1, docs/similarity.md): a contest where bob hands in
// alice's program with names and spacing changed and carol writes her own; root opens the contest's similarity
// page from the contest admin list, starts a check of every submission, waits for it to finish, sees the copied
// pair first and compares it side by side with the fragments highlighted. English, Chinese, 375 px.

const T = { timeout: 30_000 };
const PASSWORD = 'simPass123';
const ALICE = `#include <bits/stdc++.h>
using namespace std;
int main() {
  int n; cin >> n;
  vector<long long> a(n);
  for (int i = 0; i < n; i++) cin >> a[i];
  sort(a.begin(), a.end());
  long long best = 0, cur = 0;
  for (int i = 0; i < n; i++) { cur = max(a[i], cur + a[i]); best = max(best, cur); }
  map<long long, int> seen;
  for (auto x : a) seen[x]++;
  cout << best << " " << seen.size() << endl;
  return 0;
}
`;
const BOB = ALICE.replaceAll('best', 'answer').replaceAll('cur', 'running').replaceAll('seen', 'counts');
// Carol reads the input the same way (the usual boilerplate) but computes something else.
const CAROL = `#include <bits/stdc++.h>
using namespace std;
int main() {
  int n; cin >> n;
  vector<long long> a(n);
  for (int i = 0; i < n; i++) cin >> a[i];
  long long odd = 0;
  for (int i = 0; i < n; i++) if (a[i] % 2) odd += a[i];
  string s = to_string(odd);
  reverse(s.begin(), s.end());
  printf("%s %d\\n", s.c_str(), (int)count(a.begin(), a.end(), 0LL));
}
`;

let server: RunningServer;
let browser: Browser;
let rootToken: string;
let cid: number;

beforeAll(async () => {
  server = await startServer();
  const login = await api(server.base, 'POST', '/admin/login', {
    body: { username: 'root', password: ROOT_PASSWORD },
  });
  rootToken = login.token ?? '';
  await api(server.base, 'PUT', '/admin/switch/update', {
    token: rootToken,
    body: { defaultSubmitInterval: 0 },
  });
  await api(server.base, 'POST', '/admin/user/insert-batch-user', {
    token: rootToken,
    body: {
      users: [
        ['alice', PASSWORD],
        ['bob', PASSWORD],
        ['carol', PASSWORD],
      ],
    },
  });
  await createProblem(server, rootToken, {
    problemId: 'SIM-1',
    title: 'Sums',
    op: '+',
    samples: ['1 2', '3'],
    cases: [],
  });
  const list = await api<{ records: { pid: number }[] }>(
    server.base,
    'GET',
    '/get-problem-list?keyword=SIM-1',
  );
  const pid = list.data.records[0]?.pid ?? 0;
  const hour = 3600_000;
  const contest = await api<{ cid: number }>(server.base, 'POST', '/admin/contest', {
    token: rootToken,
    body: {
      title: 'Similarity contest',
      description: 'One problem.',
      type: 0,
      auth: 0,
      startTime: new Date(Date.now() - hour).toISOString(),
      endTime: new Date(Date.now() + hour).toISOString(),
    },
  });
  cid = contest.data.cid;
  await api(server.base, 'POST', '/admin/contest/add-problem-from-public', {
    token: rootToken,
    body: { cid, pid, displayId: 'A' },
  });
  for (const [username, code] of [
    ['alice', ALICE],
    ['bob', BOB],
    ['carol', CAROL],
  ] as const) {
    const { token } = await api(server.base, 'POST', '/login', { body: { username, password: PASSWORD } });
    await api(server.base, 'POST', '/submit-problem-judge', {
      token: token ?? '',
      body: { pid: 'A', cid, language: 'C++', code },
    });
  }
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page signed in as root through the admin sign-in form, in `locale` at `width` px. */
async function rootPage(locale: 'en-US' | 'zh-CN', width = 1280): Promise<Page> {
  const { page } = await newPage(browser, { locale, width });
  await page.goto(`${server.base}/admin/login`);
  // The first load of a page on a busy machine takes a while (as in admin-screens.test.ts).
  await page.locator('input[autocomplete=username]').waitFor({ timeout: 60_000 });
  await page.locator('input[autocomplete=username]').fill('root');
  await page.locator('input[type=password]').fill(ROOT_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/admin\/?$/, T);
  return page;
}

describe('similarity page', () => {
  it('runs a check from the contest admin list and shows the copied pair first, side by side', async () => {
    const page = await rootPage('en-US');
    await page.goto(`${server.base}/admin/contest`);
    await page.getByTestId('similarity-link-contest').first().click(T);
    await page.waitForURL(new RegExp(`/similarity/contest/${cid}$`), T);
    await expect
      .poll(() => page.getByTestId('similarity-status').textContent(), T)
      .toMatch(/No check has run yet/);

    // Pending submissions (no judge here): only an "all submissions" check takes them.
    await page.getByText('All submissions').click();
    await page.getByTestId('similarity-start').click();
    await expect
      .poll(() => page.getByTestId('similarity-status').textContent(), { timeout: 120_000 })
      .toMatch(/Done: 3 programs/);

    const rows = page.getByTestId('similarity-pairs').locator('.ant-table-row');
    await expect.poll(() => rows.count(), T).toBeGreaterThan(0);
    const first = await rows.first().textContent();
    expect(first).toContain('alice');
    expect(first).toContain('bob');
    expect(first).toMatch(/(9\d|100)\.\d%/);

    await rows.first().getByTestId('similarity-open-pair').click();
    const left = page.getByTestId('similarity-left');
    const right = page.getByTestId('similarity-right');
    await expect.poll(() => left.locator('[data-fragment]').count(), T).toBeGreaterThan(0);
    await expect.poll(() => right.locator('[data-fragment]').count(), T).toBeGreaterThan(0);
    expect(await left.textContent()).toMatch(/best|answer/);
    await shot(page, 'similarity-en');

    // Carol's program shares the boilerplate only: her pairs rank below and the threshold filter leaves them out.
    expect(await rows.count()).toBe(3);
    await page.locator('input#similarity-threshold').fill('90');
    await page.locator('input#similarity-threshold').press('Tab');
    await expect.poll(() => rows.count(), T).toBe(1);
  });

  it('reads in Chinese and at 375 px', async () => {
    const zh = await rootPage('zh-CN');
    await zh.goto(`${server.base}/similarity/contest/${cid}?l=zh-CN`);
    await expect.poll(() => zh.getByTestId('similarity-status').textContent(), T).toMatch(/完成：3 份程序/);
    await zh.getByTestId('similarity-open-pair').first().click();
    await zh.getByTestId('similarity-pair').waitFor(T);
    await shot(zh, 'similarity-zh');

    for (const locale of ['en-US', 'zh-CN'] as const) {
      const narrow = await rootPage(locale, 375);
      await narrow.goto(`${server.base}/similarity/contest/${cid}?l=${locale}`);
      await narrow.getByTestId('similarity-open-pair').first().click(T);
      await narrow.getByTestId('similarity-pair').waitFor(T);
      // Nothing wider than the screen: the table scrolls inside its card, the programs stack.
      const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(narrow, `similarity-375-${locale}`);
      await narrow.getByTestId('similarity-pair').scrollIntoViewIfNeeded();
      await shot(narrow, `similarity-375-pair-${locale}`);
    }
  });

  it('refuses a contestant: the page shows no pairs', async () => {
    const { token } = await api(server.base, 'POST', '/login', {
      body: { username: 'carol', password: PASSWORD },
    });
    const res = await fetch(`${server.base}/api/similarity/pairs?scope=contest&id=${cid}`, {
      headers: { authorization: token ?? '' },
    });
    expect(res.status).toBe(403);
  });
});
