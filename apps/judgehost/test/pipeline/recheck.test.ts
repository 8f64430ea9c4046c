import type { JudgeTask } from '@oj/shared';
import { JudgeStatus, resolveTleRecheck } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { userLimits } from '../../src/pipeline/limits.js';
import { recheckKeepsSecond, shouldRecheck } from '../../src/pipeline/recheck.js';
import { runVerdict } from '../../src/pipeline/verdict.js';
import type { RunResult } from '../../src/sandbox/types.js';
import { taskDeadlineMs } from '../../src/task-limits.js';
import { baseProblem } from './harness.js';

// Issue 29 part 3: the decision rule of the borderline TLE re-check (docs/judging.md "Borderline TLE re-check").

const run = (over: Partial<RunResult>): RunResult => ({
  verdict: 'OK',
  exitCode: 0,
  signal: null,
  cpuMs: 10,
  wallMs: 12,
  memoryKb: 1000,
  stdout: Buffer.alloc(0),
  stderr: Buffer.alloc(0),
  message: '',
  ...over,
});

/** What the pipeline asks: the run's verdict first, then whether it is re-run. */
const asks = (r: RunResult, limits: ReturnType<typeof userLimits>) =>
  shouldRecheck(r, runVerdict(r, limits).status, limits);

describe('borderline TLE re-check: limits', () => {
  it('on (5 %): re-checked up to TL x 1.05, the sandbox lets the run go that far plus the 200 ms grace', () => {
    const l = userLimits(baseProblem({ timeLimitMs: 1000, tleRecheck: { marginPercent: 5 } }), 1, 0);
    expect([l.timeMs, l.recheckUpToMs, l.sandbox.cpuMs, l.sandbox.wallMs]).toEqual([1000, 1050, 1250, 3750]);
  });
  it('the margin applies to the language-scaled limit (factor 2: 2,000 ms -> up to 2,200 ms at 10 %)', () => {
    const l = userLimits(baseProblem({ timeLimitMs: 1000, tleRecheck: { marginPercent: 10 } }), 2, 0);
    expect([l.timeMs, l.recheckUpToMs, l.sandbox.cpuMs]).toEqual([2000, 2200, 2400]);
  });
  it('off (null or absent): the limits are as before, nothing is re-checked', () => {
    for (const p of [baseProblem({ tleRecheck: null }), baseProblem()]) {
      const l = userLimits(p, 1, 0);
      expect([l.recheckUpToMs, l.sandbox.cpuMs]).toEqual([null, 1200]);
      expect(asks(run({ cpuMs: 1010 }), l)).toBe(false);
    }
  });
});

describe('borderline TLE re-check: which runs are looked at twice', () => {
  const limits = userLimits(baseProblem({ timeLimitMs: 1000, tleRecheck: { marginPercent: 5 } }), 1, 0);

  it('a run that ended by itself just over the limit, up to the margin included', () => {
    expect(asks(run({ cpuMs: 1001 }), limits)).toBe(true);
    expect(asks(run({ cpuMs: 1050 }), limits)).toBe(true);
    // a crash after the limit is TLE first (TLE before RE), and it ended by itself: looked at again too
    expect(asks(run({ verdict: 'RE', exitCode: 1, cpuMs: 1030 }), limits)).toBe(true);
  });
  it('not a run within the limit, nor one over the margin', () => {
    expect(asks(run({ cpuMs: 1000 }), limits)).toBe(false);
    expect(asks(run({ cpuMs: 1051 }), limits)).toBe(false);
  });
  it('not a run the sandbox stopped: for CPU (far over) or for wall time (idle), whatever CPU it shows', () => {
    expect(asks(run({ verdict: 'TLE', exitCode: null, signal: 'SIGKILL', cpuMs: 1251 }), limits)).toBe(false);
    expect(asks(run({ verdict: 'TLE', exitCode: null, signal: 'SIGKILL', cpuMs: 1020 }), limits)).toBe(false);
    expect(asks(run({ verdict: 'TLE', exitCode: null, signal: 'SIGKILL', cpuMs: 3 }), limits)).toBe(false);
  });
  it('not an MLE (memory is decided before time) nor a sandbox failure', () => {
    expect(asks(run({ cpuMs: 1020, memoryKb: 300 * 1024 }), limits)).toBe(false);
    expect(shouldRecheck(run({ verdict: 'SE', cpuMs: 1020 }), JudgeStatus.TIME_LIMIT_EXCEEDED, limits)).toBe(
      false,
    );
  });
});

describe('borderline TLE re-check: which run counts', () => {
  it('the second when it is within the limit, whatever its verdict; the first (TLE) when it is over again', () => {
    expect(recheckKeepsSecond(JudgeStatus.ACCEPTED)).toBe(true);
    expect(recheckKeepsSecond(JudgeStatus.WRONG_ANSWER)).toBe(true);
    expect(recheckKeepsSecond(JudgeStatus.RUNTIME_ERROR)).toBe(true);
    expect(recheckKeepsSecond(JudgeStatus.TIME_LIMIT_EXCEEDED)).toBe(false);
  });
});

describe('borderline TLE re-check: the policy (problem switch over the site default)', () => {
  const siteOn = { tleRecheck: true, tleRecheckMarginPercent: 5 };
  const siteOff = { tleRecheck: false, tleRecheckMarginPercent: 5 };
  it('default follows the site; on / off override it; the problem margin overrides the site margin', () => {
    expect(resolveTleRecheck({ tleRecheck: 'default', tleRecheckMargin: null }, siteOn)).toEqual({
      marginPercent: 5,
    });
    expect(resolveTleRecheck({ tleRecheck: 'default', tleRecheckMargin: 8 }, siteOff)).toBeNull();
    expect(resolveTleRecheck({ tleRecheck: 'on', tleRecheckMargin: 8 }, siteOff)).toEqual({
      marginPercent: 8,
    });
    expect(resolveTleRecheck({ tleRecheck: 'off', tleRecheckMargin: 8 }, siteOn)).toBeNull();
  });
});

describe('borderline TLE re-check: the task deadline', () => {
  const task = (tleRecheck: { marginPercent: number } | null): JudgeTask => ({
    jobId: 1,
    kind: 'judge',
    submitId: 1,
    testKey: null,
    version: 1,
    language: 'C',
    code: '',
    problem: baseProblem({ timeLimitMs: 1000, tleRecheck }),
    testcases: [],
    userInput: null,
    expectedOutput: null,
  });
  it('leaves room for the second run of every case and the wider CPU limit', () => {
    // off: 120 s + (3 x (2,000 + 200) + 5,000); on at 10 %: 120 s + (2 x 3 x (2,200 + 200) + 5,000)
    expect(taskDeadlineMs(task(null))).toBe(120_000 + 6_600 + 5_000);
    expect(taskDeadlineMs(task({ marginPercent: 10 }))).toBe(120_000 + 2 * 7_200 + 5_000);
  });
  it('leaves room for the second run of a file-IO case (its regular-file run after the FIFO one)', () => {
    const fileIo = { ...task(null), problem: baseProblem({ timeLimitMs: 1000, isFileIO: true }) };
    expect(taskDeadlineMs(fileIo)).toBe(120_000 + 2 * 6_600 + 5_000);
  });
});
