import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AcmRowVo, Resolver, type ScrollBoardVo } from '@oj/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootAdminPage, shootThreeWays, T } from '../contest-kit.js';
import {
  api,
  launchBrowser,
  ROOT_PASSWORD,
  type RunningServer,
  SCREENSHOTS,
  shot,
  startServer,
} from '../harness.js';
import { type SeededBoard, seedScrollBoard } from '../scroll-board-seed.js';

/**
 * The scroll board (issue 10 §2) on a 500-row board: a finished ACM contest sealed for its last hour, seeded
 * straight into the database (scroll-board-seed.ts), opened by root from the contest's Scroll Board tab; a few
 * steps by hand, auto-play with the frame times measured in the page (requestAnimationFrame deltas) and the CPU
 * time of each main-thread task from a Chrome trace, GC apart (none long enough to make a frame over 50 ms by itself
 * when the machine is quiet, and at the 99th percentile always; no frame over 50 ms on the clock whenever an idle page on the same machine keeps every frame within two over the same
 * seconds), a recording of the animation as JPEG frames (playwright's screencast; its video needs an
 * ffmpeg build this machine does not have), the final order read from the DOM equal to the board API's, and the
 * medal rows. Screenshots in English, Chinese and at 375 px.
 */

const MEDALS = [10, 20, 30] as const;
const FRAME_LIMIT_MS = 50;
/** One frame at 60 Hz (ms). */
const FRAME_BUDGET_MS = 1000 / 60;
/** The idle page's longest frame when the machine counts as quiet: two frames at 60 Hz (ms). */
const QUIET_MS = 34;
const RECORDING = path.join(SCREENSHOTS, 'scroll-board-recording');

let dataDir: string;
let seed: SeededBoard;
let server: RunningServer;
let browser: Browser;
let root: Page;
let rootToken = '';
let board: ScrollBoardVo;

const boardUrl = (cid: number) =>
  `/scrollBoard?cid=${cid}&removeStar=true&${MEDALS.map((m) => `medals[]=${m}`).join('&')}`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-e2e-scroll-'));
  // 503 participants, 3 of them stars: the board scrolled (removeStar) has 500 rows.
  seed = await seedScrollBoard(dataDir, 503);
  server = await startServer({ OJ_DATA_DIR: dataDir });
  ({ token: rootToken } = await api<unknown>(server.base, 'POST', '/admin/login', {
    body: { username: 'root', password: ROOT_PASSWORD },
  }).then((r) => ({ token: r.token ?? '' })));
  board = (
    await api<ScrollBoardVo>(
      server.base,
      'GET',
      `/get-contest-scroll-board?cid=${seed.cid}&removeStar=true`,
      {
        token: rootToken,
      },
    )
  ).data;
  browser = await launchBrowser();
  root = await rootAdminPage(browser, server);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The real final board (removeStar) as the board API orders it: every row. */
async function realBoard(): Promise<AcmRowVo[]> {
  const rows: AcmRowVo[] = [];
  for (let currentPage = 1; ; currentPage += 1) {
    const { data } = await api<{ records: AcmRowVo[]; total: number }>(
      server.base,
      'POST',
      '/get-contest-rank',
      {
        token: rootToken,
        body: { cid: seed.cid, currentPage, limit: 300, removeStar: true },
      },
    );
    rows.push(...data.records);
    if (rows.length >= data.total) return rows;
  }
}

/** Starts collecting requestAnimationFrame deltas in the page. */
const startFrames = (p: Page) =>
  p.evaluate(() => {
    const rec = { on: true, deltas: [] as number[] };
    (window as unknown as { __sbFrames: typeof rec }).__sbFrames = rec;
    let last = 0;
    const tick = (t: number) => {
      if (last) rec.deltas.push(t - last);
      last = t;
      if (rec.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

/** Stops collecting and answers the frame deltas (ms). */
const stopFrames = (p: Page) =>
  p.evaluate(() => {
    const rec = (window as unknown as { __sbFrames: { on: boolean; deltas: number[] } }).__sbFrames;
    rec.on = false;
    return rec.deltas;
  });

function frameStats(deltas: number[]) {
  const s = [...deltas].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  const r = (x: number) => Math.round(x * 10) / 10;
  return { frames: s.length, p50: r(q(0.5)), p99: r(q(0.99)), max: r(s[s.length - 1] ?? 0) };
}

/**
 * Opens an idle page with one composited animation and counts its frames while a measurement runs: what the
 * machine's load alone does to frames during the same seconds (another e2e file runs beside this one, and other
 * people's work shares the two cores, so a sample taken before says little about the seconds measured).
 * `stop()` answers its frame deltas (ms) and closes it.
 */
async function idleReference(): Promise<{ stop: () => Promise<number[]> }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(
    '<div style="width:80px;height:80px;background:#38bdf8;will-change:transform;animation:m 1s linear infinite alternate"></div><style>@keyframes m{to{transform:translateX(900px)}}</style>',
  );
  await startFrames(page);
  return {
    stop: async () => {
      const deltas = await stopFrames(page);
      await page.close();
      return deltas;
    },
  };
}

/** A trace event as Chrome reports it (times in µs; `tdur`: time on the CPU, `dur`: on the clock). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; src_file?: string };
}

/** V8's garbage collection phases on a thread: scavenges, mark-compacts and the incremental marking steps. */
const isGcEvent = (e: TraceEvent) => e.ph === 'X' && /^(MinorGC|MajorGC|V8\.GC)/.test(e.name);

/**
 * Runs `fn` under a Chrome trace of `p` and answers, for each task of its renderer's main thread, its CPU time (ms,
 * `tdur`: time on the CPU, not on the clock) split in two: `work` (script, style, layout, paint: the page's own work)
 * and `gc` (V8's garbage collection in it, whether the task was posted by V8's heap or a collection ran inside a
 * script or frame task). GC is not the page's alone: V8 marks concurrently on helper threads and the main thread
 * finishes what they have not, so on a machine whose cores are taken by other work the main thread's pauses grow.
 * The trace holds every renderer of the browser; a mark the page makes names its main thread. CI twice saw a
 * "task" of 87 and 157 ms when every renderer's main thread was counted: beside another e2e file this machine saw
 * one of 131 ms, a script run by another page's parser, while the board's own longest was 18 ms. Logs the three
 * longest tasks with their split and where they were posted.
 */
async function mainThreadCpu(p: Page, fn: () => Promise<void>): Promise<{ work: number[]; gc: number[] }> {
  const cdp = await p.context().newCDPSession(p);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  // 'toplevel' gives every task with its CPU time, 'v8' the collections inside them (MinorGC, MajorGC, the
  // incremental marking steps), 'blink.user_timing' the page's mark that names its renderer's main thread (the trace
  // holds every renderer of the browser: the idle reference page, root's page), at little cost to what is measured.
  await cdp.send('Tracing.start', {
    categories: 'toplevel,v8,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  try {
    await p.evaluate(() => performance.mark('oj-sb-traced'));
    await fn();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  const mark = events.find((e) => e.name === 'oj-sb-traced');
  if (!mark) throw new Error('the trace holds no mark of the board page');
  const onMain = (e: TraceEvent) => e.pid === mark.pid && e.tid === mark.tid;
  const tasks = events
    .filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && onMain(e))
    .sort((a, b) => a.ts - b.ts);
  // The outermost GC events of the main thread (a MajorGC holds its phases), each charged to the task holding it.
  const gcEvents = events.filter((e) => isGcEvent(e) && onMain(e)).sort((a, b) => a.ts - b.ts);
  const gcIn = new Map<TraceEvent, number>();
  let t = 0;
  let outerEnd = -1;
  for (const g of gcEvents) {
    if (g.ts < outerEnd) continue;
    outerEnd = g.ts + (g.dur ?? 0);
    while (t < tasks.length && tasks[t].ts + (tasks[t].dur ?? 0) < g.ts) t += 1;
    const task = tasks[t];
    if (task && task.ts <= g.ts) gcIn.set(task, (gcIn.get(task) ?? 0) + (g.tdur ?? 0) / 1000);
  }
  const isGcTask = (e: TraceEvent) => String(e.args?.src_file ?? '').startsWith('v8/src/heap/');
  const split = tasks.map((e) => {
    const cpu = (e.tdur ?? 0) / 1000;
    const gc = isGcTask(e) ? cpu : Math.min(cpu, gcIn.get(e) ?? 0);
    return { e, cpu, gc, work: cpu - gc };
  });
  const t0 = tasks[0]?.ts ?? 0;
  const longest = [...split].sort((a, b) => b.cpu - a.cpu).slice(0, 3);
  console.log(
    `scroll board: longest main-thread tasks of ${tasks.length} ${JSON.stringify(longest.map((x) => ({ at: Math.round((x.e.ts - t0) / 1000), cpu: x.cpu, gc: Math.round(x.gc * 10) / 10, args: x.e.args })))}`,
  );
  return { work: split.map((x) => x.work), gc: split.filter((x) => x.gc > 0).map((x) => x.gc) };
}

const step = (p: Page) => p.getByTestId('scroll-board').getAttribute('data-step').then(Number);

/**
 * Every row of the board as the DOM shows it (only rows near the viewport exist): scrolls the board from top to
 * bottom and reads each drawn row's index, uid, rank, solved count and medal.
 */
async function domRows(p: Page) {
  return p.evaluate(async () => {
    const el = document.querySelector<HTMLElement>('[data-testid="sb-scroller"]');
    if (!el) throw new Error('no scroller');
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const seen = new Map<number, { uid: string; rank: string; solved: string; medal: string | null }>();
    for (let top = 0; ; top += Math.max(100, el.clientHeight - 100)) {
      el.scrollTop = top;
      await frames();
      await frames();
      for (const r of el.querySelectorAll<HTMLElement>('[data-testid="sb-row"]')) {
        seen.set(Number(r.dataset.index), {
          uid: r.dataset.uid ?? '',
          rank: r.querySelector('[data-testid="sb-rank"]')?.textContent ?? '',
          solved: r.querySelector('[data-testid="sb-solved"]')?.textContent ?? '',
          medal: r.dataset.medal ?? null,
        });
      }
      if (top + el.clientHeight >= el.scrollHeight) break;
    }
    el.scrollTop = 0;
    return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([index, v]) => ({ index, ...v }));
  });
}

describe('scroll board', () => {
  it('the Scroll Board tab takes the medal counts and opens the board in a new window; a running contest asks first', async () => {
    await root.goto(`${server.base}/contest/${seed.cid}/scroll-board`);
    await root.getByTestId('scroll-board-tab').waitFor();
    // 10 / 20 / 30 % of the non-star participants to start with.
    const placed = board.rows.length;
    const medalInput = (m: string) =>
      root.locator(`input[data-testid="sb-medal-${m}"], [data-testid="sb-medal-${m}"] input`).first();
    await expect.poll(() => medalInput('gold').inputValue(), T).toBe(String(Math.floor(placed * 0.1)));
    await shootThreeWays(root, 'scroll-board-tab', () => root.getByTestId('scroll-board-tab').waitFor());
    await root.getByTestId('sb-remove-star').click();
    for (const [i, m] of (['gold', 'silver', 'bronze'] as const).entries()) {
      await medalInput(m).fill(String(MEDALS[i]));
    }
    const opened = root.context().waitForEvent('page');
    await root.getByTestId('sb-open').click();
    const popup = await opened;
    await popup.getByTestId('scroll-board').waitFor();
    expect(popup.url()).toContain(boardUrl(seed.cid));
    await popup.close();

    // A contest that has not ended: confirm first; the board then says so.
    await root.goto(`${server.base}/contest/${seed.runningCid}/scroll-board`);
    await root.getByTestId('sb-open').click();
    const confirm = root.locator('.ant-modal-confirm');
    await expect
      .poll(() => confirm.locator('.ant-modal-confirm-title').textContent(), T)
      .toContain('not ended');
    const again = root.context().waitForEvent('page');
    await confirm.getByRole('button', { name: 'Open the scroll board' }).click();
    const running = await again;
    await running.getByTestId('scroll-board').waitFor();
    await expect.poll(() => running.getByText('Not ended', { exact: true }).count(), T).toBe(1);
    await running.close();
  });

  it('reveals step by step and by auto-play without dropped frames, and ends on the real final board with medals', async () => {
    const p = await root.context().newPage();
    await p.setViewportSize({ width: 1280, height: 800 });
    await p.goto(`${server.base}${boardUrl(seed.cid)}`);
    await p.getByTestId('scroll-board').waitFor();
    expect(board.rows.length).toBe(500);
    expect(board.reveals.length).toBeGreaterThan(150);
    await expect
      .poll(() => p.getByTestId('sb-progress').textContent(), T)
      .toBe(`Revealed 0 / ${board.reveals.length}`);

    // The resolver's own plan: where each step's row lands.
    const finals = new Map(board.reveals.map((v) => [`${v.uid}/${v.displayId}`, v.cell]));
    const plan = new Resolver(
      board.rows,
      board.problemList.map((x) => x.displayId),
      (uid, id) => finals.get(`${uid}/${id}`) ?? null,
    ).runAll();
    expect(plan.map((s) => `${s.reveal.uid}/${s.reveal.displayId}`)).toEqual(
      board.reveals.map((v) => `${v.uid}/${v.displayId}`),
    );

    // By hand: space, space, right arrow, the button. The first reveal is the bottom row's leftmost pending cell.
    const first = board.reveals[0];
    expect(board.rows.findIndex((r) => r.uid === first.uid)).toBe(plan[0].from);
    await p.keyboard.press('Space');
    await expect.poll(() => step(p), T).toBe(1);
    const firstRow = p.locator(`[data-testid="sb-row"][data-uid="${first.uid}"]`);
    await expect
      .poll(() => firstRow.locator(`[data-cell="${first.displayId}"]`).getAttribute('data-kind'), T)
      .toBe(first.cell?.isAC ? (first.cell.isFirstAC ? 'first-ac' : 'ac') : 'wrong');
    await expect.poll(() => firstRow.getAttribute('data-index'), T).toBe(String(plan[0].to));
    await p.keyboard.press('Space');
    await p.keyboard.press('ArrowRight');
    await p.getByTestId('sb-next').click();
    await expect.poll(() => step(p), T).toBe(4);
    await shot(p, 'scroll-board-steps-en');

    // Auto-play at 4× (rows climb over 175 ms after an 88 ms wait), frames measured, and beside them those of an idle
    // page over the same seconds: what the machine's load alone did to frames meanwhile.
    await p.getByTestId('sb-speed').selectOption('4');
    let reference = await idleReference();
    await startFrames(p);
    await p.getByTestId('sb-play').click();
    await p.waitForTimeout(12_000);
    const at4 = frameStats(await stopFrames(p));
    const idleAt4 = frameStats(await reference.stop());

    // The recording: JPEG frames of six seconds of auto-play.
    fs.rmSync(RECORDING, { recursive: true, force: true });
    fs.mkdirSync(RECORDING, { recursive: true });
    let n = 0;
    const writes: Promise<void>[] = [];
    await p.screencast.start({
      size: { width: 960, height: 600 },
      onFrame: ({ data }) => {
        n += 1;
        writes.push(
          fs.promises.writeFile(path.join(RECORDING, `frame-${String(n).padStart(4, '0')}.jpg`), data),
        );
      },
    });
    await p.waitForTimeout(6_000);
    await p.screencast.stop();
    await Promise.all(writes);

    // The rest at 16×, frames and the CPU time of each of the page's main-thread tasks measured, to the end.
    await p.getByTestId('sb-speed').selectOption('16');
    let at16 = frameStats([]);
    reference = await idleReference();
    const cpu = await mainThreadCpu(p, async () => {
      await startFrames(p);
      await expect
        .poll(() => p.getByTestId('scroll-board').getAttribute('data-done'), { timeout: 150_000 })
        .toBe('true');
      at16 = frameStats(await stopFrames(p));
    });
    const idleAt16 = frameStats(await reference.stop());
    const cpuMax = Math.max(...cpu.work);
    const cpuP99 = [...cpu.work].sort((a, b) => a - b)[Math.floor(cpu.work.length * 0.99)] ?? 0;
    const gcMax = Math.max(0, ...cpu.gc);
    const quiet4 = idleAt4.max <= QUIET_MS;
    const quiet16 = idleAt16.max <= QUIET_MS;
    const busy = (quiet: boolean) => (quiet ? '' : ' (machine busy: clock bound not asserted)');
    console.log(
      `scroll board frames (ms): auto-play 4x ${JSON.stringify(at4)}, idle page meanwhile ${JSON.stringify(idleAt4)}${busy(quiet4)}; 16x ${JSON.stringify(at16)}, idle page meanwhile ${JSON.stringify(idleAt16)}${busy(quiet16)}; main-thread task CPU p99 ${cpuP99.toFixed(1)} ms, max ${cpuMax.toFixed(1)} ms over ${cpu.work.length} tasks, GC max ${gcMax.toFixed(1)} ms over ${cpu.gc.length} tasks${quiet16 ? '' : ' (machine busy: max and GC bounds not asserted)'}; recording ${n} frames in ${RECORDING}`,
    );
    expect(n).toBeGreaterThan(20);
    expect(at4.frames).toBeGreaterThan(300);
    expect(cpu.work.length).toBeGreaterThan(100);
    // No long frame is the page's doing: at the 99th percentile its tasks' own work (GC apart) leaves a frame room to
    // end within 50 ms even on a busy machine, and, when the machine is quiet, no single task needs so much CPU that with the frame it delays a frame would
    // last over 50 ms. On a busy machine one outlier says little: CPU time itself grows when another process shares
    // the core's caches and its hyperthread.
    expect(cpuP99).toBeLessThanOrEqual(FRAME_LIMIT_MS - FRAME_BUDGET_MS);
    if (quiet16) expect(cpuMax).toBeLessThanOrEqual(FRAME_LIMIT_MS - FRAME_BUDGET_MS);
    // Nor a garbage collection pause, when the machine left V8's helper threads their share (see `mainThreadCpu`).
    if (quiet16) expect(gcMax).toBeLessThanOrEqual(FRAME_LIMIT_MS - FRAME_BUDGET_MS);
    // And on the clock, no frame over 50 ms (three vsyncs: deltas come in whole frames, 50.0 ± jitter), whenever the
    // machine let an idle page keep every frame within two over the same seconds (other processes sharing the two
    // cores make the idle page itself drop frames; then the bound says nothing about the board).
    const vsyncs = (ms: number) => Math.round(ms / FRAME_BUDGET_MS);
    if (quiet4) expect(vsyncs(at4.max)).toBeLessThanOrEqual(vsyncs(FRAME_LIMIT_MS));
    if (quiet16) expect(vsyncs(at16.max)).toBeLessThanOrEqual(vsyncs(FRAME_LIMIT_MS));

    // Only the rows near the viewport are in the DOM.
    expect(await p.getByTestId('sb-row').count()).toBeLessThan(60);
    await expect
      .poll(() => p.getByTestId('sb-progress').textContent(), T)
      .toBe(`Revealed ${board.reveals.length} / ${board.reveals.length}`);
    await shot(p, 'scroll-board-final-en');

    // The final order, ranks and solved counts are the real board's; the medal rows are marked.
    const real = await realBoard();
    const shown = await domRows(p);
    expect(shown.map((r) => r.index)).toEqual(real.map((_, i) => i));
    expect(shown.map((r) => r.uid)).toEqual(real.map((r) => r.uid));
    expect(shown.map((r) => r.rank)).toEqual(real.map((r) => String(r.rank)));
    expect(shown.map((r) => r.solved)).toEqual(real.map((r) => String(r.ac)));
    const medal = (i: number) => (i < 10 ? 'gold' : i < 30 ? 'silver' : i < 60 ? 'bronze' : null);
    // Equal rank, equal medal (issue 25 item 10): a tie takes the medal of its first row.
    const head = new Map<number, number>();
    real.forEach((r, i) => {
      if (!head.has(r.rank)) head.set(r.rank, i);
    });
    expect(shown.map((r) => r.medal)).toEqual(
      shown.map((r) => (real[r.index].ac > 0 ? medal(head.get(real[r.index].rank) ?? r.index) : null)),
    );
    await p.close();
  }, 300_000);

  it('shows the sealed start and the final board in English, Chinese and at 375 px', async () => {
    const p = await root.context().newPage();
    await p.setViewportSize({ width: 1280, height: 800 });
    for (const [suffix, width, lang] of [
      ['en', 1280, 'en-us'],
      ['zh', 1280, 'zh-cn'],
      ['375', 375, 'en-us'],
    ] as const) {
      await p.setViewportSize({ width, height: 800 });
      await p.goto(`${server.base}${boardUrl(seed.cid)}&l=${lang}`);
      await p.getByTestId('scroll-board').waitFor();
      await p.waitForTimeout(400);
      await shot(p, `scroll-board-start-${suffix}`);
      await p.getByTestId('sb-all').click();
      await p.getByTestId('sb-final').waitFor();
      await p.waitForTimeout(400);
      await shot(p, `scroll-board-medals-${suffix}`);
    }
    await p.close();
  });
});
