import { existsSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';

/** Where a run's cgroup directories live: one per controller on v1, one shared dir on v2. */
export interface CgroupLayout {
  version: 1 | 2;
  /** Parent dirs under which run cgroups are created, for CPU accounting, memory and pids. */
  cpu: string;
  memory: string;
  pids: string;
}

/** Paths of one run's cgroup(s) (created and removed by the supervisor). */
export interface RunCgroups {
  cpu: string;
  memory: string;
  pids: string;
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

/**
 * Detects cgroup v2 (a cgroup2 root at /sys/fs/cgroup) or v1 (cpuacct, memory and pids hierarchies) and
 * prepares `<parent>` under each: on v2 the memory and pids controllers are enabled down to it.
 * Throws when neither layout is usable (message says what is missing).
 */
export async function prepareCgroups(parent: string): Promise<CgroupLayout> {
  if (existsSync(`${CGROUP_ROOT}/cgroup.controllers`)) {
    const dir = `${CGROUP_ROOT}/${parent}`;
    const parts = parent.split('/');
    let current = CGROUP_ROOT;
    for (const part of parts) {
      const available = (await readFile(`${current}/cgroup.controllers`, 'utf8')).split(/\s+/);
      for (const controller of ['memory', 'pids', 'cpu']) {
        if (!available.includes(controller)) {
          if (controller === 'cpu') continue; // cpu.stat usage_usec exists without the cpu controller
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
    return { version: 2, cpu: dir, memory: dir, pids: dir };
  }
  const mountinfo = await readFile('/proc/self/mountinfo', 'utf8');
  const found: Record<string, string> = {};
  for (const controller of ['cpuacct', 'memory', 'pids']) {
    const mount = v1Mount(mountinfo, controller);
    if (!mount) throw new Error(`cgroup v1: controller ${controller} is not mounted (and no cgroup v2 root)`);
    found[controller] = `${mount}/${parent}`;
    await mkdir(found[controller], { recursive: true });
  }
  // Children must account hierarchically for the parent's totals (always on in recent kernels).
  await writeFile(`${found.memory}/memory.use_hierarchy`, '1').catch(() => {});
  return { version: 1, cpu: found.cpuacct, memory: found.memory, pids: found.pids };
}

let counter = 0;

/** Fresh, unique cgroup paths for one run (`r<judgehost pid>-<n>`); the supervisor creates them. */
export function runCgroups(layout: CgroupLayout): RunCgroups {
  counter += 1;
  const name = `r${process.pid}-${counter}`;
  return { cpu: `${layout.cpu}/${name}`, memory: `${layout.memory}/${name}`, pids: `${layout.pids}/${name}` };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes run cgroups left behind by judgehost processes that died (or by this one, when `includeOwn`), killing
 * any process still in them. Returns the number removed.
 */
export function sweepCgroups(layout: CgroupLayout, includeOwn = false): number {
  let removed = 0;
  for (const parent of new Set([layout.cpu, layout.memory, layout.pids])) {
    let entries: string[] = [];
    try {
      entries = readdirSync(parent);
    } catch {
      continue;
    }
    for (const entry of entries) {
      const match = /^r(\d+)-\d+$/.exec(entry);
      if (!match) continue;
      const owner = Number(match[1]);
      if (alive(owner) && !(includeOwn && owner === process.pid)) continue;
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
      for (const pid of readFileSync(`${dir}/cgroup.procs`, 'utf8').split('\n').filter(Boolean)) {
        try {
          process.kill(Number(pid), 'SIGKILL');
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
