import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type BoxSession, openBoxSession } from '../../src/sandbox/boxd/index.js';
import { nextSessionName, runCpus } from '../../src/sandbox/boxd/session.js';
import {
  alive,
  INSTANCE_ID,
  prepareCgroups,
  removeCgroup,
  runCgroups,
  sweepCgroups,
} from '../../src/sandbox/cgroups.js';
import { cgroupMemoryBytes } from '../../src/sandbox/run.js';
import { BASE_LIMITS } from './helpers.js';

// The cgroup v2 paths of sandbox/cgroups.ts. This host is cgroup v1 for memory, pids, cpu and cpuset, so a cgroup2
// tree with those controllers cannot be had here (a cgroup2 mount shows only the controllers no v1 hierarchy
// holds): the set-up is tested against a directory laid out as cgroup2 is, and what cgroup2 does without those
// controllers (cgroup.procs, cpu.stat, cgroup.kill, rmdir) against the host's real cgroup2 hierarchy.

const made: string[] = [];
afterAll(async () => {
  for (const dir of made.reverse()) await rm(dir, { recursive: true, force: true }).catch(() => {});
});

/** A dir laid out as a cgroup2 root (and `levels` below it) with these controllers available. */
async function fakeCgroup2(controllers: string, levels: string[] = []): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'oj-cg2-'));
  made.push(root);
  let dir = root;
  for (const level of ['', ...levels]) {
    dir = level ? join(dir, level) : dir;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'cgroup.controllers'), `${controllers}\n`);
    writeFileSync(join(dir, 'cgroup.subtree_control'), '');
  }
  return root;
}

const read = (path: string) => readFileSync(path, 'utf8');

describe('cgroup v2 set-up (a directory laid out as cgroup2)', () => {
  it('makes the parent down a two-level path, enables the controllers at each level and weighs the parent', async () => {
    const root = await fakeCgroup2('cpuset cpu io memory hugetlb pids', ['oj']);
    const layout = await prepareCgroups('oj/judge', { root, mountinfo: '/nonexistent' });
    const dir = `${root}/oj/judge`;
    // v2: one dir for every controller, the cpu controller's and the cpuset's included
    expect(layout).toEqual({ version: 2, cpu: dir, memory: dir, pids: dir, cpuset: dir, cpuctl: dir });
    expect(read(`${dir}/cpu.weight`)).toBe(String(Math.min(10_000, 100 * availableParallelism())));
    // Each level's subtree_control was written, the controllers one by one (memory, pids, cpu, cpuset), so the
    // file holds the last one written; the parent's own children get memory and pids, then cpuset and cpu.
    expect(read(`${root}/cgroup.subtree_control`)).toBe('+cpuset');
    expect(read(`${root}/oj/cgroup.subtree_control`)).toBe('+cpuset');
    expect(read(`${dir}/cgroup.subtree_control`)).toBe('+cpu');
    // A run's cgroups: one dir named with the judgehost's pid and instance id, the same for each controller.
    const run = runCgroups(layout);
    expect(run.cpu).toMatch(new RegExp(`^${dir}/r${process.pid}-${INSTANCE_ID}-\\d+$`));
    expect([run.memory, run.pids, run.cpuset]).toEqual([run.cpu, run.cpu, run.cpu]);
  });

  it('works without the cpu and cpuset controllers, and refuses a tree without memory or pids by name', async () => {
    const bare = await fakeCgroup2('memory pids', ['oj']);
    const layout = await prepareCgroups('oj/judge', { root: bare });
    expect(layout.memory).toBe(`${bare}/oj/judge`);
    for (const [controllers, missing] of [
      ['cpu pids', 'memory'],
      ['cpu memory', 'pids'],
    ]) {
      const root = await fakeCgroup2(controllers);
      await expect(prepareCgroups('oj-judge', { root })).rejects.toThrow(
        `cgroup v2: controller ${missing} not available in ${root}`,
      );
    }
  });
});

/** The host's cgroup2 hierarchy (a hybrid host mounts one beside the v1 hierarchies), or null. */
function realCgroup2(): string | null {
  for (const line of read('/proc/self/mountinfo').split('\n')) {
    const [left, right] = line.split(' - ');
    if (right?.startsWith('cgroup2 ')) return left.split(' ')[4] ?? null;
  }
  return null;
}

const real = realCgroup2();

describe.skipIf(!real || process.getuid?.() !== 0)('cgroup v2 for real (the host cgroup2 hierarchy)', () => {
  const parent = `${real}/oj-cg2-test-${process.pid}`;
  afterAll(() => {
    if (existsSync(parent)) {
      sweepCgroups({ version: 2, cpu: parent, memory: parent, pids: parent }, true);
      rmdirSync(parent);
    }
  });

  it('refuses to set up where memory and pids are held by v1 hierarchies, naming the controller', async () => {
    const controllers = read(`${real}/cgroup.controllers`).split(/\s+/);
    if (controllers.includes('memory')) return; // a pure v2 host: the pipeline's tests run on v2 there
    await expect(prepareCgroups(`oj-cg2-test-${process.pid}-x`, { root: real ?? '' })).rejects.toThrow(
      `cgroup v2: controller memory not available in ${real}`,
    );
  });

  it('a process joins a run cgroup by cgroup.procs, cpu.stat counts its CPU, the sweep kills it by cgroup.kill', async () => {
    mkdirSync(parent, { recursive: true });
    const layout = { version: 2 as const, cpu: parent, memory: parent, pids: parent };
    // A run cgroup of a dead judgehost (pid 2^22 + 1 is above pid_max's default ceiling: never alive).
    const dead = `${parent}/r${2 ** 22 + 1}-${INSTANCE_ID}-1`;
    mkdirSync(dead);
    const busy = spawn('/bin/sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => busy.once('exit', (_code, signal) => resolve(signal)));
    writeFileSync(`${dead}/cgroup.procs`, String(busy.pid));
    expect(read(`${dead}/cgroup.procs`).trim()).toBe(String(busy.pid));
    const usage = () => Number(/^usage_usec (\d+)$/m.exec(read(`${dead}/cpu.stat`))?.[1]);
    const before = usage();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(usage()).toBeGreaterThan(before + 10_000); // µs: the loop is billed to its cgroup
    expect(existsSync(`${dead}/cgroup.kill`)).toBe(true);
    // A run cgroup of this judgehost stays unless asked for; the dead one's goes, its process killed.
    const own = runCgroups(layout).cpu;
    mkdirSync(own);
    expect(sweepCgroups(layout)).toBe(1);
    expect(await exited).toBe('SIGKILL');
    expect(alive(busy.pid ?? 0)).toBe(false);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(own)).toBe(true);
    expect(removeCgroup(own)).toBe(true);
    expect(existsSync(own)).toBe(false);
  });
});

/**
 * A run cgroup dir of a cgroup2 tree as the kernel presents it: the interface files the session supervisor writes
 * (empty, as `write_file` opens them without creating) and the counters it reads, with the values given.
 */
function fakeRunCgroup(
  dir: string,
  counters: { usageUsec: number; peak?: number; current: number; oomKill: number },
): void {
  mkdirSync(dir);
  for (const file of [
    'cgroup.procs',
    'cgroup.kill',
    'cpu.weight',
    'cpu.max',
    'cpuset.cpus',
    'memory.max',
    'memory.swap.max',
    'memory.oom.group',
    'pids.max',
  ])
    writeFileSync(join(dir, file), '');
  writeFileSync(join(dir, 'cpu.stat'), `usage_usec ${counters.usageUsec}\nuser_usec 0\nsystem_usec 0\n`);
  if (counters.peak !== undefined) writeFileSync(join(dir, 'memory.peak'), `${counters.peak}\n`);
  writeFileSync(join(dir, 'memory.current'), `${counters.current}\n`);
  writeFileSync(
    join(dir, 'memory.events'),
    `low 0\nhigh 0\nmax ${counters.oomKill}\noom ${counters.oomKill}\noom_kill ${counters.oomKill}\noom_group_kill 0\n`,
  );
}

/** Resolves once `check` holds, polling every 2 ms (at most 20 s). */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

// The cgroup v2 paths of the session supervisor (oj-boxd), which this v1 host cannot run for real: a real box
// session whose run cgroups are made under a directory laid out as cgroup2, in which the test plays the kernel
// (it makes each run's dir with its interface files ahead, oj-boxd's mkdir finding it there, and gives the
// counters). The program really runs in the box, but nothing confines it: the cgroup files are plain files.
describe.skipIf(process.getuid?.() !== 0)('the session supervisor on cgroup v2 (a fake cgroup2 tree)', () => {
  let session: BoxSession | undefined;
  let flag = '';
  afterAll(async () => {
    if (flag) writeFileSync(flag, ''); // a waiting program ends (nothing can kill it here)
    await session?.close();
  });

  it('writes the v2 files and values, reads cpu.stat, memory.peak (or samples memory.current) and memory.events', async () => {
    const root = await fakeCgroup2('cpuset cpu io memory hugetlb pids', ['oj']);
    const layout = await prepareCgroups('oj/judge', { root, mountinfo: '/nonexistent' });
    expect(layout.version).toBe(2);
    const name = nextSessionName();
    const dir = (n: number) => `${layout.memory}/${name}-${n}`;
    fakeRunCgroup(dir(1), { usageUsec: 123_456, peak: 7 << 20, current: 1 << 20, oomKill: 0 });
    fakeRunCgroup(dir(2), { usageUsec: 2_500_000, peak: 1 << 20, current: 1 << 20, oomKill: 0 });
    fakeRunCgroup(dir(3), { usageUsec: 1_000, peak: 300 << 20, current: 1 << 20, oomKill: 1 });
    fakeRunCgroup(dir(4), { usageUsec: 5_000, current: 1 << 20, oomKill: 0 }); // a kernel without memory.peak
    fakeRunCgroup(dir(5), { usageUsec: 0, peak: 0, current: 0, oomKill: 0 }); // made ready after run 4
    const data = await mkdtemp(join(tmpdir(), 'oj-cg2-flag-'));
    made.push(data);
    chmodSync(data, 0o755);
    session = await openBoxSession({ cgroups: layout, cpu: 0, mounts: [{ host: data, box: '/flag' }] });
    expect(session.name).toBe(name);
    const limits = { ...BASE_LIMITS, memoryKb: 64 * 1024, processes: 12 };

    const first = await session.run({ argv: ['/bin/true'], limits });
    expect(first).toMatchObject({ verdict: 'OK', cpuMs: 123.46, memoryKb: 7 * 1024 });
    const written = ['memory.max', 'memory.swap.max', 'memory.oom.group', 'pids.max', 'cpu.weight'];
    written.push('cpu.max', 'cpuset.cpus', 'cgroup.procs', 'cgroup.kill');
    const files = (n: number) => Object.fromEntries(written.map((file) => [file, read(join(dir(n), file))]));
    expect(files(1)).toEqual({
      'memory.max': String(cgroupMemoryBytes(64 * 1024)), // the limit and its headroom
      'memory.swap.max': '0',
      'memory.oom.group': '1', // an OOM kill takes every process of the run
      'pids.max': '12',
      'cpu.weight': '100', // the run's processes weigh one host process, however many
      'cpu.max': `${runCpus(true) * 100_000} 100000`, // its quota per 100 ms period
      'cpuset.cpus': '0', // pinned to the session's CPU
      'cgroup.procs': '0', // the program's self-move, through the descriptor oj-boxd opened
      'cgroup.kill': '1', // what was left of the run is killed through cgroup.kill
    });
    // CPU past the limit is TLE, an OOM kill is MLE, as the kernel's counters say
    const second = await session.run({ argv: ['/bin/true'], limits });
    expect(second).toMatchObject({ verdict: 'TLE', cpuMs: 2500 });
    expect(files(2)['cgroup.kill']).toBe('1');
    const third = await session.run({ argv: ['/bin/true'], limits });
    expect(third.verdict).toBe('MLE');
    expect(files(3)['pids.max']).toBe('12');

    // A kernel without memory.peak (before Linux 5.19, e.g. Ubuntu 22.04's 5.15): the peak is memory.current
    // as sampled while the run lives. The program waits for a flag file; the test raises memory.current to
    // 40 MiB once the program joined, waits until oj-boxd has read it (its access time moves past the write's
    // tick), lowers it to 1 MiB and lets the program end. Before, such a run reported 0 KB whatever it used.
    flag = join(data, 'go');
    const running = session.run({
      argv: ['/bin/sh', '-c', 'while [ ! -e /flag/go ]; do sleep 0.01; done'],
      limits: { ...limits, wallMs: 20_000 },
    });
    await until(() => read(join(dir(4), 'cgroup.procs')) === '0');
    const current = join(dir(4), 'memory.current');
    writeFileSync(current, `${40 << 20}\n`);
    await until(() => statSync(current).atimeMs > statSync(current).mtimeMs);
    writeFileSync(current, `${1 << 20}\n`);
    writeFileSync(flag, '');
    expect(await running).toMatchObject({ verdict: 'OK', memoryKb: 40 * 1024 });
  });
});
