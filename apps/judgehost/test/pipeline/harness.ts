import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type JudgeProblem, JudgeStatus, type JudgeTask, type JudgeTestcase } from '@oj/shared';

/** Folder of the data-driven judge fixtures. */
export const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

export type StatusName = keyof typeof JudgeStatus;

/** What a fixture submission expects (expect.json). */
export interface Expectation {
  status: StatusName;
  score?: number;
  oiRankScore?: number;
  cases?: StatusName[];
  messageIncludes?: string;
  minTime?: number;
  language?: string;
  source?: string;
  problem?: Partial<JudgeProblem>;
}

interface ProblemFile {
  problem?: Partial<JudgeProblem>;
  testcases: { in: string; out: string; score?: number; groupNum?: number }[];
  spj?: { file: string; language: string; protocol: 'testlib' | 'hustoj' | 'kattis' };
  judgeExtraFile?: Record<string, string>;
  userExtraFile?: Record<string, string>;
}

/** A problem's settings with the test defaults (A+B-like ACM problem, 1 s, 256 MB). */
export function baseProblem(over: Partial<JudgeProblem> = {}): JudgeProblem {
  return {
    pid: 1,
    problemId: 'T1',
    caseVersion: 'v1',
    timeLimitMs: 1000,
    memoryLimitMb: 256,
    stackLimitMb: 128,
    type: 0,
    ioScore: 100,
    judgeMode: 'default',
    judgeCaseMode: 'default',
    isRemoveEndBlank: true,
    isFileIO: false,
    ioReadFileName: null,
    ioWriteFileName: null,
    spj: null,
    userExtraFile: null,
    judgeExtraFile: null,
    difficulty: 0,
    ...over,
  };
}

/** Test data by sha256 hash, as the worker's cache would serve it. */
export const dataByHash = new Map<string, string>();

function register(path: string): { hash: string; size: number } {
  const content = readFileSync(path);
  const hash = createHash('sha256').update(content).digest('hex');
  dataByHash.set(hash, path);
  return { hash, size: content.length };
}

/** Host path of the fixture data with that hash (the pipeline's `getTestcase`). */
export async function getTestcase(hash: string): Promise<string> {
  const path = dataByHash.get(hash);
  if (!path) throw new Error(`no test data with hash ${hash}`);
  return path;
}

/** One fixture submission turned into a judge task plus what it expects. */
export interface FixtureCase {
  name: string;
  task: JudgeTask;
  expect: Expectation;
}

let jobId = 1000;

/** Reads `fixtures/<problemDir>` into one task per submission folder. */
export function loadFixture(problemDir: string, pid: number): FixtureCase[] {
  const dir = join(FIXTURES, problemDir);
  const spec = JSON.parse(readFileSync(join(dir, 'problem.json'), 'utf8')) as ProblemFile;
  const files = (map?: Record<string, string>) =>
    map
      ? Object.fromEntries(
          Object.entries(map).map(([name, file]) => [name, readFileSync(join(dir, file), 'utf8')]),
        )
      : null;
  const testcases: JudgeTestcase[] = spec.testcases.map((t, i) => {
    const input = register(join(dir, 'data', t.in));
    const output = register(join(dir, 'data', t.out));
    return {
      index: i + 1,
      inputName: t.in,
      outputName: t.out,
      inputHash: input.hash,
      outputHash: output.hash,
      inputSize: input.size,
      outputSize: output.size,
      score: t.score ?? 0,
      groupNum: t.groupNum ?? 0,
    };
  });
  const problem = baseProblem({
    pid,
    problemId: problemDir,
    caseVersion: `fixture-${Date.now()}`,
    ...spec.problem,
    spj: spec.spj
      ? {
          code: readFileSync(join(dir, spec.spj.file), 'utf8'),
          language: spec.spj.language,
          protocol: spec.spj.protocol,
        }
      : null,
    judgeExtraFile: files(spec.judgeExtraFile),
    userExtraFile: files(spec.userExtraFile),
  });
  const subs = join(dir, 'submissions');
  return readdirSync(subs)
    .sort()
    .map((name) => {
      const expect = JSON.parse(readFileSync(join(subs, name, 'expect.json'), 'utf8')) as Expectation;
      const source = expect.source ?? 'main.cpp';
      if (!existsSync(join(subs, name, source))) throw new Error(`${problemDir}/${name}: missing ${source}`);
      return {
        name: `${problemDir}/${name}`,
        expect,
        task: {
          jobId: jobId++,
          kind: 'judge' as const,
          submitId: jobId,
          testKey: null,
          version: 1,
          language: expect.language ?? 'C++',
          code: readFileSync(join(subs, name, source), 'utf8'),
          problem: { ...problem, ...expect.problem },
          testcases,
          userInput: null,
          expectedOutput: null,
        },
      };
    });
}

/** The JudgeStatus code of a status name from a fixture. */
export function code(name: StatusName): number {
  return JudgeStatus[name];
}
