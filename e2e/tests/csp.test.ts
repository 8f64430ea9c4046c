import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newPage, ROOT_PASSWORD, type RunningServer, startServer } from '../harness.js';

/**
 * The Content-Security-Policy of issue 8 (finding 11) against the built web app: the home page, the problem list,
 * a problem with KaTeX math and the CodeMirror editor, the captcha image (a data: URL), and the admin
 * problem form render with no CSP violation reported by the browser.
 */

let server: RunningServer;
let browser: Browser;
let problemId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const { token } = await api(server.base, 'POST', '/admin/login', {
    body: { username: 'root', password: ROOT_PASSWORD },
  });
  const made = await api<{ problemId: string }>(server.base, 'POST', '/admin/problem', {
    token: token ?? undefined,
    body: {
      problem: {
        problemId: 'CSP-1',
        title: 'Math under CSP',
        description: 'Compute $\\sum_{i=1}^{n} a_i$ and $$\\frac{a}{b}$$',
        input: 'Numbers.',
        output: 'A number.',
        type: 0,
        auth: 1,
      },
      samples: [{ input: '1\n', output: '1\n' }],
      languages: ['C++'],
    },
  });
  problemId = made.data.problemId;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page that records every CSP violation (securitypolicyviolation events and console reports). */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const { page } = await newPage(browser, { locale: 'en-US', width: 1366, height: 900 });
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return { page, violations };
}

/** Signs root in through /admin/login (the problem pages need a signed-in user). */
async function signInAsRoot(page: Page): Promise<void> {
  await page.goto(`${server.base}/admin/login`);
  await page.locator('input[autocomplete=username]').fill('root');
  await page.locator('input[type=password]').fill(ROOT_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/admin\/?$/);
}

describe('the web app under the Content-Security-Policy', () => {
  it('renders the public pages, KaTeX math, the code editor and the captcha without a violation', async () => {
    const { page, violations } = await watchedPage();
    const res = await page.goto(`${server.base}/`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('#root *').first().waitFor();

    await signInAsRoot(page);
    await page.goto(`${server.base}/problem`);
    await page.getByText('Math under CSP').first().waitFor();

    await page.goto(`${server.base}/problem/${problemId}`);
    await page.locator('.katex').first().waitFor();
    await page.locator('.cm-content').first().waitFor();
    // Math is KaTeX's MathML, drawn by the browser itself (no style sheet or fonts to load under the policy):
    // a laid-out <math> element with its identifiers, not raw TeX.
    const math = page.locator('.katex math').first();
    await math.waitFor();
    const box = await math.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(0);
    expect(await math.locator('mi').count()).toBeGreaterThan(0);
    expect(await page.locator('.katex').first().textContent()).not.toContain('$');

    // The reset-password captcha is an SVG data: URL image.
    const captcha = await api<{ img: string }>(server.base, 'GET', '/captcha');
    expect(captcha.data.img.startsWith('data:')).toBe(true);
    await page.evaluate(
      (src) =>
        new Promise<void>((resolve, reject) => {
          const img = new Image();
          img.onload = () => resolve();
          img.onerror = () => reject(new Error('captcha image blocked'));
          img.src = src;
        }),
      captcha.data.img,
    );
    expect(violations).toEqual([]);
  });

  it('renders the admin problem form with its editors without a violation', async () => {
    const { page, violations } = await watchedPage();
    await signInAsRoot(page);
    await page.goto(`${server.base}/admin/problem/create`);
    await page.getByTestId('problem-description').fill('Preview $x^2$');
    await page.locator('.katex').first().waitFor();
    expect(violations).toEqual([]);
  });
});
