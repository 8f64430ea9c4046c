import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createGroupProblem,
  launchBrowser,
  networkQuiet,
  newPage,
  ROOT,
  ROOT_PASSWORD,
  type RunningServer,
  startServer,
  trackRequests,
} from '../harness.js';

/**
 * No raw i18n key on any page (issue 14 defect 4): every page of the app (public, user and admin), as a visitor
 * and as the super admin, in English and in Chinese, with a few actions that raise toasts and dialogs (sign-in
 * modal, Copy on a submission, the online-test drawer). A MutationObserver installed before the app records every
 * text node and label attribute that ever appears (toasts vanish after 4 s), outside code, key caps (`kbd`: key
 * names such as Enter, the same in every language) and user content; a text
 * is a raw key when it is one of the catalogues' keys that only a missing translation would show: a key with `_`
 * or `.` (`Copied_successfully`, `difficulty.1`), `ns:key`, or in Chinese any English key whose Chinese differs.
 */

const LOCALES = path.join(ROOT, 'apps/web/src/locales');
const T = { timeout: 15_000 };

type Dict = Record<string, unknown>;
const flat = (d: Dict, prefix = ''): [string, string][] =>
  Object.entries(d).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flat(v as Dict, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );

/** Every key of both catalogues (`key` and `ns:key`) with its Chinese text. */
function catalogue(): { namespaces: Set<string>; zh: Map<string, string> } {
  const namespaces = new Set<string>();
  const zh = new Map<string, string>();
  for (const file of fs.readdirSync(path.join(LOCALES, 'zh-CN')).filter((f) => f.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    namespaces.add(ns);
    for (const [k, v] of flat(JSON.parse(fs.readFileSync(path.join(LOCALES, 'zh-CN', file), 'utf8')))) {
      zh.set(k, v);
    }
  }
  return { namespaces, zh };
}

/**
 * The page paths of the route table (apps/web/src/features/**\/routes.ts, and the lazily discovered tabs of a
 * group, contest or training in shell-routes.ts), `:param` kept.
 */
function routePaths(): { site: string[]; admin: string[] } {
  const read = (f: string) => fs.readFileSync(path.join(ROOT, 'apps/web/src/features', f), 'utf8');
  const paths = (src: string) => [...src.matchAll(/path: '([^']+)',\s*(?:\n\s*)?page:/g)].map((m) => m[1]);
  const dirs = fs.readdirSync(path.join(ROOT, 'apps/web/src/features'));
  const site: string[] = [];
  const admin: string[] = [];
  for (const d of dirs) {
    for (const table of ['routes.ts', 'shell-routes.ts']) {
      const f = path.join(d, table);
      if (!fs.existsSync(path.join(ROOT, 'apps/web/src/features', f))) continue;
      (d.startsWith('admin') ? admin : site).push(
        ...paths(read(f)).map((p) => (d.startsWith('admin') ? `/admin/${p}` : `/${p}`)),
      );
    }
  }
  return { site, admin };
}

/** Records every text and label the page ever shows, outside code and user-written content. */
const RECORDER = `(() => {
  const seen = new Set();
  window.__texts = seen;
  const skip = (el) => el && el.closest && el.closest('.cm-editor, pre, code, kbd, .oj-markdown, textarea, [data-user-content]');
  const take = (node) => {
    if (node.nodeType === 3) {
      const t = node.textContent.trim();
      if (t && !skip(node.parentElement)) seen.add(t);
      return;
    }
    if (node.nodeType !== 1 || skip(node)) return;
    for (const a of ['placeholder', 'title', 'aria-label', 'alt']) {
      const v = node.getAttribute(a);
      if (v && v.trim()) seen.add(v.trim());
    }
    for (const c of node.childNodes) take(c);
  };
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.type === 'characterData') take(m.target);
      else if (m.type === 'attributes') take(m.target);
      else for (const n of m.addedNodes) take(n);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ['placeholder', 'title', 'aria-label', 'alt'] });
})();`;

let server: RunningServer;
let browser: Browser;
let rootToken = '';
let submitId = 0;
/** root's submission in the contest, for the contest submission-detail page. */
let contestSubmitId = 0;
let cid = 0;
let tid = 0;
let did = 0;
/** The group pages' data: a protected group with a problem, a training, a contest, a submission, a discussion. */
const grp = { gid: 0, problemId: '', tid: 0, cid: 0, submitId: 0, did: 0 };
/** The site's own name, short name and project name (an admin's words, not keys). */
let siteTexts = new Set<string>();
const cat = catalogue();

/** The raw keys among the recorded texts of `page`. */
async function rawKeys(page: Page, lang: 'en-US' | 'zh-CN'): Promise<string[]> {
  const texts = await page.evaluate(() => [
    ...((window as unknown as { __texts: Set<string> }).__texts ?? []),
  ]);
  const found = new Set<string>();
  for (const text of texts) {
    if (siteTexts.has(text)) continue;
    const nsKey = /^([A-Za-z]+):([\w.]+)$/.exec(text);
    if (nsKey && cat.namespaces.has(nsKey[1] ?? '')) found.add(text);
    for (const token of text.split(/[\s,;:!?()"'“”，。：；！？（）]+/)) {
      if (/[_.]/.test(token) && /^[A-Za-z]/.test(token) && cat.zh.has(token)) found.add(token);
    }
    if (lang === 'zh-CN' && /^[A-Za-z][\w ]*$/.test(text) && cat.zh.has(text) && cat.zh.get(text) !== text)
      found.add(text);
  }
  return [...found];
}

/**
 * Opens `url`, waits for the load, for no request in flight for 400 ms (the tab's live-event stream aside: it is
 * never idle) and for no skeleton or spinner, runs `act`, waits for its requests to settle, and returns the raw
 * keys seen (the recorder keeps every text shown meanwhile, so a key that flashes by is caught too).
 */
async function visit(page: Page, url: string, lang: 'en-US' | 'zh-CN', act?: (p: Page) => Promise<void>) {
  trackRequests(page);
  await page.goto(`${server.base}${url}`);
  await page.waitForLoadState('load');
  await networkQuiet(page, 400);
  // (expect.poll is refused in concurrent tests: the page waits for itself.)
  await page.waitForFunction(
    () => !document.querySelector('.ant-skeleton, .ant-spin-spinning'),
    undefined,
    T,
  );
  if (act) await act(page);
  await networkQuiet(page, 250);
  return (await rawKeys(page, lang)).map((k) => `${lang} ${url}: ${k}`);
}

/**
 * Issue 13's group pages: root (exempt from the creation limits) makes a protected group with an announcement, a
 * problem (`<shortName>1`), a training and a running contest holding it, a submission in the group and a
 * discussion in the group.
 */
async function seedGroup(categoryId: number): Promise<void> {
  const token = rootToken;
  const base = server.base;
  const g = await api<{ id: number }>(base, 'POST', '/group', {
    token,
    body: {
      name: 'Keys group',
      shortName: 'KEYSG',
      brief: 'A group for the key check.',
      description: 'The **group** of the keys.',
      auth: 2,
      code: 'ABCDEF',
      visible: true,
    },
  });
  grp.gid = g.data.id;
  const gid = grp.gid;
  await api(base, 'POST', '/group/announcement', {
    token,
    body: { gid, title: 'Keys group announcement', content: 'Welcome.', status: 0 },
  });
  const problem = await createGroupProblem(base, token, gid, '1', 'Group keys');
  grp.problemId = problem.problemId;
  const training = await api<{ tid: number }>(base, 'POST', '/group/training', {
    token,
    body: {
      gid,
      training: { title: 'Keys group training', description: 'One problem.', auth: 'Public' },
      trainingCategory: { id: categoryId },
    },
  });
  grp.tid = training.data.tid;
  await api(base, 'POST', '/group/add-training-problem-from-group', {
    token,
    body: { tid: grp.tid, problemId: grp.problemId, displayId: 'A' },
  });
  const hour = 3600_000;
  const contest = await api<{ cid: number }>(base, 'POST', '/group/contest', {
    token,
    body: {
      gid,
      title: 'Keys group contest',
      description: 'One problem.',
      type: 0,
      auth: 0,
      startTime: new Date(Date.now() - hour).toISOString(),
      endTime: new Date(Date.now() + hour).toISOString(),
    },
  });
  grp.cid = contest.data.cid;
  await api(base, 'POST', '/group/add-contest-problem-from-group', {
    token,
    body: { cid: grp.cid, problemId: grp.problemId, displayId: 'A' },
  });
  const sub = await api<{ submitId: number }>(base, 'POST', '/submit-problem-judge', {
    token,
    body: { pid: problem.pid, language: 'C++', code: 'int main(){return 0;}', gid },
  });
  grp.submitId = sub.data.submitId;
  const categories = await api<{ id: number }[]>(base, 'GET', '/discussion-category');
  const discussion = await api<{ id: number }>(base, 'POST', '/discussion', {
    token,
    body: {
      title: 'Keys group discussion',
      description: 'In the group.',
      content: 'A question for the **class**.',
      categoryId: categories.data[0]?.id,
      gid,
    },
  });
  grp.did = discussion.data.id;
}

/** The group pages (doc 3 §2) with their admin views, as root sees them; visitors are sent to log in. */
function groupPages(): [string, ((p: Page) => Promise<void>)?][] {
  const g = `/group/${grp.gid}`;
  return [
    ['/group', async (p) => void (await p.getByTestId('group-create-open').click())],
    [g, async (p) => void (await p.getByTestId('group-disband').click())],
    [`${g}/announcement`, async (p) => void (await p.getByTestId('group-announcement-create').click())],
    [`${g}/problem`],
    [`${g}/problem?view=admin`],
    [`${g}/problem?view=create`],
    [`${g}/problem/${grp.problemId}`],
    [`${g}/problem/${grp.problemId}/full-screen`],
    [`${g}/training`],
    [`${g}/training?view=admin`],
    [`${g}/training?view=create`],
    [
      `${g}/training?view=problems&tid=${grp.tid}`,
      async (p) => void (await p.getByTestId('training-add-group').click()),
    ],
    [`${g}/training/${grp.tid}`],
    [`${g}/training/${grp.tid}/problems`],
    [`${g}/training/${grp.tid}/problem/A`],
    [`${g}/training/${grp.tid}/problem/A/full-screen`],
    [`${g}/training/${grp.tid}/rank`],
    [`${g}/contest`],
    [`${g}/contest?view=admin`],
    [
      `${g}/contest?view=problems&cid=${grp.cid}`,
      async (p) => void (await p.getByTestId('open-add-group').click()),
    ],
    [`${g}/contest?view=announcements&cid=${grp.cid}`],
    [`${g}/status`],
    [`${g}/submission-detail/${grp.submitId}`],
    [`${g}/discussion`],
    [`${g}/discussion?view=admin`],
    [`${g}/discussion/${grp.problemId}`],
    [`${g}/discussion-detail/${grp.did}`],
    [`${g}/member`, async (p) => void (await p.getByTestId('group-member-admin').click())],
    [`${g}/setting`],
    [`${g}/rank`],
  ];
}

beforeAll(async () => {
  server = await startServer();
  ({ token: rootToken } = await api<unknown>(server.base, 'POST', '/admin/login', {
    body: { username: 'root', password: ROOT_PASSWORD },
  }).then((r) => ({ token: r.token ?? '' })));
  await api(server.base, 'POST', '/admin/problem', {
    token: rootToken,
    body: {
      problem: {
        problemId: 'K1',
        // Not a catalogue key: a title of exactly "Keys" read as the raw key of the shortcut list's header.
        title: 'Keys problem',
        description: 'Add **two** numbers.',
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
      tags: [{ name: 'math' }],
      codeTemplates: [],
    },
  });
  const list = await api<{ records: { pid: number }[] }>(server.base, 'GET', '/get-problem-list?keyword=K1', {
    token: rootToken,
  });
  const pid = list.data.records[0]?.pid ?? 0;
  const sub = await api<{ submitId: number }>(server.base, 'POST', '/submit-problem-judge', {
    token: rootToken,
    body: { pid, language: 'C++', code: 'int main(){return 0;}' },
  });
  submitId = sub.data.submitId;
  // A running public ACM contest with K1 as problem A, for the contest pages.
  const hour = 3600_000;
  const contest = await api<{ cid: number }>(server.base, 'POST', '/admin/contest', {
    token: rootToken,
    body: {
      title: 'Keys contest',
      description: 'One problem.',
      type: 0,
      auth: 0,
      openRank: true,
      openPrint: true,
      startTime: new Date(Date.now() - hour).toISOString(),
      endTime: new Date(Date.now() + hour).toISOString(),
    },
  });
  cid = contest.data.cid;
  await api(server.base, 'POST', '/admin/contest/add-problem-from-public', {
    token: rootToken,
    body: { cid, pid, displayId: 'A' },
  });
  const contestSub = await api<{ submitId: number }>(server.base, 'POST', '/submit-problem-judge', {
    token: rootToken,
    body: { pid: 'A', cid, language: 'C++', code: 'int main(){return 0;}' },
  });
  contestSubmitId = contestSub.data.submitId;
  await api(server.base, 'POST', '/admin/contest/announcement', {
    token: rootToken,
    body: { cid, announcement: { title: 'Keys announcement', content: 'Read **this**.' } },
  });
  await api(server.base, 'POST', '/admin/contest/clarification', {
    token: rootToken,
    body: { cid, displayId: 'A', answer: 'Keys clarification to everyone.' },
  });
  // A public training with K1 as problem A, for the training pages.
  const category = await api<{ id: number }>(server.base, 'POST', '/admin/training/category', {
    token: rootToken,
    body: { name: 'Keys category', color: '#409EFF' },
  });
  const training = await api<{ tid: number }>(server.base, 'POST', '/admin/training', {
    token: rootToken,
    body: {
      training: { title: 'Keys training', description: 'One problem.', auth: 'Public' },
      trainingCategory: { id: category.data.id },
    },
  });
  tid = training.data.tid;
  await api(server.base, 'POST', '/admin/training/add-problem-from-public', {
    token: rootToken,
    body: { tid, pid, displayId: 'A' },
  });
  // A discussion on K1 with a comment, for the discussion pages and the comment section.
  const categories = await api<{ id: number }[]>(server.base, 'GET', '/discussion-category');
  const discussion = await api<{ id: number }>(server.base, 'POST', '/discussion', {
    token: rootToken,
    body: {
      title: 'Keys discussion',
      description: 'About K1.',
      content: 'Is **1 2** the only sample?',
      categoryId: categories.data[0]?.id,
      pid: 'K1',
    },
  });
  did = discussion.data.id;
  await api(server.base, 'POST', '/comment', { token: rootToken, body: { did, content: 'Yes.' } });
  await seedGroup(category.data.id);
  const site = await api<Record<string, unknown>>(server.base, 'GET', '/get-website-config');
  siteTexts = new Set(['name', 'shortName', 'projectName'].map((k) => String(site.data[k])));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('no raw i18n key on any page', () => {
  const site = (): [string, ((p: Page) => Promise<void>)?][] => [
    ['/home', async (p) => void (await p.getByTestId('open-login').click())],
    ['/introduction'],
    ['/developer'],
    ['/problem'],
    ['/problem/K1', async (p) => void (await p.getByTestId('open-test-drawer').click())],
    ['/status'],
    [
      `/submission-detail/${submitId}`,
      async (p) => {
        await p.getByRole('button', { name: /Copy|复制/ }).click();
        // The recorder sees toasts (they vanish after 4 s): the one just shown was recorded.
        const notice = p.locator('.ant-message-notice').last();
        await notice.waitFor();
        const text = ((await notice.textContent()) ?? '').trim();
        const seen = await p.evaluate(() => [...(window as unknown as { __texts: Set<string> }).__texts]);
        expect(seen).toContain(text);
      },
    ],
    ['/contest'],
    [`/contest/${cid}`],
    [`/contest/${cid}/problems`],
    [`/contest/${cid}/problem/A`],
    [`/contest/${cid}/problem/A/full-screen`],
    [`/contest/${cid}/problem/A/submission-detail/${contestSubmitId}`],
    [`/contest/${cid}/submissions`],
    [`/contest/${cid}/rank`],
    [`/contest/${cid}/scroll-board`],
    ['/scrollBoard'],
    [`/scrollBoard?cid=${cid}`],
    [`/contest/${cid}/announcements`],
    [`/contest/${cid}/clarifications`],
    [`/contest/${cid}/ac-info`],
    [`/contest/${cid}/print`],
    [`/contest/${cid}/admin-print`],
    [`/contest/${cid}/rejudge`],
    [`/contest/acm-scoreboard/${cid}`],
    [`/contest/oi-scoreboard/${cid}`],
    [`/similarity/contest/${cid}`],
    ['/training'],
    [`/training/${tid}`],
    [`/training/${tid}/problems`],
    [`/training/${tid}/problem/A`],
    [`/training/${tid}/problem/A/full-screen`],
    [`/training/${tid}/rank`],
    [`/contest/${cid}/comment`],
    ['/discussion'],
    ['/discussion/K1'],
    [`/discussion-detail/${did}`, async (p) => void (await p.getByTestId('discussion-report').click())],
    ['/message'],
    ['/message/discuss'],
    ['/message/reply'],
    ['/message/like'],
    ['/message/sys'],
    ['/message/mine'],
    ['/acm-rank'],
    ['/oi-rank'],
    ['/help'],
    ['/user-home'],
    ['/setting'],
    ['/reset-password'],
    ['/no-such-page'],
    ...groupPages(),
    ['/logout'],
  ];
  const admin = (pid: number): [string, ((p: Page) => Promise<void>)?][] => [
    ['/admin'],
    ['/admin/conf'],
    ['/admin/switch'],
    ['/admin/announcement'],
    ['/admin/problems'],
    ['/admin/problem/create'],
    [`/admin/problem/edit/${pid}`],
    ['/admin/problem/tag'],
    ['/admin/problem/batch-operation'],
    ['/admin/problem/import'],
    ['/admin/user'],
    ['/admin/auth'],
    ['/admin/role-auth'],
    ['/admin/contest'],
    ['/admin/contest/create'],
    [`/admin/contest/${cid}/edit`],
    [`/admin/contest/${cid}/problems`],
    [`/admin/contest/${cid}/announcement`],
    [`/admin/contest/${cid}/problem/create`],
    [`/admin/contest/${cid}/problem/${pid}/edit`],
    ['/admin/training'],
    ['/admin/training/create'],
    ['/admin/training/category'],
    [`/admin/training/${tid}/edit`],
    [`/admin/training/${tid}/problems`],
    ['/admin/judge-server'],
    ['/admin/language'],
    ['/admin/discussion'],
    ['/admin/discussion?tab=report'],
    ['/admin/notice', async (p) => void (await p.getByTestId('notice-create').click())],
    ['/admin/group-problem/apply'],
  ];

  it('the visit list covers every page of the route table', () => {
    const visited = [...site(), ...admin(1)].map(([u]) => u);
    const { site: s, admin: a } = routePaths();
    const missing = [...s, ...a].filter(
      // Child routes (a contest's tabs) are read relative to their parent: matched at the end of a visited path.
      (p) => !visited.some((u) => new RegExp(`${p.replace(/:\w+/g, '[^/]+')}$`).test(u)),
    );
    expect(missing).toEqual([]);
  });

  // The two languages run side by side (their own browser contexts and sessions; the actions only open dialogs):
  // most of a visit is waiting for the network to settle, so this halves the file's time on two cores.
  for (const lang of ['en-US', 'zh-CN'] as const) {
    it.concurrent(`as a visitor and as root, in ${lang}`, async () => {
      const found: string[] = [];
      // A visitor: public pages (the signed-in ones send back with a login prompt, itself checked).
      const visitor = await newPage(browser, { locale: lang });
      await visitor.context.addInitScript(RECORDER);
      await visitor.context.addInitScript(`localStorage.setItem('languages', '${lang}')`);
      for (const [url, act] of site()) {
        found.push(...(await visit(visitor.page, url, lang, url === '/home' ? act : undefined)));
      }
      found.push(...(await visit(visitor.page, '/admin/login', lang)));
      await visitor.context.close();

      // Root: every page, with the actions that open toasts, drawers and modals.
      const signed = await newPage(browser, { locale: lang });
      await signed.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.base });
      await signed.context.addInitScript(RECORDER);
      await signed.context.addInitScript(`localStorage.setItem('languages', '${lang}')`);
      const page = signed.page;
      await page.goto(`${server.base}/admin/login`);
      await page.locator('input[autocomplete=username]').fill('root');
      await page.locator('input[type=password]').fill(ROOT_PASSWORD);
      await page.locator('button[type=submit]').click();
      await page.waitForURL(/\/admin\/?$/);
      const list = await api<{ records: { pid: number }[] }>(
        server.base,
        'GET',
        '/get-problem-list?keyword=K1',
        {
          token: rootToken,
        },
      );
      const pid = list.data.records[0]?.pid ?? 0;
      // Admin pages first: /logout, last of the site pages, signs root out.
      for (const [url, act] of [...admin(pid), ...site().filter(([u]) => u !== '/home')]) {
        found.push(...(await visit(page, url, lang, act)));
      }
      await signed.context.close();
      expect(found).toEqual([]);
    }, 1_200_000);
  }
});
