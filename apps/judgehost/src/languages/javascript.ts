import { defineLanguage, OTHER_FACTOR } from './base.js';

/** Threads Node starts of its own (V8 workers, libuv pool), added to the process limit. */
const NODE_THREADS = 16;

/** `JavaScript Node`: `node --check` as the compile step; the V8 heap is capped at the memory limit. */
export const JavaScriptNode = defineLanguage({
  name: 'JavaScript Node',
  sourceFile: 'main.js',
  factor: OTHER_FACTOR,
  compileArgv: ['/usr/bin/node', '--check', 'main.js'],
  run: (limits) => ({
    argv: [
      '/usr/bin/node',
      `--max-old-space-size=${Math.max(16, Math.floor(limits.memoryKb / 1024))}`,
      '/p/main.js',
    ],
    limits: { ...limits, processes: limits.processes + NODE_THREADS },
  }),
  versionArgv: ['node', '--version'],
  versionPattern: /v[\d.]+/,
});
