/**
 * Compile A/B (docs/figures.md): the A+B C++ compile as the judge runs it, bare against a worker's kept compile
 * box, alternating, so that a changing machine load moves both sides alike. Run as root:
 * `npx tsx bench/judge/compile-ab.ts [rounds]` (default 10). Each round: g++ pinned to CPU 1 with `taskset` under
 * GNU time (wall from Node, CPU = user + system of g++ and its children, 10 ms resolution), then the same argv in
 * a `CompileBox` pinned to CPU 1 (wall from Node, including the source placed and the binary copied out; the wall
 * and CPU the supervisor reports for the compiler's run). Prints the median and minimum of each, ms, and
 * `uptime` first and last. The compile box is the compile path since issue 24; the bare compile is what
 * `end-to-end.ts` compares the judge with.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPILE_LIMITS } from '../../apps/judgehost/src/languages/base.js';
import { CompileBox } from '../../apps/judgehost/src/sandbox/boxd/index.js';
import { createWorkDir, removeWorkDir } from '../../apps/judgehost/src/sandbox/index.js';

const SRC = '#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}\n';
const ARGV = ['/usr/bin/g++', '-DONLINE_JUDGE', '-pipe', '-w', '-std=c++14', 'main.cpp', '-o', 'main', '-lm'];
const rounds = Number(process.argv[2] ?? 10);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const figures: Record<string, number[]> = {
  'bare wall': [],
  'bare CPU': [],
  'box wall (Node)': [],
  'box wall (run)': [],
  'box CPU (run)': [],
};

console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);
const box = new CompileBox({ cpu: 1 });
const dir = mkdtempSync(join(tmpdir(), 'compile-ab-'));
writeFileSync(join(dir, 'main.cpp'), SRC);
try {
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    const bare = spawnSync('taskset', ['-c', '1', '/usr/bin/time', '-f', '%e %U %S', ...ARGV], { cwd: dir });
    figures['bare wall'].push(performance.now() - t);
    const [, user, system] = (bare.stderr.toString().trim().split('\n').pop() ?? '').split(' ').map(Number);
    figures['bare CPU'].push((user + system) * 1000);
    const work = await createWorkDir();
    writeFileSync(join(work, 'main.cpp'), SRC);
    t = performance.now();
    const result = await box.compile(work, { argv: ARGV, limits: COMPILE_LIMITS });
    figures['box wall (Node)'].push(performance.now() - t);
    figures['box wall (run)'].push(result.wallMs);
    figures['box CPU (run)'].push(result.cpuMs);
    if (result.verdict !== 'OK') console.log(`box compile failed: ${result.message}`);
    await removeWorkDir(work);
  }
  for (const [name, values] of Object.entries(figures)) {
    console.log(
      `${name.padEnd(16)} median ${median(values).toFixed(1)} ms, min ${Math.min(...values).toFixed(1)} ms`,
    );
  }
} finally {
  await box.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);
