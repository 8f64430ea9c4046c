import type { SandboxLimits } from '../../apps/judgehost/src/sandbox/types.js';

/** Limits of the sandbox benches' runs: 5 s CPU, 10 s wall, 64 MB, 8 MB stack, 64 KB output, 8 processes. */
export const BENCH_LIMITS: SandboxLimits = {
  cpuMs: 5000,
  wallMs: 10000,
  memoryKb: 64 * 1024,
  stackKb: 8192,
  outputBytes: 1 << 16,
  processes: 8,
  fileSizeBytes: 1 << 20,
  openFiles: 32,
};
