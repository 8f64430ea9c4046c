/**
 * Sandbox settings read once from the environment (docs/sandbox.md):
 * - `OJ_SANDBOX_DIR` (default `/run/oj-judge`): root-owned run-time dir for the helpers, the box's /etc files and
 *   the work-dir tmpfs.
 * - `OJ_SANDBOX_UID_BASE` (default 61000) and `OJ_SANDBOX_UID_COUNT` (default 32): the unprivileged uids (gid =
 *   uid) the runs use, one per concurrent run.
 * - `OJ_CGROUP_PARENT` (default `oj-judge`): the cgroup under each hierarchy's root where run cgroups are made.
 * - `OJ_SANDBOX_WORK_SIZE` (default `2g`): size of the tmpfs holding the work dirs.
 * - `OJ_BWRAP` (default `/usr/bin/bwrap`).
 */
export interface SandboxConfig {
  dir: string;
  uidBase: number;
  uidCount: number;
  /** Whether OJ_SANDBOX_UID_BASE was set (else `uidBase` is the default, or the free range `claimUidRange` took). */
  uidBaseSet: boolean;
  cgroupParent: string;
  workSize: string;
  bwrap: string;
}

function intFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}`);
  return value;
}

let cached: SandboxConfig | undefined;

/** The sandbox configuration (parsed once; throws naming the bad variable). */
export function sandboxConfig(): SandboxConfig {
  if (cached) return cached;
  const cgroupParent = process.env.OJ_CGROUP_PARENT || 'oj-judge';
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(cgroupParent)) {
    throw new Error('OJ_CGROUP_PARENT must be a relative cgroup path');
  }
  const workSize = process.env.OJ_SANDBOX_WORK_SIZE || '2g';
  if (!/^\d+[kmg]?$/i.test(workSize)) throw new Error('OJ_SANDBOX_WORK_SIZE must look like 2g or 512m');
  cached = {
    dir: process.env.OJ_SANDBOX_DIR || '/run/oj-judge',
    uidBase: intFromEnv('OJ_SANDBOX_UID_BASE', 61000, 1000),
    uidCount: intFromEnv('OJ_SANDBOX_UID_COUNT', 32, 1),
    uidBaseSet: !!process.env.OJ_SANDBOX_UID_BASE,
    cgroupParent,
    workSize,
    bwrap: process.env.OJ_BWRAP || '/usr/bin/bwrap',
  };
  return cached;
}

/** Makes `base` the uid range's base for the rest of this process (`claimUidRange` took it; before any run). */
export function useUidBase(base: number): void {
  sandboxConfig().uidBase = base;
}
