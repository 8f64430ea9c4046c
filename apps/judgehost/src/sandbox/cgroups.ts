import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';

/** Where a run's cgroup directories live: one per controller on v1, one shared dir on v2. */
export interface CgroupLayout {
  version: 1 | 2;
  /** Parent dirs under which run cgroups are created, for CPU accounting, memory and pids. */
  cpu: string;
  memory: string;
  pids: string;
  /** Parent dir for the cpuset run cgroups that pin a run to a CPU; undefined without a cpuset controller. */
  cpuset?: string;
  /** v1: the memory nodes each run's cpuset gets (`cpuset.mems` must be set before a task can join). */
  mems?: string;
  /**
   * Parent dir for the run cgroups of the cpu controller (a run's processes are one scheduling group with a CPU
   * quota, issue 24); undefined without that controller. v2: the same dir as the others. The parent weighs as
   * many host processes as there are CPUs (v1 cpu.shares 1024 x CPUs, v2 cpu.weight 100 x CPUs): the runs of
   * all workers share it.
   */
  cpuctl?: string;
}

/** Paths of one run's cgroup(s) (created and removed by the supervisor). */
export interface RunCgroups {
  cpu: string;
  memory: string;
  pids: string;
  cpuset?: string;
}

const CGROUP_ROOT = '/sys/fs/cgroup';

/** Mount point of a v1 controller from /proc/self/mountinfo, or null. */
function v1Mount(mountinfo: string, controller: string): string | null {
  for (const line of mountinfo.split('\n')) {
    const [left, right] = line.split(' - ');
    if (!left || !right) continue;
    const [fsType, , superOptions = ''] = right.split(' ');
    if (fsType !== 'cgroup') continue;
    if (superOptions.split(',').includes(controller)) return left.split(' ')[4] ?? null;
  }
  return null;
}

/** Where `prepareCgroups` looks (tests point it at a tree of their own). */
export interface CgroupMounts {
  /** The cgroup2 root, or the dir holding the v1 hierarchies; default /sys/fs/cgroup. */
  root?: string;
  /** The mount table naming the v1 hierarchies; default /proc/self/mountinfo. */
  mountinfo?: string;
}

/**
 * Detects cgroup v2 (a cgroup2 root at `root`, default /sys/fs/cgroup) or v1 (cpuacct, memory and pids
 * hierarchies of the mount table) and prepares `<parent>` under each: on v2 the memory and pids controllers
 * (cpu and cpuset when available) are enabled down to it and its `cpu.weight` is 100 x the CPUs (all runs
 * together weigh as many host processes as there are CPUs). Returns the layout (paths of the parent dirs).
 * Throws when neither layout is usable (message says what is missing).
 */
export async function prepareCgroups(parent: string, mounts: CgroupMounts = {}): Promise<CgroupLayout> {
  const root = mounts.root ?? CGROUP_ROOT;
  if (existsSync(`${root}/cgroup.controllers`)) {
    const dir = `${root}/${parent}`;
    const parts = parent.split('/');
    let current = root;
    for (const part of parts) {
      const available = (await readFile(`${current}/cgroup.controllers`, 'utf8')).split(/\s+/);
      for (const controller of ['memory', 'pids', 'cpu', 'cpuset']) {
        if (!available.includes(controller)) {
          // cpu.stat usage_usec exists without the cpu controller; without cpuset runs are not pinned
          if (controller === 'cpu' || controller === 'cpuset') continue;
          throw new Error(`cgroup v2: controller ${controller} not available in ${current}`);
        }
        await writeFile(`${current}/cgroup.subtree_control`, `+${controller}`).catch(() => {});
      }
      current = `${current}/${part}`;
      await mkdir(current, { recursive: true });
    }
    for (const controller of ['memory', 'pids']) {
      await writeFile(`${dir}/cgroup.subtree_control`, `+${controller}`);
    }
    const enable = (controller: string) =>
      writeFile(`${dir}/cgroup.subtree_control`, `+${controller}`).then(
        () => dir,
        () => undefined,
      );
    const [cpuset, cpuctl] = [await enable('cpuset'), await enable('cpu')];
    await writeFile(`${dir}/cpu.weight`, String(Math.min(10_000, 100 * availableParallelism()))).catch(
      () => {},
    );
    return { version: 2, cpu: dir, memory: dir, pids: dir, cpuset, cpuctl };
  }
  const mountinfo = await readFile(mounts.mountinfo ?? '/proc/self/mountinfo', 'utf8');
  const found: Record<string, string> = {};
  for (const controller of ['cpuacct', 'memory', 'pids']) {
    const mount = v1Mount(mountinfo, controller);
    if (!mount) throw new Error(`cgroup v1: controller ${controller} is not mounted (and no cgroup v2 root)`);
    found[controller] = `${mount}/${parent}`;
    await mkdir(found[controller], { recursive: true });
  }
  // Children must account hierarchically for the parent's totals (always on in recent kernels).
  await writeFile(`${found.memory}/memory.use_hierarchy`, '1').catch(() => {});
  const cpuset = await prepareV1Cpuset(mountinfo, parent);
  const cpuMount = v1Mount(mountinfo, 'cpu');
  let cpuctl = cpuMount ? `${cpuMount}/${parent}` : undefined;
  if (cpuctl) {
    // optional: without it runs are not one scheduling group (issue 24), but they are still judged
    const made = await mkdir(cpuctl, { recursive: true }).then(
      () => true,
      () => false,
    );
    if (made) await writeFile(`${cpuctl}/cpu.shares`, String(1024 * availableParallelism())).catch(() => {});
    else cpuctl = undefined;
  }
  return { version: 1, cpu: found.cpuacct, memory: found.memory, pids: found.pids, ...cpuset, cpuctl };
}

/**
 * v1: makes `<cpuset mount>/<parent>` with the CPUs and memory nodes of the hierarchy's root (a new v1 cpuset
 * starts empty and takes no tasks). Returns its path and memory nodes, or nothing without a cpuset hierarchy.
 */
async function prepareV1Cpuset(
  mountinfo: string,
  parent: string,
): Promise<{ cpuset?: string; mems?: string }> {
  const mount = v1Mount(mountinfo, 'cpuset');
  if (!mount) return {};
  let current = mount;
  for (const part of parent.split('/')) {
    const above = current;
    current = `${current}/${part}`;
    await mkdir(current, { recursive: true });
    for (const file of ['cpuset.cpus', 'cpuset.mems']) {
      if ((await readFile(`${current}/${file}`, 'utf8')).trim() === '') {
        await writeFile(`${current}/${file}`, (await readFile(`${above}/${file}`, 'utf8')).trim());
      }
    }
  }
  return { cpuset: current, mems: (await readFile(`${current}/cpuset.mems`, 'utf8')).trim() };
}

let counter = 0;
/**
 * This judgehost instance's id in its cgroup names: two judgehosts never share names, and a restarted judgehost
 * that gets its old pid does not meet the leftovers of its earlier life.
 */
export const INSTANCE_ID = randomBytes(4).toString('hex');

/** Fresh, unique cgroup paths for one run (`r<judgehost pid>-<instance id>-<n>`); the supervisor creates them. */
export function runCgroups(layout: CgroupLayout): RunCgroups {
  counter += 1;
  const name = `r${process.pid}-${INSTANCE_ID}-${counter}`;
  return {
    cpu: `${layout.cpu}/${name}`,
    memory: `${layout.memory}/${name}`,
    pids: `${layout.pids}/${name}`,
    cpuset: layout.cpuset && `${layout.cpuset}/${name}`,
  };
}

/** Whether process `pid` exists (EPERM means it does, owned by someone else). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes run cgroups left behind by judgehost processes that died, and those of this pid but another instance
 * (an earlier judgehost that had the same pid), killing any process still in them; with `includeOwn` also this
 * instance's own. Returns the number removed.
 */
export function sweepCgroups(layout: CgroupLayout, includeOwn = false): number {
  let removed = 0;
  for (const parent of new Set([
    layout.cpu,
    layout.memory,
    layout.pids,
    layout.cpuset ?? layout.cpu,
    layout.cpuctl ?? layout.cpu,
  ])) {
    let entries: string[] = [];
    try {
      entries = readdirSync(parent);
    } catch {
      continue;
    }
    for (const entry of entries) {
      const match = /^r(\d+)-(?:([0-9a-f]+)-)?\d+$/.exec(entry);
      if (!match) continue;
      const owner = Number(match[1]);
      const mine = owner === process.pid && match[2] === INSTANCE_ID;
      const earlierLife = owner === process.pid && !mine;
      if (alive(owner) && !earlierLife && !(includeOwn && mine)) continue;
      if (removeCgroup(`${parent}/${entry}`)) removed += 1;
    }
  }
  return removed;
}

/** Kills every process of one cgroup and removes it; true when it is gone. */
export function removeCgroup(dir: string): boolean {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      if (existsSync(`${dir}/cgroup.kill`)) writeFileSync(`${dir}/cgroup.kill`, '1');
      for (const line of readFileSync(`${dir}/cgroup.procs`, 'utf8').split('\n')) {
        const pid = Number(line);
        if (!Number.isInteger(pid) || pid <= 0) continue; // never 0 or -1: they name process groups
        try {
          process.kill(pid, 'SIGKILL');
        } catch {}
      }
      rmdirSync(dir);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
  return false;
}
