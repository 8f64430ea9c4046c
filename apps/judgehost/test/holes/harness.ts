import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JudgeProblem, JudgeResult, JudgeTask, JudgeTestcase } from '@oj/shared';
import { judge } from '../../src/pipeline/index.js';
import { sandboxRuntime } from '../../src/sandbox/index.js';
import { baseProblem } from '../pipeline/harness.js';

/**
 * A canary the judgehost's own environment carries (as the judge token would): no user program, checker or
 * interactor may ever see it.
 */
export const CANARY = `holes-canary-${process.pid}-token`;
process.env.OJ_JUDGE_TOKEN = CANARY;

const data = new Map<string, string>();
let dataDir = '';

/**
 * A data dir on the disk, as the worker's cache dir is (`<cache>/work` is where the pipeline keeps checkers),
 * and the place where test data files go. Call once in beforeAll; `cleanup` in afterAll.
 */
export async function setup(): Promise<string> {
  dataDir = await mkdtemp(join(tmpdir(), 'oj-holes-'));
  chmodSync(dataDir, 0o711); // as the worker does with its cache dir
  mkdirSync(join(dataDir, 'data'));
  mkdirSync(join(dataDir, 'work'));
  return dataDir;
}

export async function cleanup(): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}

/** A host path outside every box that a hostile program tries to make root create (must never appear). */
export function hostCanaryPath(name: string): string {
  return join(dataDir, `canary-${name}`);
}

function testcase(index: number, input: string, output: string): JudgeTestcase {
  const hash = (text: string) => {
    const h = createHash('sha256').update(text).digest('hex');
    const path = join(dataDir, 'data', h);
    writeFileSync(path, text);
    data.set(h, path);
    return h;
  };
  return {
    index,
    inputName: `${index}.in`,
    outputName: `${index}.out`,
    inputHash: hash(input),
    outputHash: hash(output),
    inputSize: input.length,
    outputSize: output.length,
    score: 0,
    groupNum: 0,
  };
}

let jobId = 70_000;

export interface Submit {
  code: string;
  language?: string;
  problem?: Partial<JudgeProblem>;
  /** Cases as [input, answer]; default two A+B cases. */
  cases?: [string, string][];
  /** A test run on this input instead of a judged submission. */
  testInput?: string;
  /** The worker's deadline signal. */
  signal?: AbortSignal;
  /** The worker slot (its compiles then run in that slot's kept compile box); default: a fresh box each. */
  worker?: number;
}

/** Judges one submission through the real pipeline and sandbox, with the data dir as the worker's work root. */
export function submit(s: Submit): Promise<JudgeResult> {
  const cases = s.cases ?? [
    ['1 2\n', '3\n'],
    ['40 2\n', '42\n'],
  ];
  const test = s.testInput !== undefined;
  const task: JudgeTask = {
    jobId: jobId++,
    kind: test ? 'test' : 'judge',
    submitId: test ? null : jobId,
    testKey: test ? `holes-${jobId}` : null,
    version: 1,
    language: s.language ?? 'C++',
    code: s.code,
    problem: baseProblem({ pid: 900 + (jobId % 50), caseVersion: `holes-${jobId}`, ...s.problem }),
    testcases: test ? [] : cases.map(([i, o], n) => testcase(n + 1, i, o)),
    userInput: test ? (s.testInput ?? null) : null,
    expectedOutput: null,
  };
  return judge(task, {
    getTestcase: async (hash) => data.get(hash) ?? Promise.reject(new Error(`no data ${hash}`)),
    workRoot: join(dataDir, 'work'),
    judgehostId: 'holes',
    signal: s.signal,
    worker: s.worker,
  });
}

/** File-IO problem settings (in.txt / out.txt). */
export const FILE_IO: Partial<JudgeProblem> = {
  isFileIO: true,
  ioReadFileName: 'in.txt',
  ioWriteFileName: 'out.txt',
};

/** Task dirs left on the sandbox tmpfs (none once every judge() returned). */
export async function leftoverTaskDirs(): Promise<string[]> {
  const tasks = join((await sandboxRuntime()).workRoot, 'tasks');
  if (!existsSync(tasks)) return [];
  return readdirSync(tasks).filter((name) => /^7\d{4}-/.test(name));
}

/** Everything under the data dir's work root but the (empty or root-owned) checker cache. */
export function leftoverInDataDir(): string[] {
  return readdirSync(join(dataDir, 'work')).filter((name) => name !== 'checkers');
}
