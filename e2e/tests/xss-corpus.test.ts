import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, rootAdminPage, signIn, T } from '../contest-kit.js';
import { SHORT_PAYLOADS, XSS_PAYLOADS } from '../fixtures/xss-payloads.js';
import {
  api,
  configureMail,
  type Inbox,
  launchBrowser,
  navigateInApp,
  networkQuiet,
  newPage,
  type RunningServer,
  startInbox,
  startServer,
  trackRequests,
} from '../harness.js';

/**
 * The script-injection corpus of issue 12 ("Safety") in a real browser. An attacker posts every payload of
 * e2e/fixtures/xss-payloads.ts as a discussion (title, description, content), a report reason, a comment and a
 * reply on the victim's discussion (so they also reach the victim's message centre), and as their signature and
 * (the short ones) nickname. The victim and root then open every page that shows them: the discussion list and
 * details, the comment section with every page loaded and the replies expanded, the message centre, the user home,
 * the back office's discussion and report tables. The test fails on any payload that runs (`window.__xss` or a
 * dialog), any page error or console error not explained below, any request to a host other than the test
 * server (all are routed to fail and recorded), and any element carrying an inline event handler attribute or a
 * `javascript:` / `vbscript:` / `data:text/html` address.
 */

const ATTACKER = 'xs_mallory';
const VICTIM = 'xs_victor';
const PASSWORD = 'xssCorpusPass1';

let server: RunningServer;
let inbox: Inbox;
let browser: Browser;
let rootToken = '';
let d0 = 0;
const dids: number[] = [];

/** Everything suspicious seen, as `<page>: <what>`; the test ends by asserting each list is empty. */
const seen = {
  ran: [] as string[],
  dialogs: [] as string[],
  pageErrors: [] as string[],
  consoleErrors: [] as string[],
  foreign: [] as string[],
  dom: [] as string[],
};
let current = '';

/**
 * Console errors the browser prints for what the defences did, not for code that ran: an aborted foreign request
 * (also recorded in `foreign`) and the Content-Security-Policy refusing a cross-site image (img-src; the sanitizer
 * keeps `<img>` with absolute http(s) addresses, as GitHub's allow-list does).
 */
const EXPLAINED = [
  /Failed to load resource: net::ERR_FAILED/,
  /violates the following Content Security Policy directive: "img-src/,
];

/** Reads the DOM of every frame for inline handlers and script addresses. Runs in the page. */
const SCAN = () => {
  const bad: string[] = [];
  const urlAttrs = [
    'href',
    'src',
    'action',
    'formaction',
    'xlink:href',
    'data',
    'background',
    'poster',
    'srcset',
  ];
  const visit = (doc: Document) => {
    for (const el of Array.from(doc.querySelectorAll('*'))) {
      for (const a of Array.from(el.attributes)) {
        const name = a.name.toLowerCase();
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore control characters in URLs
        const value = a.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (name.startsWith('on'))
          bad.push(`<${el.tagName.toLowerCase()} ${name}="${a.value.slice(0, 60)}">`);
        if (name === 'srcdoc') bad.push(`<${el.tagName.toLowerCase()} srcdoc>`);
        if (urlAttrs.includes(name) && /^(javascript|vbscript|data:text\/html)/.test(value))
          bad.push(`<${el.tagName.toLowerCase()} ${name}="${a.value.slice(0, 60)}">`);
        if (name === 'style' && /expression\(|javascript:/.test(value))
          bad.push(`<${el.tagName.toLowerCase()} style="${a.value.slice(0, 60)}">`);
      }
    }
    for (const f of Array.from(doc.querySelectorAll('iframe'))) {
      try {
        if (f.contentDocument) visit(f.contentDocument);
      } catch {
        // a cross-origin frame: its address was checked above
      }
    }
  };
  visit(document);
  return bad;
};

/** Wires the recorders into a context: __xss, dialogs, errors, console errors, requests to other hosts. */
async function watch(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__xssReport', (_source, n: unknown) => {
    seen.ran.push(`${current}: payload ${String(n)} ran`);
  });
  await context.addInitScript('window.__xss = (n) => { try { window.__xssReport(n); } catch (e) {} };');
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (
      url.hostname === '127.0.0.1' ||
      url.hostname === 'localhost' ||
      ['data:', 'blob:'].includes(url.protocol)
    )
      return route.continue();
    seen.foreign.push(`${current}: ${url.href}`);
    return route.abort();
  });
  context.on('page', (p) => wire(p));
  for (const p of context.pages()) wire(p);
}

function wire(p: Page): void {
  trackRequests(p);
  p.on('dialog', (d) => {
    seen.dialogs.push(`${current}: ${d.type()} ${d.message()}`);
    void d.dismiss().catch(() => {});
  });
  p.on('pageerror', (e) => seen.pageErrors.push(`${current}: ${e.message}`));
  p.on('console', (m) => {
    if (m.type() !== 'error') return;
    const text = m.text();
    if (!EXPLAINED.some((re) => re.test(text))) seen.consoleErrors.push(`${current}: ${text.slice(0, 300)}`);
  });
}

/** Waits until the page has settled (no request in flight, no skeleton or spinner), then scans its DOM. */
async function settle(p: Page): Promise<void> {
  await p.waitForLoadState('load');
  await networkQuiet(p, 300);
  await expect.poll(() => p.locator('.ant-skeleton, .ant-spin-spinning').count(), T).toBe(0);
  for (const b of await p.evaluate(SCAN)) seen.dom.push(`${current}: ${b}`);
}

/** Opens `url` on `p` and checks it. */
async function inspect(p: Page, url: string): Promise<void> {
  current = url;
  await p.goto(`${server.base}${url}`);
  await settle(p);
}

/**
 * Goes to `url` inside the app (as a click on a link does: no page load, the app's state kept) and checks it once
 * `shown` is on screen. A page load per discussion cost CI over 4 minutes; what is rendered is the same.
 */
async function visitInApp(p: Page, url: string, shown: string): Promise<void> {
  current = url;
  await navigateInApp(p, url);
  await p.locator(shown).waitFor();
  await settle(p);
}

/** Signs `username` in through the API; answers the token. */
async function login(username: string): Promise<string> {
  const r = await api(server.base, 'POST', '/login', { body: { username, password: PASSWORD } });
  return r.token ?? '';
}

beforeAll(async () => {
  inbox = await startInbox();
  server = await startServer();
  rootToken = await configureMail(server.base, inbox);
  await api(server.base, 'PUT', '/admin/switch/update', {
    token: rootToken,
    body: {
      defaultCreateDiscussionACInitValue: 0,
      defaultCreateDiscussionDailyLimit: 1000,
      defaultCreateCommentACInitValue: 0,
      // Every payload is posted as a comment and a reply on one discussion, past the default rate limit.
      commentLimitPerThreadPerMinute: 100_000,
      commentLimitPerMinute: 100_000,
    },
  });
  for (const u of [ATTACKER, VICTIM]) await registerUser(server, inbox, u, PASSWORD);
  const categories = await api<{ id: number }[]>(server.base, 'GET', '/discussion-category');
  const categoryId = categories.data[0]?.id;
  const victim = await login(VICTIM);
  const attacker = await login(ATTACKER);

  // The victim's discussion and comment, which the attacker answers with every payload.
  const d = await api<{ id: number }>(server.base, 'POST', '/discussion', {
    token: victim,
    body: { title: 'A harmless question', description: 'Plain text', content: 'Hello **all**', categoryId },
  });
  d0 = d.data.id;
  const c = await api<{ id: number }>(server.base, 'POST', '/comment', {
    token: victim,
    body: { did: d0, content: 'My own comment' },
  });

  for (const p of XSS_PAYLOADS) {
    const oneLine = p.replace(/\s+/g, ' ');
    const made = await api<{ id: number }>(server.base, 'POST', '/discussion', {
      token: attacker,
      body: { title: oneLine, description: oneLine, content: p, categoryId },
    });
    dids.push(made.data.id);
    await api(server.base, 'POST', '/discussion-report', {
      token: attacker,
      body: { did: made.data.id, content: p },
    });
    await api(server.base, 'POST', '/comment', { token: attacker, body: { did: d0, content: p } });
    await api(server.base, 'POST', '/reply', {
      token: attacker,
      body: {
        did: d0,
        reply: { commentId: c.data.id, content: p },
        quoteId: c.data.id,
        quoteType: 'Comment',
      },
    });
  }
  await api(server.base, 'POST', '/change-userInfo', {
    token: attacker,
    body: { signature: XSS_PAYLOADS.join('\n\n'), school: XSS_PAYLOADS[0]?.slice(0, 100) },
  });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

describe(`the script-injection corpus (${XSS_PAYLOADS.length} payloads) runs nothing`, () => {
  it('has at least 50 payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  });

  it('the detectors work: a handler, a dialog, a page error and a foreign request planted on purpose are all seen', async () => {
    const { context, page } = await newPage(browser);
    await watch(context);
    await inspect(page, '/home');
    current = 'canary';
    await page.evaluate(() => {
      (window as unknown as { __xss: (n: string) => void }).__xss('canary');
      const b = document.createElement('b');
      b.setAttribute('onclick', 'x()');
      document.body.append(b);
      setTimeout(() => alert('canary'), 0);
      setTimeout(() => {
        throw new Error('canary');
      }, 0);
    });
    await page.waitForTimeout(500);
    for (const x of await page.evaluate(SCAN)) seen.dom.push(`canary: ${x}`);
    // A navigation (the CSP already stops fetches, images and frames to other hosts before they are sent).
    await page.evaluate(() => {
      window.location.href = 'http://evil.test/canary';
    });
    await expect.poll(() => seen.foreign.length, T).toBe(1);
    expect(seen.ran).toEqual(['canary: payload canary ran']);
    expect(seen.dialogs).toEqual(['canary: alert canary']);
    expect(seen.pageErrors).toEqual(['canary: canary']);
    expect(seen.foreign).toEqual(['canary: http://evil.test/canary']);
    expect(seen.dom).toEqual(['canary: <b onclick="x()">']);
    for (const list of Object.values(seen)) list.length = 0;
    await context.close();
  });

  it('the victim opens the discussion list, every discussion, the comment section and the message centre', async () => {
    const { context, page } = await newPage(browser);
    await watch(context);
    await signIn(server, page, VICTIM, PASSWORD);
    const pages = Math.ceil((XSS_PAYLOADS.length + 1) / 10);
    for (let i = 1; i <= pages; i++) await inspect(page, `/discussion${i > 1 ? `?currentPage=${i}` : ''}`);
    for (const did of dids) {
      await visitInApp(
        page,
        `/discussion-detail/${did}`,
        `[data-testid="discussion-detail"][data-did="${did}"]`,
      );
    }

    // The comment section: every page of comments, then all the replies of the victim's comment.
    await inspect(page, `/discussion-detail/${d0}`);
    for (;;) {
      const more = page.getByTestId('comments-load-more');
      if ((await more.count()) === 0) break;
      await more.click();
      await settle(page);
    }
    await expect.poll(() => page.getByTestId('comment').count(), T).toBe(XSS_PAYLOADS.length + 1);
    const own = page.getByTestId('comment').filter({ hasText: 'My own comment' });
    await own.getByTestId('replies-toggle').click();
    await expect.poll(() => own.getByTestId('reply').count(), T).toBe(XSS_PAYLOADS.length);
    await settle(page);

    for (const box of ['discuss', 'reply']) {
      const n = Math.ceil(XSS_PAYLOADS.length / 6);
      for (let i = 1; i <= n; i++) await inspect(page, `/message/${box}${i > 1 ? `?currentPage=${i}` : ''}`);
    }
    await inspect(page, `/user-home?username=${ATTACKER}`);
    await context.close();
  }, 900_000);

  it('the attacker types each short payload as their nickname; it shows in the header and on their home', async () => {
    const { context, page } = await newPage(browser);
    await watch(context);
    await signIn(server, page, ATTACKER, PASSWORD);
    for (const p of SHORT_PAYLOADS) {
      await inspect(page, '/setting');
      await page.getByTestId('userinfo-nickname').fill(p);
      await page.getByTestId('userinfo-save').click();
      await expect.poll(() => page.getByTestId('header-name').textContent(), T).toBe(p);
      await settle(page);
      await inspect(page, `/user-home?username=${ATTACKER}`);
      await expect.poll(() => page.getByTestId('profile-nickname').textContent(), T).toBe(p);
    }
    await context.close();
  }, 300_000);

  it('root opens the back office discussion and report tables, every page', async () => {
    const page = await rootAdminPage(browser, server);
    await watch(page.context());
    for (const tab of ['discussion', 'report']) {
      await inspect(page, `/admin/discussion${tab === 'report' ? '?tab=report' : ''}`);
      const table = page.getByTestId(tab === 'report' ? 'admin-report-table' : 'admin-discussion-table');
      for (;;) {
        const next = table.locator('.ant-pagination-next:not(.ant-pagination-disabled)');
        if ((await next.count()) === 0) break;
        current = `/admin/discussion ${tab} page ${await table.locator('.ant-pagination-item-active').textContent()}+1`;
        await next.click();
        await settle(page);
      }
    }
    await page.context().close();
  }, 300_000);

  it('nothing ran, nothing left for another host, no handler or script address in any DOM', () => {
    // One assertion over every list, so a failure shows all of them (the first lines of each).
    const head = (xs: string[]) => [...new Set(xs)].slice(0, 15);
    expect({
      ran: head(seen.ran),
      dialogs: head(seen.dialogs),
      pageErrors: head(seen.pageErrors),
      consoleErrors: head(seen.consoleErrors),
      foreign: head(seen.foreign),
      dom: head(seen.dom),
    }).toEqual({ ran: [], dialogs: [], pageErrors: [], consoleErrors: [], foreign: [], dom: [] });
  });
});
