import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sandboxConfig } from './config.js';
import { runSandboxed } from './run.js';
import { sandboxRuntime } from './setup.js';
import { uidLocksProblem } from './uidlock.js';
import { createWorkDir, removeWorkDir } from './workdir.js';

const exec = promisify(execFile);

export interface SandboxSelfCheck {
  ok: boolean;
  /** 1 or 2 when the cgroups were prepared, else null. */
  cgroupVersion: 1 | 2 | null;
  bwrapVersion: string | null;
  /** What failed, or '' when ok. */
  message: string;
}

/**
 * Checks that the sandbox works on this host (at judgehost start, and after a System Error to tell the machine's
 * fault from the submission's): prepares it (root, bubblewrap, cgroups, helpers), checks that the uid locks are
 * still this process's, and runs `/bin/sh -c 'echo ok'` in a box (limits loose enough for a loaded machine).
 * Never rejects; `ok` false carries the reason in `message`.
 */
export async function sandboxSelfCheck(): Promise<SandboxSelfCheck> {
  let cgroupVersion: 1 | 2 | null = null;
  let bwrapVersion: string | null = null;
  try {
    const runtime = await sandboxRuntime();
    cgroupVersion = runtime.cgroups.version;
    bwrapVersion = (await exec(runtime.bwrap, ['--version'])).stdout.trim();
    const { dir, uidBase, uidCount } = sandboxConfig();
    const locks = uidLocksProblem(dir, uidBase, uidCount);
    if (locks) return { ok: false, cgroupVersion, bwrapVersion, message: locks };
    const workDir = await createWorkDir();
    try {
      const result = await runSandboxed({
        argv: ['/bin/sh', '-c', 'echo ok'],
        workDir,
        limits: {
          cpuMs: 5000,
          wallMs: 30_000,
          memoryKb: 65536,
          stackKb: 8192,
          outputBytes: 4096,
          processes: 8,
          fileSizeBytes: 1 << 20,
          openFiles: 32,
        },
      });
      const ok = result.verdict === 'OK' && result.stdout.toString() === 'ok\n';
      return {
        ok,
        cgroupVersion,
        bwrapVersion,
        message: ok ? '' : `test run: ${result.verdict} ${result.message}`,
      };
    } finally {
      await removeWorkDir(workDir);
    }
  } catch (error) {
    return { ok: false, cgroupVersion, bwrapVersion, message: (error as Error).message };
  }
}
