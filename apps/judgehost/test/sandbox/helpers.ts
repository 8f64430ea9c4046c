import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { getLanguage } from '../../src/languages/index.js';
import { sandboxConfig } from '../../src/sandbox/config.js';
import { createWorkDir, runSandboxed, sandboxRuntime } from '../../src/sandbox/index.js';
import type { RunResult, SandboxLimits } from '../../src/sandbox/types.js';

// A uid range of this test process alone, so "no process of the sandbox uids is left" is not disturbed by
// other judgehosts (or test runs) using the sandbox on the same machine at the same time.
process.env.OJ_SANDBOX_UID_BASE ??= String(
  Number(process.env.OJ_TEST_UID_OFFSET ?? 0) + 62000 + (process.pid % 500) * 8,
);
process.env.OJ_SANDBOX_UID_COUNT ??= '8';

/** Limits of a plain test run; cases override some. */
export const BASE_LIMITS: SandboxLimits = {
  cpuMs: 1000,
  wallMs: 3000,
  memoryKb: 256 * 1024,
  stackKb: 8 * 1024,
  outputBytes: 1 << 20,
  processes: 16,
  fileSizeBytes: 16 << 20,
  openFiles: 64,
};

/** Compiles `source` (a C file) with the `C With O2` language in a fresh work dir; returns the dir. */
export async function compileC(source: string): Promise<string> {
  const workDir = await createWorkDir();
  copyFileSync(source, `${workDir}/main.c`);
  const result = await getLanguage('C With O2')!.compile(workDir);
  if (!result.ok) throw new Error(`compile ${source}: ${result.message}`);
  return workDir;
}

/** Pids of processes running as one of the sandbox uids (should be none between runs). */
export function sandboxProcesses(): number[] {
  const { uidBase, uidCount } = sandboxConfig();
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
      if (uid >= uidBase && uid < uidBase + uidCount) found.push(Number(entry));
    } catch {}
  }
  return found;
}

/** Run cgroups of this process still present under the parents (should be none between runs). */
export async function leftoverCgroups(): Promise<string[]> {
  const { cgroups } = await sandboxRuntime();
  const left: string[] = [];
  for (const parent of new Set([cgroups.cpu, cgroups.memory, cgroups.pids, cgroups.cpuset ?? cgroups.cpu])) {
    for (const entry of readdirSync(parent))
      if (entry.startsWith(`r${process.pid}-`)) left.push(`${parent}/${entry}`);
  }
  return left;
}

/** A normal run after an adversarial one: `echo` through the shell must still work. */
export function normalRun(workDir: string): Promise<RunResult> {
  return runSandboxed({
    argv: ['/bin/sh', '-c', 'read a b; echo $((a + b))'],
    workDir,
    stdin: { data: '2 3\n' },
    limits: BASE_LIMITS,
  });
}
