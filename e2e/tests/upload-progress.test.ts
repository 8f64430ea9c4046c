import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  ROOT_PASSWORD,
  type RunningServer,
  SCREENSHOTS,
  startServer,
} from '../harness.js';

/**
 * Upload progress (issue 28): a 4 MB FPS zip (the A+B file and 4 MB of incompressible padding the importer skips)
 * sent through the import page over a connection throttled to 512 KB/s (CDP Network.emulateNetworkConditions):
 * the bar shows a percent between 0 and 100, then done, and the server's count of problems done ends at 1 of 1.
 * Screenshots mid-upload (en-US) and done (zh-CN, 375 px) go to e2e/screenshots/.
 */

const FPS_XML = '/work/shared/problems/fps/zhblue-A+B/fps-zhblue-A+B.xml';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-upload-progress-'));
const zipPath = path.join(tmp, 'fps-with-padding.zip');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  fs.writeFileSync(
    zipPath,
    zipSync(
      {
        'fps-A+B.xml': fs.readFileSync(FPS_XML),
        'padding.bin': [randomBytes(4 * 1024 * 1024), { level: 0 }],
      },
      { level: 0 },
    ),
  );
  server = await startServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A page signed in as root through /admin/login, in `locale` at `width`. */
async function rootPage(locale: 'en-US' | 'zh-CN', width: number): Promise<Page> {
  const { page } = await newPage(browser, { locale, width, height: 900 });
  page.setDefaultTimeout(60_000);
  await page.goto(`${server.base}/admin/login`);
  await page.locator('input[autocomplete=username]').fill('root');
  await page.locator('input[type=password]').fill(ROOT_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/admin\/?$/);
  return page;
}

/** Throttles the page's uploads to `bytesPerSecond` through the DevTools protocol. */
async function throttle(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Records every phase and percent the upload bar shows (a MutationObserver: nothing is missed between polls). */
async function recordBar(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { seen: { phase: string; percent: number }[] };
    w.seen = [];
    const note = () => {
      const bar = document.querySelector('[data-testid=upload-progress]');
      if (!bar) return;
      const value = bar.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow');
      const entry = { phase: bar.getAttribute('data-phase') ?? '', percent: Number(value ?? -1) };
      const last = w.seen[w.seen.length - 1];
      if (!last || last.phase !== entry.phase || last.percent !== entry.percent) w.seen.push(entry);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

describe('upload progress in the browser (issue 28)', () => {
  it('a 4 MB import over a throttled link: the bar moves between 0 and 100, then done; 1 of 1 problems', async () => {
    const page = await rootPage('en-US', 1366);
    await page.goto(`${server.base}/admin/problem/import`);
    await page.getByText('FPS', { exact: true }).click();
    await throttle(page, 512 * 1024);
    await recordBar(page);
    await page.locator('input[type=file]').setInputFiles(zipPath);

    // Mid-upload: a percent strictly between 0 and 100 on the bar, and its words.
    const bar = page.getByTestId('upload-progress');
    await page.waitForFunction(() => {
      const v = Number(
        document
          .querySelector('[data-testid=upload-progress] [role=progressbar]')
          ?.getAttribute('aria-valuenow'),
      );
      return v > 0 && v < 100;
    });
    await expect(bar.textContent()).resolves.toMatch(/Uploading: \d+% sent/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'upload-progress-sending-en.png') });

    await page.locator('[data-testid=upload-progress][data-phase=done]').waitFor({ timeout: 120_000 });
    await expect(page.getByTestId('import-summary').textContent()).resolves.toContain('Imported 1 of 1');
    const seen = await page.evaluate(
      () => (window as unknown as { seen: { phase: string; percent: number }[] }).seen,
    );
    const between = seen.filter((s) => s.phase === 'sending' && s.percent > 0 && s.percent < 100);
    expect(between.length, JSON.stringify(seen)).toBeGreaterThan(0);
    const percents = seen.filter((s) => s.phase === 'sending').map((s) => s.percent);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents); // never backwards
    expect(seen[seen.length - 1]).toEqual({ phase: 'done', percent: 100 });

    // The server's count of problems done, polled: ends at 1 of 1.
    await page.locator('[data-testid=job-progress][data-state=done]').waitFor();
    await expect(page.getByTestId('job-progress').textContent()).resolves.toContain('Problems done: 1 of 1');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'upload-progress-done-en.png'), fullPage: true });
    await page.context().close();
  }, 240_000);

  it('zh-CN at 375 px: the same bars, in Chinese', async () => {
    const page = await rootPage('zh-CN', 375);
    await page.goto(`${server.base}/admin/problem/import`);
    await page.getByText('FPS', { exact: true }).click();
    await throttle(page, 1024 * 1024);
    await page.locator('input[type=file]').setInputFiles(zipPath);
    await page
      .getByTestId('upload-progress')
      .getByText(/上传中|已发送/)
      .first()
      .waitFor();
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'upload-progress-sending-zh-375.png'),
      fullPage: true,
    });
    await page.locator('[data-testid=upload-progress][data-phase=done]').waitFor({ timeout: 120_000 });
    await page.locator('[data-testid=job-progress][data-state=done]').waitFor();
    await expect(page.getByTestId('job-progress').textContent()).resolves.toContain('已处理题目：1 / 1');
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'upload-progress-done-zh-375.png'),
      fullPage: true,
    });
    await page.context().close();
  }, 240_000);
});
