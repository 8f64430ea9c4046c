import { execFile } from 'node:child_process';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { writeBoxEtc } from './box.js';
import { type CgroupLayout, prepareCgroups, sweepCgroups } from './cgroups.js';
import { sandboxConfig, useUidBase } from './config.js';
import { buildNativeHelpers, type NativeHelpers } from './native.js';
import { lockFreeUidRange, lockUidRange } from './uidlock.js';
import { UidPool } from './uids.js';

const run = promisify(execFile);

/** Everything a run needs, prepared once per judgehost process. */
export interface SandboxRuntime {
  helpers: NativeHelpers;
  cgroups: CgroupLayout;
  etcDir: string;
  workRoot: string;
  /** Root-only dir (0700) on the work tmpfs for the unlinked stdout files of runs. */
  ioDir: string;
  uids: UidPool;
  bwrap: string;
}

/** Inodes of the work tmpfs (files + dirs of every run at once): a box cannot exhaust the host's memory with them. */
export const WORK_INODES = 262_144;

async function mountWorkRoot(workRoot: string, size: string): Promise<void> {
  await mkdir(workRoot, { recursive: true, mode: 0o711 });
  const mounts = await readFile('/proc/self/mounts', 'utf8');
  const options = `size=${size},nr_inodes=${WORK_INODES},mode=0711,nosuid,nodev`;
  if (mounts.split('\n').some((line) => line.split(' ')[1] === workRoot)) {
    // Mounted by an earlier judgehost: make sure it has today's caps.
    await run('mount', ['-o', `remount,${options}`, workRoot]).catch(() => {}); // in use beyond them: keep
    return;
  }
  // A tmpfs: what runs write in /w is charged to their memory cgroup and the whole is capped.
  await run('mount', ['-t', 'tmpfs', '-o', options, 'oj-work', workRoot]);
}

let ready: Promise<SandboxRuntime> | undefined;

/** Ranges `claimUidRange` tries from the default base when none is configured (32 x 32 uids: 61000..62023). */
export const AUTO_UID_RANGES = 32;

/**
 * Claims the sandbox uid range at judgehost start, before any job (issue 22): with OJ_SANDBOX_UID_BASE set, or
 * `auto` false, locks the configured range (default 61000..61031) and rejects with UidRangeBusyError (naming the
 * range and the settings) when another judgehost holds it; with `auto` and no base set (the embedded judgehost),
 * locks the first free range of OJ_SANDBOX_UID_COUNT uids from the default base up and uses it from now on.
 * Needs root (the lock files live in OJ_SANDBOX_DIR). Returns the range and whether it was chosen here.
 */
export async function claimUidRange(
  auto: boolean,
): Promise<{ base: number; count: number; chosen: boolean }> {
  const config = sandboxConfig();
  await mkdir(config.dir, { recursive: true, mode: 0o755 });
  await chmod(config.dir, 0o755);
  if (!auto || config.uidBaseSet) {
    await lockUidRange(config.dir, config.uidBase, config.uidCount);
    return { base: config.uidBase, count: config.uidCount, chosen: false };
  }
  const base = await lockFreeUidRange(config.dir, config.uidBase, config.uidCount, AUTO_UID_RANGES);
  useUidBase(base);
  return { base, count: config.uidCount, chosen: true };
}

/**
 * Prepares the sandbox once: must run as root; builds the C helpers, writes the box's passwd/group, locks the
 * uid range (another judgehost on it makes this reject), mounts the work-dir tmpfs (size and inode cap), prepares
 * the cgroup parents (v1 or v2) and removes run cgroups left by dead judgehosts and by an earlier life of our pid.
 * Rejects with a message naming what is missing (bubblewrap, cgroup controller, gcc, root).
 */
export function sandboxRuntime(): Promise<SandboxRuntime> {
  ready ??= (async () => {
    if (process.getuid?.() !== 0)
      throw new Error('the sandbox needs root (it drops to an unprivileged uid per run)');
    const config = sandboxConfig();
    try {
      await run(config.bwrap, ['--version']);
    } catch {
      throw new Error(`bubblewrap not found at ${config.bwrap} (apt-get install bubblewrap)`);
    }
    await mkdir(config.dir, { recursive: true, mode: 0o755 });
    await chmod(config.dir, 0o755);
    const [helpers, etcDir, cgroups] = await Promise.all([
      buildNativeHelpers(config.dir),
      writeBoxEtc(`${config.dir}/etc-${config.uidBase}`, config.uidBase, config.uidCount),
      prepareCgroups(config.cgroupParent),
    ]);
    await lockUidRange(config.dir, config.uidBase, config.uidCount);
    const workRoot = `${config.dir}/work`;
    await mountWorkRoot(workRoot, config.workSize);
    const ioDir = `${workRoot}/.io`;
    await mkdir(ioDir, { recursive: true, mode: 0o700 });
    await chmod(ioDir, 0o700);
    sweepCgroups(cgroups);
    return {
      helpers,
      cgroups,
      etcDir,
      workRoot,
      ioDir,
      uids: new UidPool(config.uidBase, config.uidCount),
      bwrap: config.bwrap,
    };
  })();
  ready.catch(() => {
    ready = undefined; // a later call may retry after the admin fixed the host
  });
  return ready;
}
