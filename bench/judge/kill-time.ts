/**
 * Kill time of a run at its CPU limit (docs/sandbox.md, "Kill time"): from the instant the run's CPU (the cgroup
 * counter the supervisor enforces) reaches the limit to the instant the run resolves with the TLE result, for a
 * one-shot `runSandboxed` run or a run in a box session (the pipeline's path for test cases).
 *
 * The program spins and every 0.1 ms of its own CPU clock records (CLOCK_MONOTONIC, own CPU ns) in a file in its
 * work dir (mmap'd, read by the host after the kill: from the one-shot work dir, or the copy a session makes of
 * it as an output file). The cgroup counter runs ahead of the program's own clock by
 * a fixed start-up offset (execve, page faults), estimated as (cgroup CPU at the end - last own CPU sample), so
 * the cgroup reached the limit when the own clock read (limit - offset): the first sample at or past that value
 * gives the instant (to within one 0.1 ms sample). The host's `process.hrtime` is the same CLOCK_MONOTONIC (the box
 * has no time namespace). Run alone as root: `npx tsx bench/judge/kill-time.ts [runs] [limitMs]` (one-shot runs).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createWorkDir, removeWorkDir, runSandboxed } from '../../apps/judgehost/src/sandbox/index.js';
import type { RunResult, SandboxLimits } from '../../apps/judgehost/src/sandbox/types.js';

const SAMPLES = 1 << 16;
const SPIN = `#include <fcntl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#define N ${SAMPLES}
static long long ns(clockid_t c) { struct timespec t; clock_gettime(c, &t); return t.tv_sec * 1000000000LL + t.tv_nsec; }
int main(void) {
  int fd = open("samples", O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0 || ftruncate(fd, 16 + 16L * N) != 0) return 1;
  volatile long long *m = mmap(0, 16 + 16L * N, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, 0);
  if (m == MAP_FAILED) return 1;
  long long next = 0, count = 0;
  for (;;) {
    long long cpu = ns(CLOCK_PROCESS_CPUTIME_ID);
    if (cpu >= next && count < N) {
      m[2 + 2 * count] = ns(CLOCK_MONOTONIC);
      m[3 + 2 * count] = cpu;
      m[0] = ++count;
      next = cpu + 100000;
    }
  }
}
`;

export interface KillTimes {
  /** Result in hand minus the instant the cgroup CPU reached the limit, ms, per run. */
  gone: number[];
  /** CPU reported past the limit, ms, per run. */
  over: number[];
}

/** Bytes of the spinner's sample file. */
export const SAMPLE_BYTES = 16 + 16 * SAMPLES;

/** Compiles the spinner to `<dir>/spin` (static). */
export function buildSpinner(dir: string): void {
  writeFileSync(`${dir}/spin.c`, SPIN);
  execFileSync('gcc', ['-O2', '-static', '-o', `${dir}/spin`, `${dir}/spin.c`]);
}

/** Runs the spinner once with these limits; resolves with the run and a reader of its `samples` file. */
export type SpinRunner = (limits: SandboxLimits) => Promise<{ run: RunResult; samples: () => Buffer }>;

/** Runs the spinner `runs` times at a `limitMs` CPU limit through `spin` and times each kill. */
export async function measureKillTime(
  spin: SpinRunner,
  limits: SandboxLimits,
  runs: number,
  limitMs: number,
) {
  const result: KillTimes = { gone: [], over: [] };
  for (let i = 0; i < runs; i++) {
    const { run, samples } = await spin({
      ...limits,
      cpuMs: limitMs,
      fileSizeBytes: Math.max(limits.fileSizeBytes, 4 << 20),
      outputBytes: Math.max(limits.outputBytes, 2 * SAMPLE_BYTES),
    });
    const doneNs = Number(process.hrtime.bigint());
    if (run.verdict !== 'TLE') throw new Error(`spin: ${run.verdict} ${run.message}`);
    const raw = samples();
    const count = Number(raw.readBigInt64LE(0));
    const sample = (k: number) => ({
      mono: Number(raw.readBigInt64LE(16 + 16 * k)),
      cpu: Number(raw.readBigInt64LE(24 + 16 * k)),
    });
    const offsetNs = run.cpuMs * 1e6 - sample(count - 1).cpu;
    const target = limitMs * 1e6 - offsetNs;
    let k = 0;
    while (k < count - 1 && sample(k).cpu < target) k++;
    result.gone.push((doneNs - sample(k).mono) / 1e6);
    result.over.push(run.cpuMs - limitMs);
  }
  return result;
}

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Prints the kill-time figures (median / p90 / max) of the runs of `what`. */
export function printKillTimes(times: KillTimes, runs: number, limitMs: number, what = 'one-shot'): void {
  const f = (n: number) => n.toFixed(2);
  const line = (xs: number[]) =>
    `median ${f(quantile(xs, 0.5))}, p90 ${f(quantile(xs, 0.9))}, max ${f(Math.max(...xs))}`;
  console.log(`(c) busy loop at a ${limitMs} ms CPU limit, ${runs} ${what} runs`);
  console.log(`    CPU reported past the limit (ms): ${line(times.over)}`);
  console.log(`    limit reached -> result in hand (ms): ${line(times.gone)}`);
}

const LIMITS: SandboxLimits = {
  cpuMs: 300,
  wallMs: 10000,
  memoryKb: 64 * 1024,
  stackKb: 8192,
  outputBytes: 1 << 16,
  processes: 8,
  fileSizeBytes: 4 << 20,
  openFiles: 32,
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(process.argv[2] ?? 30);
  const limitMs = Number(process.argv[3] ?? 300);
  const dir = await createWorkDir();
  try {
    buildSpinner(dir);
    const oneShot: SpinRunner = async (limits) => ({
      run: await runSandboxed({ argv: ['./spin'], workDir: dir, limits }),
      samples: () => readFileSync(`${dir}/samples`),
    });
    printKillTimes(await measureKillTime(oneShot, LIMITS, runs, limitMs), runs, limitMs);
  } finally {
    await removeWorkDir(dir);
  }
}
