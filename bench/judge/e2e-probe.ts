/**
 * Probes for the end-to-end judge benchmark: CPU time of processes from /proc (Linux) and the judgehost's
 * per-job phase breakdown, read from its `judged` log lines (apps/judgehost/src/worker.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';

/** Clock ticks per second of /proc's CPU counters (USER_HZ, 100 on every Linux build we know). */
const HZ = 100;

/** CPU seconds of one process: its own (user + system) and that of its waited-for descendants. */
export function procCpu(pid: number): { self: number; children: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14..17 of proc(5) are at 11..14 after the command name.
    const n = (i: number) => Number(f[i]) / HZ;
    return { self: n(11) + n(12), children: n(13) + n(14) };
  } catch {
    return { self: 0, children: 0 };
  }
}

/** Pids of the live children of `pid` (every thread's list). */
function childrenOf(pid: number): number[] {
  const kids: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        const list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
        if (list) kids.push(...list.split(/\s+/).map(Number));
      } catch {}
    }
  } catch {}
  return kids;
}

/**
 * CPU seconds of everything `pid` started, reaped or alive: its reaped children's CPU plus the own and reaped
 * children's CPU of every live descendant. The difference of two readings is the CPU the process tree spent in
 * between, also when the work is done by long-lived descendants that reap their own children (the worker's
 * kept compile box: oj-boxd, bubblewrap and the box agent live as long as the judgehost, so the compilers' CPU
 * reaches the judgehost's reaped-children count only when the box closes).
 */
export function treeCpu(pid: number): number {
  let sum = procCpu(pid).children;
  const walk = (p: number) => {
    for (const kid of childrenOf(p)) {
      const c = procCpu(kid);
      sum += c.self + c.children;
      walk(kid);
    }
  };
  walk(pid);
  return sum;
}

/** Busy CPU seconds of the whole machine (all cores: everything but idle and iowait). */
export function machineBusy(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return (total - v[3] - v[4]) / HZ;
}

/**
 * CPU seconds of the kernel's own threads (children of kthreadd, pid 2): work the kernel does on behalf of
 * processes outside their accounting, e.g. tearing down namespaces and cgroups. Machine-wide.
 */
export function kernelThreadsCpu(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (f[1] === '2') sum += (Number(f[11]) + Number(f[12])) / HZ;
    } catch {}
  }
  return sum;
}

/** Pid of the child of `parent` whose command line contains `needle`, or null. */
export function childPid(parent: number, needle: string): number | null {
  for (const task of readdirSync(`/proc/${parent}/task`)) {
    let kids: string[] = [];
    try {
      kids = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').trim().split(/\s+/);
    } catch {
      continue;
    }
    for (const kid of kids.filter(Boolean)) {
      try {
        if (readFileSync(`/proc/${kid}/cmdline`, 'utf8').includes(needle)) return Number(kid);
      } catch {}
    }
  }
  return null;
}

/** One judged job's phases in ms, as the worker logs them. */
export interface Phases {
  /** Epoch ms at which the worker received the task. */
  leasedAt: number;
  leaseMs: number;
  prepareMs: number;
  dataMs: number;
  caseMs: number;
  cases: number;
  judgeMs: number;
  postMs: number;
}

/** Collects the `judged` lines of the judgehost from a stream of JSON log lines, keyed by submission id. */
export function collectPhases(stream: Readable): Map<number, Phases> {
  const bySubmission = new Map<number, Phases>();
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"judged"')) continue;
      try {
        const o = JSON.parse(line) as { msg: string; submitId: number; phases: Phases };
        if (o.msg === 'judged' && o.phases) bySubmission.set(o.submitId, o.phases);
      } catch {}
    }
  });
  return bySubmission;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : Number.NaN;
};

/** One line: the median of each phase over the given jobs (ms); `other` = judge time outside the named phases. */
export function phaseLine(jobs: Phases[]): string {
  if (!jobs.length) return 'no phase lines (judgehost log not seen)';
  const m = (k: keyof Phases) => median(jobs.map((j) => j[k]));
  const other = median(jobs.map((j) => j.judgeMs - j.prepareMs - j.dataMs - j.caseMs));
  const perCase = median(jobs.map((j) => j.caseMs / Math.max(1, j.cases)));
  return [
    `lease wait ${m('leaseMs').toFixed(0)}`,
    `compile (prepare) ${m('prepareMs').toFixed(0)}`,
    `test data ${m('dataMs').toFixed(1)}`,
    `cases ${m('caseMs').toFixed(0)} (${perCase.toFixed(1)} each)`,
    `other judge ${other.toFixed(1)}`,
    `result post ${m('postMs').toFixed(1)}`,
  ].join(', ');
}
