import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmdirSync } from 'node:fs';
import { alive, type CgroupLayout, removeCgroup } from '../cgroups.js';

const SESSION = /^bx(\d+)\.([0-9a-f]+)-\d+/;

function mounted(path: string): boolean {
  return readFileSync('/proc/self/mounts', 'utf8')
    .split('\n')
    .some((line) => line.split(' ')[1] === path);
}

/**
 * Removes what a session may leave when its supervisor died: run cgroups `<parent>/<name>-*` (killing what is
 * in them), the session tmpfs at `root` (lazily unmounted) and its mount point. Never throws.
 */
export function removeSessionLeftovers(layout: CgroupLayout, root: string, name: string): void {
  for (const parent of new Set([layout.cpu, layout.memory, layout.pids, layout.cpuset, layout.cpuctl])) {
    if (!parent) continue;
    let entries: string[] = [];
    try {
      entries = readdirSync(parent);
    } catch {}
    for (const entry of entries) if (entry.startsWith(`${name}-`)) removeCgroup(`${parent}/${entry}`);
  }
  try {
    if (mounted(root)) execFileSync('umount', ['-l', root]);
    rmdirSync(root);
  } catch {}
}

/**
 * At the first session of a judgehost process: removes the leftovers of sessions whose judgehost is gone (its
 * pid is dead, or it is this pid with another instance id: a restarted judgehost that got its old pid).
 */
export function sweepSessions(layout: CgroupLayout, boxdDir: string, instance: string): void {
  const stale = (entry: string) => {
    const match = SESSION.exec(entry);
    if (!match) return false;
    const pid = Number(match[1]);
    return pid === process.pid ? match[2] !== instance : !alive(pid);
  };
  const names = new Set<string>();
  for (const dir of [boxdDir, layout.cpu, layout.memory, layout.pids, layout.cpuset, layout.cpuctl]) {
    if (!dir) continue;
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {}
    for (const entry of entries)
      if (stale(entry)) names.add(/^bx\d+\.[0-9a-f]+-\d+/.exec(entry)?.[0] ?? entry);
  }
  for (const name of names) removeSessionLeftovers(layout, `${boxdDir}/${name}`, name);
}
