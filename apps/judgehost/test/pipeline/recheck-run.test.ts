import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, FILE_IO, type Submit, setup, submit } from '../holes/harness.js';
import { FIXTURES } from './harness.js';

// Issue 29 part 3 through the real pipeline and sandbox: a case whose CPU time lands just above the limit is run
// once more and the case result records both times. The program spins until its own CPU clock reaches the target
// read from its input (calibrated by itself, so the load on the machine changes its wall time, not its CPU time);
// the tests assert the re-run and its record, never a verdict that could depend on the machine's load.

beforeAll(async () => {
  await setup();
});
afterAll(cleanup);

/** Reads `a b target_ms`, spins until its process CPU time is `target_ms`, prints a + b. */
const SPINNER = `#include <stdio.h>
#include <time.h>
static double cpu_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}
int main(void) {
  long long a, b;
  double target;
  if (scanf("%lld %lld %lf", &a, &b, &target) != 3) return 1;
  volatile unsigned long x = 0;
  while (cpu_ms() < target)
    for (int i = 0; i < 20000; i++) x += i;
  printf("%lld\\n", a + b);
  return 0;
}`;

const TL = 500;
const ON = { timeLimitMs: TL, tleRecheck: { marginPercent: 10 } };
/** Case 1 sits 4 % above the limit (inside the 10 % margin), case 2 is instant. */
const BORDERLINE: [string, string][] = [
  [`1 2 ${TL * 1.04}\n`, '3\n'],
  ['40 2 0\n', '42\n'],
];

/**
 * Judges a borderline submission until its first case's first run was measured, not stopped for wall time: on a
 * machine loaded far beyond its cores (load average 40 on 2 cores while this was written) the program gets under a
 * third of a CPU, takes more than the wall limit (3 x the CPU limit) and is stopped for wall time, which is never
 * re-run. Up to 5 tries; a wall-stopped run shows as TLE with no re-run.
 */
async function judgedBorderline(s: Submit) {
  let result = await submit(s);
  for (let tries = 1; tries < 5; tries++) {
    const c1 = result.cases[0];
    if (c1?.status !== JudgeStatus.TIME_LIMIT_EXCEEDED || c1.rerun) break;
    result = await submit(s);
  }
  return result;
}

describe('borderline TLE re-check (real sandbox)', () => {
  it('a run just over the limit is run again once; both times are recorded, the other case is not touched', async () => {
    const result = await judgedBorderline({ code: SPINNER, language: 'C', problem: ON, cases: BORDERLINE });
    const [c1, c2] = result.cases;
    const shown = JSON.stringify(result.cases.map((c) => [c.status, c.time, c.rerun]));
    expect(c1.rerun, shown).toBeTruthy();
    const { firstMs, secondMs } = c1.rerun!;
    // the first run was judged TLE inside the margin: that is why it was re-run
    expect(firstMs, shown).toBeGreaterThan(TL);
    expect(firstMs, shown).toBeLessThanOrEqual(TL * 1.1);
    // the rule: the second run counts when it is within the limit, else the first run's TLE stands
    if (secondMs <= TL) expect([c1.status, c1.time]).toEqual([JudgeStatus.ACCEPTED, secondMs]);
    else expect([c1.status, c1.time]).toEqual([JudgeStatus.TIME_LIMIT_EXCEEDED, firstMs]);
    expect([c2.status, c2.rerun ?? null]).toEqual([JudgeStatus.ACCEPTED, null]);
  }, 600_000);

  it('the switch off: the same run is TLE at once, not re-run', async () => {
    const result = await submit({
      code: SPINNER,
      language: 'C',
      problem: { timeLimitMs: TL, tleRecheck: null },
      cases: BORDERLINE,
    });
    const c1 = result.cases[0];
    expect([c1.status, c1.rerun ?? null]).toEqual([JudgeStatus.TIME_LIMIT_EXCEEDED, null]);
  }, 120_000);

  it('a program far over the limit (stopped by the sandbox for CPU) is not re-run', async () => {
    const result = await submit({
      code: SPINNER,
      language: 'C',
      problem: ON,
      cases: [[`1 2 ${TL * 100}\n`, '3\n']],
    });
    const c1 = result.cases[0];
    expect([c1.status, c1.rerun ?? null]).toEqual([JudgeStatus.TIME_LIMIT_EXCEEDED, null]);
    // (stopped for CPU at TL x 1.1 + 200 ms, or, on a machine loaded beyond its cores, for wall time: neither re-run)
  }, 120_000);

  it('a program stopped for wall time (idle, blocked) is not re-run', async () => {
    const idle = '#include <unistd.h>\nint main(void) { for (;;) pause(); }';
    const result = await submit({ code: idle, language: 'C', problem: ON, cases: [['1 2\n', '3\n']] });
    const c1 = result.cases[0];
    expect([c1.status, c1.rerun ?? null]).toEqual([JudgeStatus.TIME_LIMIT_EXCEEDED, null]);
    expect(c1.time).toBeLessThan(TL);
  }, 120_000);

  it('interactive: the program and the interactor run again together; the re-run is recorded', async () => {
    // The guessing game of fixtures/interactive-kattis, played after spinning to 1.04 x TL of CPU.
    const guesser = `#include <stdio.h>
#include <time.h>
int main(void) {
  struct timespec ts;
  volatile unsigned long x = 0;
  do {
    for (int i = 0; i < 20000; i++) x += i;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  } while (ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6 < ${TL * 1.04});
  long long lo = 1, hi = 1000000000;
  char r[4];
  while (lo <= hi) {
    long long mid = (lo + hi) / 2;
    printf("%lld\\n", mid);
    fflush(stdout);
    if (scanf("%3s", r) != 1 || r[0] == '=') return 0;
    if (r[0] == '<') hi = mid - 1; else lo = mid + 1;
  }
  return 0;
}`;
    const interactor = readFileSync(join(FIXTURES, 'interactive-kattis', 'interactor.cpp'), 'utf8');
    const result = await judgedBorderline({
      code: guesser,
      language: 'C',
      problem: {
        ...ON,
        judgeMode: 'interactive',
        spj: { code: interactor, language: 'C++', protocol: 'kattis' },
      },
      cases: [['77\n', '77\n']],
    });
    const c1 = result.cases[0];
    const shown = JSON.stringify([c1?.status, c1?.time, c1?.rerun, c1?.message, result.errorMessage]);
    expect(c1?.rerun, shown).toBeTruthy();
    const { firstMs, secondMs } = c1.rerun!;
    expect(firstMs, shown).toBeGreaterThan(TL);
    if (secondMs <= TL) expect(c1.status, shown).toBe(JudgeStatus.ACCEPTED);
    else expect([c1.status, c1.time], shown).toEqual([JudgeStatus.TIME_LIMIT_EXCEEDED, firstMs]);
  }, 600_000);

  it('file IO: re-run once through the output FIFO like its first run; the re-run is recorded', async () => {
    const fileSpinner = SPINNER.replace(
      'if (scanf("%lld %lld %lf", &a, &b, &target) != 3) return 1;',
      'FILE *in = fopen("in.txt", "r");\n  if (!in || fscanf(in, "%lld %lld %lf", &a, &b, &target) != 3) return 1;\n  if (!freopen("out.txt", "w", stdout)) return 2;',
    );
    expect(fileSpinner).not.toBe(SPINNER);
    const result = await judgedBorderline({
      code: fileSpinner,
      language: 'C',
      problem: { ...ON, ...FILE_IO },
      cases: BORDERLINE,
    });
    const [c1, c2] = result.cases;
    const shown = JSON.stringify(result.cases.map((c) => [c.status, c.time, c.rerun, c.message]));
    expect(c1.rerun, shown).toBeTruthy();
    if (c1.rerun!.secondMs <= TL) expect(c1.status, shown).toBe(JudgeStatus.ACCEPTED);
    else expect(c1.status, shown).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect([c2.status, c2.rerun ?? null], shown).toEqual([JudgeStatus.ACCEPTED, null]);
  }, 600_000);
});
