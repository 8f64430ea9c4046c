import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createGroupProblem,
  launchBrowser,
  networkQuiet,
  ROOT_PASSWORD,
  type RunningServer,
  SCREENSHOTS,
  startServer,
  trackRequests,
} from '../harness.js';

/**
 * Screenshots of every main page (issue 28) in the light and the dark theme, in English and Chinese, at 1280 and
 * 375 px, saved to e2e/screenshots/theme/ (git-ignored) for a person to look at: home, problem list, problem,
 * submission, contest list, contest board (judged: first blood, a wrong try), training, discussion, group, admin
 * home and admin problem list. The theme comes from the system (`colorScheme`), the site following it. Each shot
 * checks that the page is drawn in its theme (the body's background) and does not overflow sideways.
 */

const OUT = path.join(SCREENSHOTS, 'theme');
const T = { timeout: 60_000 };
let server: RunningServer;
let browser: Browser;
let rootToken = '';
let rootUser = '';
const PASSWORD = 'darkMode1pass';
const ids = { pid: 0, submitId: 0, cid: 0, tid: 0, did: 0, gid: 0 };

/** Waits until a submission has its verdict (the embedded judge runs it). */
async function judged(submitId: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const r = await api<{ submission: { status: number } }>(
      server.base,
      'GET',
      `/get-submission-detail?submitId=${submitId}`,
      { token: rootToken },
    );
    if (![5, 6, 7, 9].includes(r.data.submission.status)) return;
    if (Date.now() > deadline) throw new Error(`submission ${submitId} not judged`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  server = await startServer({ OJ_EMBEDDED_JUDGE_WORKERS: '1' });
  const base = server.base;
  const login = await api<Record<string, unknown>>(base, 'POST', '/login', {
    body: { username: 'root', password: ROOT_PASSWORD },
  });
  rootToken = login.token ?? '';
  rootUser = JSON.stringify(login.data);
  const token = rootToken;
  await api(base, 'PUT', '/admin/switch/update', { token, body: { defaultSubmitInterval: 0 } });
  await api(base, 'POST', '/admin/user/insert-batch-user', {
    token,
    body: {
      users: [
        ['owl_ada', PASSWORD, 'ada@example.test', '', '', '', ''],
        ['owl_bob', PASSWORD, 'bob@example.test', '', '', '', ''],
      ],
    },
  });
  await api(base, 'POST', '/admin/problem', {
    token,
    body: {
      problem: {
        problemId: 'DM1',
        title: 'A plus B in the dark',
        description:
          'Add $a$ and $b$.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```cpp\nint main() {}\n```\n\n> Mind overflow.',
        input: 'Two integers `a b`.',
        output: 'Their sum.',
        examples: [{ input: '1 2', output: '3' }],
        timeLimit: 1000,
        memoryLimit: 256,
        type: 0,
        auth: 1,
      },
      samples: [{ input: '1 2\n', output: '3\n' }],
      languages: ['C++'],
      tags: [{ name: 'math' }],
      codeTemplates: [],
    },
  });
  const list = await api<{ records: { pid: number }[] }>(base, 'GET', '/get-problem-list?keyword=DM1', {
    token,
  });
  ids.pid = list.data.records[0]?.pid ?? 0;
  const AC = '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}';
  const WA = 'int main(){return 0;}';
  const hour = 3600_000;
  const contest = await api<{ cid: number }>(base, 'POST', '/admin/contest', {
    token,
    body: {
      title: 'Dark mode contest',
      description: 'One problem.',
      type: 0,
      auth: 0,
      openRank: true,
      startTime: new Date(Date.now() - hour).toISOString(),
      endTime: new Date(Date.now() + hour).toISOString(),
    },
  });
  ids.cid = contest.data.cid;
  await api(base, 'POST', '/admin/contest/add-problem-from-public', {
    token,
    body: { cid: ids.cid, pid: ids.pid, displayId: 'A' },
  });
  // On the board: ada's wrong try then first blood, bob's wrong try.
  for (const [username, code] of [
    ['owl_ada', WA],
    ['owl_ada', AC],
    ['owl_bob', WA],
  ]) {
    const user = await api(base, 'POST', '/login', { body: { username, password: PASSWORD } });
    const s = await api<{ submitId: number }>(base, 'POST', '/submit-problem-judge', {
      token: user.token ?? '',
      body: { pid: 'A', cid: ids.cid, language: 'C++', code },
    });
    await judged(s.data.submitId);
  }
  const sub = await api<{ submitId: number }>(base, 'POST', '/submit-problem-judge', {
    token,
    body: { pid: ids.pid, language: 'C++', code: AC },
  });
  ids.submitId = sub.data.submitId;
  await judged(ids.submitId);
  const category = await api<{ id: number }>(base, 'POST', '/admin/training/category', {
    token,
    body: { name: 'Basics', color: '#409EFF' },
  });
  const training = await api<{ tid: number }>(base, 'POST', '/admin/training', {
    token,
    body: {
      training: { title: 'Dark mode training', description: 'One problem.', auth: 'Public' },
      trainingCategory: { id: category.data.id },
    },
  });
  ids.tid = training.data.tid;
  await api(base, 'POST', '/admin/training/add-problem-from-public', {
    token,
    body: { tid: ids.tid, pid: ids.pid, displayId: 'A' },
  });
  const categories = await api<{ id: number }[]>(base, 'GET', '/discussion-category');
  const discussion = await api<{ id: number }>(base, 'POST', '/discussion', {
    token,
    body: {
      title: 'Is the sum bounded?',
      description: 'About DM1.',
      content: 'Does `a + b` fit in **32 bits**?\n\n```cpp\nlong long s = a + b;\n```\n\n> quoted',
      categoryId: categories.data[0]?.id,
      pid: 'DM1',
    },
  });
  ids.did = discussion.data.id;
  await api(base, 'POST', '/comment', { token, body: { did: ids.did, content: 'Use `long long`.' } });
  const g = await api<{ id: number }>(base, 'POST', '/group', {
    token,
    body: {
      name: 'Night owls',
      shortName: 'OWLSG',
      brief: 'A group that codes at night.',
      description: 'The **group** of the dark.',
      auth: 1,
      visible: true,
    },
  });
  ids.gid = g.data.id;
  await createGroupProblem(base, token, ids.gid, '1', 'Group sum');
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The pages: name, address, and what shows the page is there. */
function pages(): [string, string, string][] {
  return [
    ['home', '/home', '[data-testid="announcement-panel"]'],
    ['problem-list', '/problem', 'text=A plus B in the dark'],
    ['problem', '/problem/DM1', '.cm-editor .cm-content'],
    ['submission', `/submission-detail/${ids.submitId}`, '.cm-editor .cm-content'],
    ['contest-list', '/contest', 'text=Dark mode contest'],
    ['contest-board', `/contest/${ids.cid}/rank`, '.oj-board td.cell'],
    ['training', `/training/${ids.tid}/problems`, 'text=A plus B in the dark'],
    ['discussion', `/discussion-detail/${ids.did}`, '.oj-markdown'],
    ['group', `/group/${ids.gid}`, 'text=Night owls'],
    ['admin-home', '/admin', '[data-testid="admin-title"]'],
    ['admin-problem-list', '/admin/problems', 'text=A plus B in the dark'],
  ];
}

describe('screenshots of the main pages in both themes', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const width of [1280, 375]) {
        it(`${theme}, ${lang}, ${width} px`, T, async () => {
          const context = await browser.newContext({
            locale: lang,
            colorScheme: theme,
            viewport: { width, height: width > 400 ? 800 : 740 },
          });
          // Signed in as root (the session the app keeps in local storage), in the language of the run.
          await context.addInitScript(
            ([l, token, user]) => {
              localStorage.setItem('languages', l);
              localStorage.setItem('token', token);
              localStorage.setItem('userInfo', user);
            },
            [lang, rootToken, rootUser] as const,
          );
          const page: Page = await context.newPage();
          page.setDefaultTimeout(20_000);
          const problems: string[] = [];
          for (const [name, url, ready] of pages()) {
            trackRequests(page);
            await page.goto(`${server.base}${url}`);
            await page.locator(ready).first().waitFor();
            await networkQuiet(page, 300);
            await page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning'));
            const seen = await page.evaluate(() => ({
              theme: document.documentElement.dataset.theme,
              bg: getComputedStyle(document.body).backgroundColor,
              overflow: document.documentElement.scrollWidth - window.innerWidth,
            }));
            if (seen.theme !== theme) problems.push(`${name}: theme ${seen.theme}`);
            if (seen.bg !== (theme === 'dark' ? 'rgb(0, 0, 0)' : 'rgb(245, 246, 248)'))
              problems.push(`${name}: background ${seen.bg}`);
            if (seen.overflow > 0) problems.push(`${name}: ${seen.overflow} px wider than the screen`);
            await page.screenshot({ path: path.join(OUT, `${name}-${theme}-${lang}-${width}.png`) });
          }
          expect(problems).toEqual([]);
          await context.close();
        });
      }
    }
  }
});
