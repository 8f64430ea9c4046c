/**
 * CPU contention benchmark (docs/figures.md, "CPU pinning"). Run as root:
 * `npx tsx bench/judge/cpu-contention.ts [runs]` (default 10 runs per worker and scenario).
 * A fixed amount of work (random read-modify-writes over a 4 MB array, calibrated to about 500 ms of CPU alone)
 * is run in the sandbox (a) alone, (b) by 2 concurrent workers unpinned, (c) by 2 concurrent workers each pinned
 * to its CPU (`workerCpu`, as the judgehost does). Prints the CPU time the sandbox reports (median, min, max) and
 * the wall time (median): what a submission's time would read in each setting.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  createWorkDir,
  removeWorkDir,
  runSandboxed,
  workerCpu,
} from '../../apps/judgehost/src/sandbox/index.js';
import type { SandboxLimits } from '../../apps/judgehost/src/sandbox/types.js';
import { quantile } from './kill-time.js';
import { BENCH_LIMITS } from './limits.js';

const runs = Number(process.argv[2] ?? 10);
const limits: SandboxLimits = { ...BENCH_LIMITS, cpuMs: 10000, wallMs: 30000 };
const WORK = `#include <stdlib.h>
static unsigned a[1 << 20];
int main(int argc, char **argv) {
  long n = atol(argv[1]);
  unsigned x = 1, s = 0;
  for (long i = 0; i < n; i++) {
    x = x * 1103515245u + 12345u;
    s += a[(x >> 8) & ((1u << 20) - 1)]++;
  }
  return s == 42;
}
`;

interface Sample {
  cpu: number;
  wall: number;
}

async function work(dir: string, n: number, cpu?: number): Promise<Sample> {
  const r = await runSandboxed({ argv: ['./work', String(n)], workDir: dir, limits, cpu });
  if (r.verdict !== 'OK') throw new Error(`work: ${r.verdict} ${r.message}`);
  return { cpu: r.cpuMs, wall: r.wallMs };
}

/** `workers` loops of `runs` runs each, concurrently; worker i pinned to workerCpu(i) when `pinned`. */
async function scenario(dir: string, n: number, workers: number, pinned: boolean): Promise<Sample[]> {
  const loops = Array.from({ length: workers }, async (_, i) => {
    const samples: Sample[] = [];
    for (let k = 0; k < runs; k++) samples.push(await work(dir, n, pinned ? workerCpu(i) : undefined));
    return samples;
  });
  return (await Promise.all(loops)).flat();
}

function print(name: string, samples: Sample[]): void {
  const cpu = samples.map((s) => s.cpu);
  const f = (x: number) => x.toFixed(1);
  console.log(
    `    ${name.padEnd(30)} CPU ${f(quantile(cpu, 0.5))} (${f(Math.min(...cpu))}..${f(Math.max(...cpu))}) ms, wall ${f(
      quantile(
        samples.map((s) => s.wall),
        0.5,
      ),
    )} ms`,
  );
}

async function main(): Promise<void> {
  const dir = await createWorkDir();
  try {
    writeFileSync(`${dir}/work.c`, WORK);
    execFileSync('gcc', ['-O2', '-static', '-o', `${dir}/work`, `${dir}/work.c`]);
    // Two rounds of calibration: the first guess is dominated by start-up and a cold array.
    let n = 100_000_000;
    for (let round = 0; round < 2; round++) {
      const cpu = quantile(
        [await work(dir, n), await work(dir, n), await work(dir, n)].map((s) => s.cpu),
        0.5,
      );
      n = Math.round((n * 500) / cpu);
    }
    console.log(
      `fixed work: ${n} iterations (about 500 ms alone), ${runs} runs per worker; load ${loadavg()[0].toFixed(2)}`,
    );
    print('(a) alone', await scenario(dir, n, 1, false));
    print('(b) 2 workers, unpinned', await scenario(dir, n, 2, false));
    print(`(c) 2 workers, pinned ${workerCpu(0)},${workerCpu(1)}`, await scenario(dir, n, 2, true));
    console.log(`load at the end ${loadavg()[0].toFixed(2)}`);
  } finally {
    await removeWorkDir(dir);
  }
}

await main();
