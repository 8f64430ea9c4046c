import { parseJudgehostEnv } from '../config.js';

/**
 * Sandbox settings read once from the environment (docs/sandbox.md; the schema is ../config.ts):
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

let cached: SandboxConfig | undefined;

/** The sandbox configuration (parsed once from the judgehost's schema, ../config.ts; throws naming the bad variable). */
export function sandboxConfig(): SandboxConfig {
  if (cached) return cached;
  const env = parseJudgehostEnv();
  cached = {
    dir: env.OJ_SANDBOX_DIR,
    uidBase: env.OJ_SANDBOX_UID_BASE ?? 61000,
    uidCount: env.OJ_SANDBOX_UID_COUNT,
    uidBaseSet: env.OJ_SANDBOX_UID_BASE !== undefined,
    cgroupParent: env.OJ_CGROUP_PARENT,
    workSize: env.OJ_SANDBOX_WORK_SIZE,
    bwrap: env.OJ_BWRAP,
  };
  return cached;
}

/** Makes `base` the uid range's base for the rest of this process (`claimUidRange` took it; before any run). */
export function useUidBase(base: number): void {
  sandboxConfig().uidBase = base;
}
