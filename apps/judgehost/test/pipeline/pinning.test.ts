import { mkdtemp, rm } from 'node:fs/promises';
import { JudgeStatus, type JudgeTask } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../../src/pipeline/index.js';
import { allowedCpus, sandboxRuntime } from '../../src/sandbox/index.js';
import { baseProblem, getTestcase } from './harness.js';

let workRoot = '';

beforeAll(async () => {
  workRoot = await mkdtemp(`${(await sandboxRuntime()).workRoot}/pinning-`);
});

afterAll(async () => {
  await rm(workRoot, { recursive: true, force: true });
});

/** Prints the CPUs the program may run on, one per line (sched_getaffinity). */
const AFFINITY = `#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
int main(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) if (CPU_ISSET(cpu, &set)) printf("%d\\n", cpu);
  return 0;
}`;

let jobId = 9000;

function testTask(code: string): JudgeTask {
  return {
    jobId: jobId++,
    kind: 'test',
    submitId: null,
    testKey: `pin-${jobId}`,
    version: 0,
    language: 'C',
    code,
    problem: baseProblem(),
    testcases: [],
    userInput: '',
    expectedOutput: null,
  };
}

describe("a worker's CPU reaches the sandbox through the pipeline", () => {
  it("runs the program on the worker's CPU only", async () => {
    for (const cpu of allowedCpus()) {
      const r = await judge(testTask(AFFINITY), { getTestcase, workRoot, judgehostId: 'pin-host', cpu });
      expect([r.status, r.userOutput]).toEqual([JudgeStatus.ACCEPTED, `${cpu}\n`]);
    }
  });
});
