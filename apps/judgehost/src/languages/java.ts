import { defineLanguage, OTHER_FACTOR } from './base.js';

/** What the JVM needs beyond its heap (metaspace, code cache, threads, CDS), KB: added to the cgroup limit. */
export const JVM_OVERHEAD_KB = 96 * 1024;
/** Threads the JVM starts of its own, added to the process limit. */
const JVM_THREADS = 32;

/** Flags that keep the JVM small: one GC thread, C1 only, no perf file. */
const SMALL_JVM = [
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-XX:-UsePerfData',
  '-XX:ActiveProcessorCount=1',
];

/**
 * `Java` (OpenJDK 17): class `Main` in `Main.java`. The heap (-Xmx) is the memory limit and -Xss the stack
 * limit; the cgroup gets JVM_OVERHEAD_KB more so the JVM's own memory is not counted as the program's MLE.
 */
export const Java = defineLanguage({
  name: 'Java',
  sourceFile: 'Main.java',
  factor: OTHER_FACTOR,
  compileArgv: [
    '/usr/bin/javac',
    '-J-Xmx512m',
    '-J-Xss16m',
    ...SMALL_JVM.map((flag) => `-J${flag}`),
    '-encoding',
    'UTF-8',
    'Main.java',
  ],
  run: (limits) => ({
    argv: [
      '/usr/bin/java',
      `-Xmx${limits.memoryKb}k`,
      '-Xms8m',
      `-Xss${Math.min(limits.stackKb, 1024 * 1024)}k`,
      ...SMALL_JVM,
      '-Xshare:auto',
      '-cp',
      '/p',
      'Main',
    ],
    limits: {
      ...limits,
      memoryKb: limits.memoryKb + JVM_OVERHEAD_KB,
      processes: limits.processes + JVM_THREADS,
      openFiles: Math.max(limits.openFiles, 128),
    },
  }),
  versionArgv: ['java', '-version'],
  versionPattern: /version "([^"]+)"/,
});
