/**
 * Sandbox overhead benchmark (docs/sandbox.md). Run as root: `npx tsx bench/judge/sandbox-overhead.ts [runs]`.
 * Prints (a) wall time per run of a tiny static program, bare spawn vs the sandbox, median and p99 over `runs`
 * (default 500); (b) CPU time the sandbox reports for C programs burning 100, 500 and 1000 ms of CPU (20 runs
 * each): bias (median reported - true) and spread ((max - min) / true); (c) how long a run killed at its CPU
 * limit takes to be gone (result in hand) after the limit. Goals: overhead <= 6 ms, bias within +3 ms, spread
 * within 1%, killed run gone within 30 ms.
 */
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createWorkDir, removeWorkDir, runSandboxed } from '../../apps/judgehost/src/sandbox/index.js';
import type { SandboxLimits } from '../../apps/judgehost/src/sandbox/types.js';

const runs = Number(process.argv[2] ?? 500);
const limits: SandboxLimits = {
  cpuMs: 5000,
  wallMs: 10000,
  memoryKb: 64 * 1024,
  stackKb: 8192,
  outputBytes: 1 << 16,
  processes: 8,
  fileSizeBytes: 1 << 20,
  openFiles: 32,
};

const TINY = `#include <unistd.h>
int main(void) { write(1, "hello\\n", 6); return 0; }
`;
// Burns exactly N ms of process CPU time (argv[1]), measured by the kernel's own clock of the process.
const BURN = `#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
  long target = atol(argv[1]) * 1000000L;
  struct timespec ts;
  for (volatile unsigned long i = 0;; i++) {
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    if (ts.tv_sec * 1000000000L + ts.tv_nsec >= target) return 0;
  }
}
`;
const LOOP = 'int main(void) { for (volatile unsigned long i = 0;; i++) { } }\n';

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
const f = (n: number) => n.toFixed(2);

function bare(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, [], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

async function main() {
  const dir = await createWorkDir();
  try {
    for (const [name, source] of [
      ['tiny', TINY],
      ['burn', BURN],
      ['loop', LOOP],
    ]) {
      writeFileSync(`${dir}/${name}.c`, source);
      execFileSync('gcc', ['-O2', '-static', '-o', `${dir}/${name}`, `${dir}/${name}.c`]);
    }
    // (a) per-run overhead
    await runSandboxed({ argv: ['./tiny'], workDir: dir, limits });
    const bareMs: number[] = [];
    const boxMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      let t = performance.now();
      await bare(`${dir}/tiny`);
      bareMs.push(performance.now() - t);
      t = performance.now();
      const result = await runSandboxed({ argv: ['./tiny'], workDir: dir, limits });
      boxMs.push(performance.now() - t);
      if (result.verdict !== 'OK') throw new Error(`tiny run: ${result.verdict} ${result.message}`);
    }
    const bareMed = quantile(bareMs, 0.5);
    const boxMed = quantile(boxMs, 0.5);
    console.log(`(a) per run, ${runs} runs back to back (ms, median / p99)`);
    console.log(`    bare spawn+wait   ${f(bareMed)} / ${f(quantile(bareMs, 0.99))}`);
    console.log(`    sandbox           ${f(boxMed)} / ${f(quantile(boxMs, 0.99))}`);
    console.log(
      `    overhead          ${f(boxMed - bareMed)} / ${f(quantile(boxMs, 0.99) - quantile(bareMs, 0.99))}`,
    );
    // (b) CPU accuracy
    console.log('(b) reported CPU of a burner, 20 runs (ms): min / median / max, bias, spread');
    for (const target of [100, 500, 1000]) {
      const cpu: number[] = [];
      for (let i = 0; i < 20; i++) {
        const result = await runSandboxed({ argv: ['./burn', String(target)], workDir: dir, limits });
        if (result.verdict !== 'OK') throw new Error(`burn: ${result.verdict} ${result.message}`);
        cpu.push(result.cpuMs);
      }
      const min = Math.min(...cpu);
      const max = Math.max(...cpu);
      const med = quantile(cpu, 0.5);
      console.log(
        `    ${String(target).padStart(4)} ms: ${f(min)} / ${f(med)} / ${f(max)}, bias ${f(med - target)} ms, spread ${f(((max - min) / target) * 100)}%`,
      );
    }
    // (c) killed run
    const limit = 300;
    const gone: number[] = [];
    const over: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const result = await runSandboxed({
        argv: ['./loop'],
        workDir: dir,
        limits: { ...limits, cpuMs: limit },
      });
      const elapsed = performance.now() - t;
      if (result.verdict !== 'TLE') throw new Error(`loop: ${result.verdict}`);
      // the program's own wall from exec to limit ~ its CPU at kill on an idle core; the rest is start-up + kill
      gone.push(elapsed - boxMed - result.cpuMs);
      over.push(result.cpuMs - limit);
    }
    console.log(`(c) infinite loop, CPU limit ${limit} ms, 20 runs`);
    console.log(
      `    CPU past the limit when killed (ms): median ${f(quantile(over, 0.5))}, max ${f(Math.max(...over))}`,
    );
    console.log(
      `    gone after reaching the limit (ms, elapsed - tiny-run median - CPU): median ${f(quantile(gone, 0.5))}, max ${f(Math.max(...gone))}`,
    );
  } finally {
    await removeWorkDir(dir);
  }
}

await main();
