import { JudgeStatus } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { interpretHustoj } from '../../src/checkers/hustoj.js';
import { getProtocol } from '../../src/checkers/index.js';
import { interpretKattis } from '../../src/checkers/kattis.js';
import { interpretTestlib, parsePercentage, parseTestlibMessage } from '../../src/checkers/testlib.js';
import type { RunResult } from '../../src/sandbox/types.js';

function run(exitCode: number | null, stderr = '', stdout = '', extra: Partial<RunResult> = {}): RunResult {
  return {
    verdict: exitCode === 0 ? 'OK' : 'RE',
    exitCode,
    signal: null,
    cpuMs: 1,
    wallMs: 1,
    memoryKb: 1000,
    stdout: Buffer.from(stdout),
    stderr: Buffer.from(stderr),
    message: '',
    ...extra,
  };
}

const {
  ACCEPTED: AC,
  WRONG_ANSWER: WA,
  PRESENTATION_ERROR: PE,
  SYSTEM_ERROR: SE,
  PARTIAL_ACCEPTED: PA,
} = JudgeStatus;

describe('testlib / HOJ checker verdicts', () => {
  it('reads HOJ exit codes', () => {
    expect(interpretTestlib(run(0)).status).toBe(AC);
    expect(interpretTestlib(run(100)).status).toBe(AC);
    expect(interpretTestlib(run(101, 'spaces')).status).toBe(PE);
    expect(interpretTestlib(run(102, 'expected 3, found 4'))).toEqual({
      status: WA,
      fraction: 0,
      message: 'expected 3, found 4',
    });
    expect(interpretTestlib(run(103, 'bad data')).status).toBe(SE);
  });
  it('reads a partial verdict with the percentage on stdout', () => {
    const r = interpretTestlib(run(99, 'half right', '50'));
    expect(r).toMatchObject({ status: PA, fraction: 0.5 });
    expect(interpretTestlib(run(99, '', '100')).status).toBe(AC);
    expect(interpretTestlib(run(99, '', '0')).status).toBe(WA);
    expect(interpretTestlib(run(99, '', 'lots')).status).toBe(SE);
  });
  it('reads testlib stderr messages whatever the exit code', () => {
    expect(interpretTestlib(run(0, 'ok 1 number(s): "3"')).status).toBe(AC);
    expect(
      interpretTestlib(run(1, "wrong answer 1st numbers differ - expected: '3', found: '4'")),
    ).toMatchObject({
      status: WA,
      message: "wrong answer 1st numbers differ - expected: '3', found: '4'",
    });
    expect(interpretTestlib(run(2, 'wrong output format Unexpected end of file')).status).toBe(PE);
    expect(interpretTestlib(run(7, 'points 30')).fraction).toBeCloseTo(0.3);
    expect(interpretTestlib(run(25, 'partially correct (25) two of eight')).fraction).toBeCloseTo(0.25);
    expect(interpretTestlib(run(3, 'FAIL answer file is broken')).status).toBe(SE);
  });
  it('falls back to testlib exit codes, and unknown exits are system errors', () => {
    expect(interpretTestlib(run(1, 'nope')).status).toBe(WA);
    expect(interpretTestlib(run(2, 'nope')).status).toBe(PE);
    expect(interpretTestlib(run(3)).status).toBe(SE);
    expect(interpretTestlib(run(42)).status).toBe(SE);
  });
  it('treats a crashed or killed checker as a system error', () => {
    expect(interpretTestlib(run(null, '', '', { verdict: 'RE', signal: 'SIGSEGV' })).status).toBe(SE);
    expect(interpretTestlib(run(null, '', '', { verdict: 'TLE' })).message).toMatch(/time limit/);
    expect(interpretTestlib(run(0, '', '', { verdict: 'SE', message: 'bwrap failed' })).status).toBe(SE);
  });
  it('parses percentages and testlib messages', () => {
    expect(parsePercentage('75\n')).toBe(0.75);
    expect(parsePercentage('0.4')).toBe(0.4);
    expect(parsePercentage('150')).toBe(1);
    expect(parsePercentage('')).toBeNull();
    expect(parseTestlibMessage('something else')).toBeNull();
    expect(parseTestlibMessage('points 100')?.status).toBe(AC);
  });
  it('caps long messages', () => {
    const long = `wrong answer ${'x'.repeat(5000)}`;
    expect(interpretTestlib(run(1, long)).message.length).toBeLessThan(1100);
  });
});

describe('HUSTOJ / FPS verdicts', () => {
  it('exit 0 is AC, anything else WA, a crash SE', () => {
    expect(interpretHustoj(run(0)).status).toBe(AC);
    expect(interpretHustoj(run(1)).status).toBe(WA);
    expect(interpretHustoj(run(102)).status).toBe(WA);
    expect(interpretHustoj(run(null, '', '', { verdict: 'RE', signal: 'SIGABRT' })).status).toBe(SE);
  });
});

describe('Kattis verdicts', () => {
  it('exit 42 AC, 43 WA with the feedback message, others SE', () => {
    expect(interpretKattis(run(42)).status).toBe(AC);
    expect(interpretKattis(run(43, 'stderr text'), 'judge says: too big')).toMatchObject({
      status: WA,
      message: 'judge says: too big',
    });
    expect(interpretKattis(run(0)).status).toBe(SE);
    expect(interpretKattis(run(1)).status).toBe(SE);
  });
});

describe('protocol arguments', () => {
  const files = { input: 'in', userOutput: 'out', answer: 'ans', feedbackDir: 'fb' };
  it('calls each protocol with its own argument order', () => {
    expect(getProtocol('testlib').checkArgs(files)).toEqual(['in', 'out', 'ans']);
    expect(getProtocol('hustoj').checkArgs(files)).toEqual(['in', 'ans', 'out']);
    expect(getProtocol('kattis').checkArgs(files)).toEqual(['in', 'ans', 'fb/']);
    expect(getProtocol('kattis').stdinUserOutput).toBe(true);
    expect(
      getProtocol('testlib').interactArgs({ input: 'in', output: 'o', answer: 'ans', feedbackDir: 'fb' }),
    ).toEqual(['in', 'o', 'ans']);
  });
});
