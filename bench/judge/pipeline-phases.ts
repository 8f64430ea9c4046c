/**
 * Pipeline phase benchmark (not part of the test run): judges one A+B C++ submission with 10 cases through the real
 * pipeline (`judge()`, real sandbox, no server), N times, and prints the medians of its phases against the bare
 * compile and 10 bare runs measured next to each sample: prepare (compile + session start), the cases, and what
 * remains until `judge()` resolves (set-up, and the clean-up when the sources await it), and the clean-up that
 * runs after the result (as the worker has it: box sessions closing, task dir removal). The judge's CPU (this process and its
 * children) per submission is printed too. Needs root and bubblewrap.
 * Run: `OJ_SANDBOX_UID_BASE=64600 OJ_SANDBOX_UID_COUNT=8 npx tsx bench/judge/pipeline-phases.ts [samples=15] [src]`;
 * `src` (default `apps/judgehost/src`) may name another copy of the judgehost's sources (e.g. an older commit's,
 * extracted under the repository so that its packages resolve) to compare back to back.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JudgeTask } from '@oj/shared';
import { procCpu } from './e2e-probe.js';

const SAMPLES = Number(process.argv[2] ?? 15);
const SRC = path.resolve(process.argv[3] ?? path.join(import.meta.dirname, '../../apps/judgehost/src'));
const { judge } = (await import(
  path.join(SRC, 'pipeline/index.ts')
)) as typeof import('../../apps/judgehost/src/pipeline/index.js');
const CODE = '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";return 0;}\n';
const CASES = Array.from({ length: 10 }, (_, i) => [i * 7 + 1, i * 13 + 2] as const);
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpuNow = () => {
  const c = procCpu(process.pid);
  return (c.self + c.children) * 1000;
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'oj-phases-'));
const byHash = new Map<string, string>();
function data(name: string, text: string) {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  const hash = createHash('sha256').update(text).digest('hex');
  byHash.set(hash, file);
  return { hash, size: Buffer.byteLength(text) };
}
const testcases = CASES.map(([a, b], i) => {
  const input = data(`${i}.in`, `${a} ${b}\n`);
  const output = data(`${i}.out`, `${a + b}\n`);
  return {
    index: i + 1,
    inputName: `${i}.in`,
    outputName: `${i}.out`,
    inputHash: input.hash,
    outputHash: output.hash,
    inputSize: input.size,
    outputSize: output.size,
    score: 0,
    groupNum: 0,
  };
});

function task(jobId: number): JudgeTask {
  return {
    jobId,
    kind: 'judge',
    submitId: jobId,
    testKey: null,
    version: 0,
    language: 'C++',
    code: CODE,
    problem: {
      pid: 1,
      problemId: 'B1',
      caseVersion: 'v1',
      timeLimitMs: 1000,
      memoryLimitMb: 256,
      stackLimitMb: 128,
      type: 0,
      ioScore: 100,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      isRemoveEndBlank: true,
      isFileIO: false,
      ioReadFileName: null,
      ioWriteFileName: null,
      spj: null,
      userExtraFile: null,
      judgeExtraFile: null,
      difficulty: 0,
    },
    testcases,
    userInput: null,
    expectedOutput: null,
  };
}

/** One bare compile and the 10 bare runs: wall ms. */
function bare(): { compile: number; runs: number } {
  const work = mkdtempSync(path.join(dir, 'bare-'));
  writeFileSync(path.join(work, 'main.cpp'), CODE);
  const t0 = performance.now();
  spawnSync(
    '/usr/bin/g++',
    ['-DONLINE_JUDGE', '-pipe', '-w', '-std=c++14', 'main.cpp', '-o', 'main', '-lm'],
    {
      cwd: work,
    },
  );
  const t1 = performance.now();
  for (const [a, b] of CASES) spawnSync(path.join(work, 'main'), { input: `${a} ${b}\n` });
  const t2 = performance.now();
  rmSync(work, { recursive: true, force: true });
  return { compile: t1 - t0, runs: t2 - t1 };
}

const workRoot = mkdtempSync(path.join(os.tmpdir(), 'oj-phases-work-'));
const rows: Record<string, number[]> = {
  total: [],
  prepare: [],
  cases: [],
  rest: [],
  cleanup: [],
  bareCompile: [],
  bareRuns: [],
  cpu: [],
};
console.log(`uptime: ${spawnSync('uptime').stdout.toString().trim()}`);
for (let i = 0; i < SAMPLES + 1; i++) {
  const phases = { prepare: 0, case: 0, data: 0 };
  const c0 = cpuNow();
  const t0 = performance.now();
  let cleanup: Promise<void> = Promise.resolve();
  const r = await judge(task(1000 + i), {
    getTestcase: async (h) => byHash.get(h) ?? '',
    workRoot,
    judgehostId: 'bench',
    onPhase: (p, ms) => {
      phases[p] += ms;
    },
    // as the worker does (older sources ignore it and clean up before resolving)
    cleanup: (done: Promise<void>) => {
      cleanup = done;
    },
  } as Parameters<typeof judge>[1]);
  const total = performance.now() - t0;
  await cleanup;
  const cleanupMs = performance.now() - t0 - total;
  const cpu = cpuNow() - c0;
  if (r.status !== 0) throw new Error(`not accepted: ${JSON.stringify(r).slice(0, 400)}`);
  const b = bare();
  if (i === 0) continue; // warm-up (language probe, helpers)
  rows.total.push(total);
  rows.prepare.push(phases.prepare);
  rows.cases.push(phases.case + phases.data);
  rows.rest.push(total - phases.prepare - phases.case - phases.data);
  rows.cleanup.push(cleanupMs);
  rows.bareCompile.push(b.compile);
  rows.bareRuns.push(b.runs);
  rows.cpu.push(cpu);
}
const m = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, med(v)]));
const f = (x: number) => x.toFixed(1);
console.log(`judge() of A+B C++ with 10 cases, ${SAMPLES} samples, medians (ms):`);
console.log(
  `  total ${f(m.total)}: prepare ${f(m.prepare)} (bare compile ${f(m.bareCompile)}), 10 cases ${f(m.cases)} ` +
    `(bare runs ${f(m.bareRuns)}), rest ${f(m.rest)}; clean-up after the result ${f(m.cleanup)}`,
);
console.log(`  total / (bare compile + runs) = ${(m.total / (m.bareCompile + m.bareRuns)).toFixed(2)}`);
console.log(`  CPU of this process and its children per judge(): ${f(m.cpu)} ms (10 ms ticks)`);
console.log(`uptime: ${spawnSync('uptime').stdout.toString().trim()}`);
rmSync(dir, { recursive: true, force: true });
rmSync(workRoot, { recursive: true, force: true });
