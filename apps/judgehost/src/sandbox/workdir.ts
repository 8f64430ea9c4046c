import { mkdtemp, rm } from 'node:fs/promises';
import { sandboxRuntime } from './setup.js';

/**
 * Makes a fresh work dir for one submission on the sandbox's size-capped tmpfs (`<OJ_SANDBOX_DIR>/work`);
 * pass it as `RunSpec.workDir`. Files written there by runs count towards their memory limit.
 */
export async function createWorkDir(): Promise<string> {
  const runtime = await sandboxRuntime();
  return mkdtemp(`${runtime.workRoot}/w-`);
}

/** Removes a work dir made by `createWorkDir` (and all in it). */
export async function removeWorkDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
