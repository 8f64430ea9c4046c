import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoxSession, openBoxSession } from '../../src/sandbox/boxd/index.js';
import { runCpus } from '../../src/sandbox/boxd/session.js';
import { sandboxConfig } from '../../src/sandbox/config.js';
import { sandboxRuntime } from '../../src/sandbox/setup.js';
import { BASE_LIMITS } from './helpers.js';

// Issue 24 item 5: a run's processes are one scheduling group with a CPU quota (v1 cpu.shares +
// cpu.cfs_quota_us, v2 cpu.weight + cpu.max), so a setsid() fork bomb cannot take the CPU from the host.

let programDir = '';
let box: BoxSession;

/** Forks 47 times (each child leaves the session with setsid()) and spins in all 48 processes. */
const BOMB = `#include <unistd.h>
int main(void) {
  for (int i = 0; i < 47; i++) if (fork() == 0) { setsid(); break; }
  for (volatile unsigned long n = 0;; n++) {}
}`;

beforeAll(async () => {
  const { dir } = sandboxConfig();
  await sandboxRuntime();
  programDir = await mkdtemp(`${dir}/cpu-share-p-`);
  writeFileSync(`${programDir}/bomb.c`, BOMB);
  execFileSync('gcc', ['-O2', '-static', '-o', `${programDir}/bomb`, `${programDir}/bomb.c`]);
  chmodSync(programDir, 0o755);
  box = await openBoxSession({ programDir });
});

afterAll(async () => {
  await box?.close();
  await rm(programDir, { recursive: true, force: true });
});

/** A host process that spins for `ms` and reports the share of one CPU it got (CPU time / wall time). */
function hostShare(ms: number): Promise<number> {
  const script = `import time\nt0=time.monotonic();c0=time.process_time()\nwhile time.monotonic()-t0<${ms / 1000}: pass\nprint((time.process_time()-c0)/(time.monotonic()-t0))`;
  return new Promise((resolve, reject) => {
    const child = spawn('python3', ['-c', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', () => resolve(Number(out.trim())));
  });
}

/** Processes of `uid` on the host. */
function countOf(uid: number): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]) === uid) count++;
    } catch {}
  }
  return count;
}

describe('a fork bomb beside a host process', () => {
  it('48 spinning setsid() processes leave the host process most of the CPU it had', async () => {
    const alone = await hostShare(1000);
    const run = box.run({
      argv: ['/p/bomb'],
      limits: { ...BASE_LIMITS, processes: 64, cpuMs: 30_000, wallMs: 30_000 },
    });
    // until the bomb is up (its 48 processes and the box's pid 1), then measure beside it
    for (let i = 0; i < 1000 && countOf(box.uid) < 49; i++) await new Promise((r) => setTimeout(r, 10));
    const beside = await hostShare(1500);
    box.cancel();
    const result = await run;
    expect(result.verdict).toBe('SE'); // cancelled
    expect(countOf(box.uid)).toBeGreaterThan(0); // the session (its pid 1) lives on
    // Before: the bomb's 48 processes weighed 48 host processes (the host one got ~3 % of what it had alone).
    expect(beside / alone, `alone ${alone}, beside the bomb ${beside}`).toBeGreaterThan(0.3);
  }, 60_000);

  it("a run's cpu cgroup has the default weight and a quota of runCpus() CPUs; none is left after close", async () => {
    const { cgroups } = await sandboxRuntime();
    const cpuctl = cgroups.cpuctl;
    if (!cpuctl) return; // no cpu controller on this host
    const session = await openBoxSession({ programDir });
    const running = session.run({ argv: ['/bin/sleep', '5'], limits: { ...BASE_LIMITS, wallMs: 10_000 } });
    const mine = () => readdirSync(cpuctl).filter((entry) => entry.startsWith(`${session.name}-`));
    let dir = '';
    for (let i = 0; i < 500 && !dir; i++) {
      // the run's cgroup is the one holding a process
      dir =
        mine().find((entry) => readFileSync(`${cpuctl}/${entry}/cgroup.procs`, 'utf8').trim() !== '') ?? '';
      if (!dir) await new Promise((r) => setTimeout(r, 10));
    }
    const read = (file: string) => readFileSync(`${cpuctl}/${dir}/${file}`, 'utf8').trim();
    if (cgroups.version === 1) {
      expect(read('cpu.shares')).toBe('1024');
      expect(read('cpu.cfs_quota_us')).toBe(String(runCpus(false) * 100_000));
    } else {
      expect(read('cpu.max')).toBe(`${runCpus(false) * 100_000} 100000`);
    }
    session.cancel();
    await running;
    await session.close();
    expect(mine()).toEqual([]);
  }, 30_000);
});
