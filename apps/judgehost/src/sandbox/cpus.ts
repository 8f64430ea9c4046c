import { readFileSync } from 'node:fs';

/** Parses a kernel CPU list such as `0-3,6` into ascending CPU numbers. */
export function parseCpuList(list: string): number[] {
  const cpus = new Set<number>();
  for (const part of list.trim().split(',')) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!match) continue;
    const first = Number(match[1]);
    const last = Number(match[2] ?? match[1]);
    for (let cpu = first; cpu <= last; cpu++) cpus.add(cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}

/** The CPUs this process may run on (`Cpus_allowed_list` of /proc/self/status), ascending; [0] when unknown. */
export function allowedCpus(): number[] {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const cpus = parseCpuList(/^Cpus_allowed_list:\s*(.*)$/m.exec(status)?.[1] ?? '');
    return cpus.length > 0 ? cpus : [0];
  } catch {
    return [0];
  }
}

/**
 * The CPU that judge worker `index` (0-based) pins its runs to (docs/sandbox.md, CPU pinning): with more than two
 * CPUs the first is left to the judgehost and the server and the workers take the others in turn; with one or two
 * CPUs each worker takes one in turn. Workers beyond the CPUs share them round-robin.
 */
export function workerCpu(index: number, cpus: number[] = allowedCpus()): number {
  const pool = cpus.length > 2 ? cpus.slice(1) : cpus;
  return pool[index % pool.length];
}
