import { JudgeStatus } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { CHECKER_LIMITS, interactorLimits, outputCapBytes, userLimits } from '../../src/pipeline/limits.js';
import { OUTPUT_LIMIT_MESSAGE, runVerdict } from '../../src/pipeline/verdict.js';
import type { RunResult } from '../../src/sandbox/types.js';
import { baseProblem } from './harness.js';

const MB = 1024 * 1024;

describe('limits', () => {
  const problem = baseProblem({ timeLimitMs: 1000, memoryLimitMb: 256, stackLimitMb: 128 });

  it('C/C++ (factor 1): TL, TL+200 ms CPU, 3x wall, ML plus headroom, the stack', () => {
    const l = userLimits(problem, 1, 10);
    expect(l.timeMs).toBe(1000);
    expect(l.memoryKb).toBe(256 * 1024);
    expect(l.sandbox.cpuMs).toBe(1200);
    expect(l.sandbox.wallMs).toBe(3600);
    expect(l.sandbox.memoryKb).toBeGreaterThan(256 * 1024);
    expect(l.sandbox.stackKb).toBe(128 * 1024);
  });
  it('other languages (factor 2) get twice the time and memory', () => {
    const l = userLimits(problem, 2, 10);
    expect(l.timeMs).toBe(2000);
    expect(l.memoryKb).toBe(512 * 1024);
    expect(l.sandbox.cpuMs).toBe(2200);
  });
  it('caps output at max(2 x expected, 32 MB)', () => {
    expect(outputCapBytes(100)).toBe(32 * MB);
    expect(outputCapBytes(40 * MB)).toBe(80 * MB);
    // An absolute ceiling whatever the problem's expected output (issue 7, 8).
    expect(outputCapBytes(1024 * MB)).toBe(256 * MB);
    expect(userLimits(problem, 1, 40 * MB).sandbox.outputBytes).toBe(80 * MB);
  });
  it('gives an interactor twice the user limits, a checker 16 s / 48 s / 512 MB', () => {
    const l = userLimits(problem, 1, 0);
    const i = interactorLimits(l);
    expect(i.cpuMs).toBeGreaterThanOrEqual(2 * l.timeMs);
    expect(i.memoryKb).toBeGreaterThanOrEqual(2 * l.memoryKb);
    expect(CHECKER_LIMITS).toMatchObject({ cpuMs: 16_000, wallMs: 48_000, memoryKb: 512 * 1024 });
  });
});

describe('runVerdict', () => {
  const limits = userLimits(baseProblem({ timeLimitMs: 1000, memoryLimitMb: 64 }), 1, 0);
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

  it('MLE when the JVM or CPython died of running out of memory, RE for other crashes', () => {
    const jvm = Buffer.from(
      'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space\n\tat Main.main',
    );
    expect(runVerdict(run({ verdict: 'RE', exitCode: 1, stderr: jvm }), limits).status).toBe(
      JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    );
    const py = Buffer.from('Traceback (most recent call last):\n  File "main.py", line 1\nMemoryError\n');
    expect(runVerdict(run({ verdict: 'RE', exitCode: 1, stderr: py }), limits).status).toBe(
      JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    );
    const other = Buffer.from('ZeroDivisionError: division by zero\n');
    expect(runVerdict(run({ verdict: 'RE', exitCode: 1, stderr: other }), limits).status).toBe(
      JudgeStatus.RUNTIME_ERROR,
    );
  });

  it('TLE when CPU is over the limit even if the sandbox let it finish', () => {
    expect(runVerdict(run({ cpuMs: 1001 }), limits).status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(runVerdict(run({ cpuMs: 1000 }), limits).status).toBe(JudgeStatus.ACCEPTED);
    expect(runVerdict(run({ verdict: 'TLE', cpuMs: 3 }), limits).status).toBe(
      JudgeStatus.TIME_LIMIT_EXCEEDED,
    );
  });
  it('MLE when the peak is over the limit', () => {
    expect(runVerdict(run({ memoryKb: 64 * 1024 + 1 }), limits).status).toBe(
      JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    );
    expect(runVerdict(run({ verdict: 'MLE', exitCode: null, signal: 'SIGKILL' }), limits).status).toBe(
      JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    );
  });
  it('MLE whichever limit stopped the run once the peak is over the limit (issue 14 defect 6)', () => {
    const over = 64 * 1024 + 1;
    expect(runVerdict(run({ verdict: 'TLE', cpuMs: 1201, memoryKb: over }), limits).status).toBe(
      JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    );
    expect(runVerdict(run({ cpuMs: 1001, memoryKb: over }), limits).status).toBe(
      JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    );
    // At the limit is not over it: a slow run using exactly its memory stays TLE.
    expect(runVerdict(run({ verdict: 'TLE', cpuMs: 1201, memoryKb: 64 * 1024 }), limits).status).toBe(
      JudgeStatus.TIME_LIMIT_EXCEEDED,
    );
  });
  it('output over the cap or a file too large is RE with "Output Limit Exceeded"', () => {
    expect(runVerdict(run({ verdict: 'OLE' }), limits)).toEqual({
      status: JudgeStatus.RUNTIME_ERROR,
      message: OUTPUT_LIMIT_MESSAGE,
    });
    expect(runVerdict(run({ verdict: 'RE', signal: 'SIGXFSZ', exitCode: null }), limits).message).toBe(
      OUTPUT_LIMIT_MESSAGE,
    );
  });
  it('RE with a message for non-zero exits and signals; SE for sandbox failures', () => {
    expect(runVerdict(run({ verdict: 'RE', exitCode: 3 }), limits)).toEqual({
      status: JudgeStatus.RUNTIME_ERROR,
      message: 'Exited with code 3',
    });
    expect(
      runVerdict(
        run({ verdict: 'RE', signal: 'SIGSEGV', exitCode: null, message: 'Killed by SIGSEGV' }),
        limits,
      ),
    ).toEqual({ status: JudgeStatus.RUNTIME_ERROR, message: 'Killed by SIGSEGV' });
    expect(runVerdict(run({ verdict: 'SE', message: 'no bwrap' }), limits).status).toBe(
      JudgeStatus.SYSTEM_ERROR,
    );
  });
});
