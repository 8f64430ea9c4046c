import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowedCpus,
  createWorkDir,
  removeWorkDir,
  runSandboxed,
  sandboxRuntime,
  workerCpu,
} from '../../src/sandbox/index.js';
import { BASE_LIMITS, leftoverCgroups } from './helpers.js';

let dir = '';

beforeAll(async () => {
  dir = await createWorkDir();
});

afterAll(async () => {
  await removeWorkDir(dir);
});

/** Runs a shell command in the box, optionally pinned; returns its stdout. */
async function inBox(command: string, cpu?: number): Promise<string> {
  const result = await runSandboxed({
    argv: ['/bin/sh', '-c', command],
    workDir: dir,
    limits: BASE_LIMITS,
    cpu,
  });
  expect(result.verdict, result.message).toBe('OK');
  return result.stdout.toString();
}

const ALLOWED = "sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status";

describe('CPU pinning (cpuset cgroup per run)', () => {
  it('gives each worker its own CPU, leaving the first to the judgehost when there are more than two', () => {
    expect([0, 1].map((w) => workerCpu(w, [0, 1]))).toEqual([0, 1]);
    expect([0, 1, 2].map((w) => workerCpu(w, [0, 1, 2, 3]))).toEqual([1, 2, 3]);
    expect([0, 1, 2].map((w) => workerCpu(w, [0, 1, 2]))).toEqual([1, 2, 1]);
    expect(workerCpu(3, [0])).toBe(0);
  });

  it('confines a pinned run to exactly its CPU', async () => {
    expect((await sandboxRuntime()).cgroups.cpuset, 'this host has a cpuset controller').toBeDefined();
    for (const cpu of allowedCpus()) expect(await inBox(ALLOWED, cpu)).toBe(`${cpu}\n`);
    expect(await leftoverCgroups()).toEqual([]);
  });

  it('does not let the program widen its affinity past its CPU', async () => {
    const cpus = allowedCpus();
    const pinned = cpus[cpus.length - 1];
    const out = await inBox(`taskset -p -c ${cpus.join(',')} $$ >/dev/null 2>&1; ${ALLOWED}`, pinned);
    expect(out).toBe(`${pinned}\n`);
  });

  it('leaves an unpinned run on every CPU the judgehost has', async () => {
    const own = /^Cpus_allowed_list:\s*(.*)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    expect(await inBox(ALLOWED)).toBe(`${own}\n`);
  });
});
