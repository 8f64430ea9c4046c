import type { JudgeProgress } from '@oj/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressReporter } from '../../src/progress.js';

const p = (status: number, judged: number): JudgeProgress => ({
  judgehostId: 'h',
  jobId: 1,
  status,
  judged,
  total: 10,
});

describe('progress reports (issue 14)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a change of status at once, then at most one report per window with the newest count', async () => {
    const sent: [number, number][] = [];
    const r = new ProgressReporter(async (x) => sent.push([x.status, x.judged ?? -1]), 200);
    r.report(p(6, 0));
    r.report(p(7, 0));
    for (let k = 1; k <= 5; k++) r.report(p(7, k));
    expect(sent).toEqual([
      [6, 0],
      [7, 0],
    ]);
    await vi.advanceTimersByTimeAsync(200);
    // The waiting report is the newest one, sent at the end of the window.
    expect(sent).toEqual([
      [6, 0],
      [7, 0],
      [7, 5],
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.length).toBe(3);
    r.report(p(7, 6));
    expect(sent.at(-1)).toEqual([7, 6]);
  });

  it('drops what waits once closed, and ignores a failing server', async () => {
    const sent: number[] = [];
    const r = new ProgressReporter(async (x) => {
      sent.push(x.judged ?? -1);
      throw new Error('server down');
    }, 200);
    r.report(p(7, 0));
    r.report(p(7, 1));
    r.close();
    r.report(p(7, 2));
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual([0]);
  });
});
