import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JudgeResult, JudgeTask } from '@oj/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedCpus, workerCpu } from '../../src/sandbox/index.js';
import { type JudgeFn, Judgehost } from '../../src/worker.js';
import { baseProblem } from '../pipeline/harness.js';
import { type FakeServer, startFakeServer } from './fake-server.js';

const task = (jobId: number): JudgeTask => ({
  jobId,
  kind: 'test',
  submitId: null,
  testKey: `k${jobId}`,
  version: 0,
  language: 'C++',
  code: 'x',
  problem: baseProblem(),
  testcases: [],
  userInput: '',
  expectedOutput: null,
});

let server: FakeServer | undefined;
let host: Judgehost | undefined;
afterEach(async () => {
  await host?.stop(1000);
  await server?.close();
});

describe('judgehost workers and CPUs', () => {
  it('hands each worker its own CPU for its runs', async () => {
    server = await startFakeServer();
    const queue = [task(1), task(2)];
    server.handlers.lease = () => ({ data: { task: queue.shift() ?? null } });
    const seen: (number | undefined)[] = [];
    let release = () => {};
    const bothIn = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Each job waits until both are being judged, so the two workers hold one each.
    const judge: JudgeFn = async (t, deps) => {
      seen.push(deps.cpu);
      if (seen.length === 2) release();
      await bothIn;
      return {
        judgehostId: deps.judgehostId,
        jobId: t.jobId,
        version: t.version,
        status: 0,
        score: null,
        oiRankScore: null,
        time: 1,
        memory: 1,
        errorMessage: null,
        cases: [],
        userOutput: '',
        stderr: '',
      } satisfies JudgeResult;
    };
    host = new Judgehost({
      server: server.url,
      token: 'tok',
      workers: 2,
      name: 'pin',
      cacheDir: mkdtempSync(join(tmpdir(), 'oj-pin-')),
      judge,
      languages: async () => [],
      heartbeatMs: 100,
      waitSeconds: 0,
      log: () => {},
    });
    await host.start();
    await bothIn;
    const expected = [workerCpu(0), workerCpu(1)].sort();
    expect([...seen].sort()).toEqual(expected);
    if (allowedCpus().length >= 2) expect(new Set(seen).size).toBe(2);
  });
});
