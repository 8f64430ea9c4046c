/**
 * The judge sandbox (docs/sandbox.md): bubblewrap + a fresh cgroup per run + rlimits, run as an unprivileged uid.
 * The contract is in `types.ts`.
 */
export { copyOutFiles } from './boxfs.js';
export { allowedCpus, workerCpu } from './cpus.js';
export { runPair } from './pair.js';
export { cgroupMemoryBytes, runSandboxed } from './run.js';
export { type SandboxSelfCheck, sandboxSelfCheck } from './selfcheck.js';
export { sandboxRuntime } from './setup.js';
export type * from './types.js';
export { createWorkDir, removeWorkDir } from './workdir.js';
