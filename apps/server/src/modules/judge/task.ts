import type { JudgeProblem, JudgeTask, JudgeTestcase } from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { judgeJobs, problems, submissions, testJudges } from '../../db/schema/index.js';
import { buildCompileTask } from '../problem/compile-check.service.js';
import { type LeasedJob, leaseOne } from './queue.js';

/** The problem columns a task needs (not the statement texts, which can be long). */
const judgeColumns = {
  id: problems.id,
  problemId: problems.problemId,
  caseVersion: problems.caseVersion,
  timeLimit: problems.timeLimit,
  memoryLimit: problems.memoryLimit,
  stackLimit: problems.stackLimit,
  type: problems.type,
  ioScore: problems.ioScore,
  judgeMode: problems.judgeMode,
  judgeCaseMode: problems.judgeCaseMode,
  isRemoveEndBlank: problems.isRemoveEndBlank,
  isFileIO: problems.isFileIO,
  ioReadFileName: problems.ioReadFileName,
  ioWriteFileName: problems.ioWriteFileName,
  spjCode: problems.spjCode,
  spjLanguage: problems.spjLanguage,
  spjProtocol: problems.spjProtocol,
  userExtraFile: problems.userExtraFile,
  judgeExtraFile: problems.judgeExtraFile,
  difficulty: problems.difficulty,
};
type ProblemRow = Pick<typeof problems.$inferSelect, keyof typeof judgeColumns>;

/** Maps a problem row to the protocol's problem part (limits ms / MB as set; the judgehost applies factors). */
export function toJudgeProblem(p: ProblemRow): JudgeProblem {
  const judgeMode = (['default', 'spj', 'interactive'] as const).find((m) => m === p.judgeMode) ?? 'default';
  const judgeCaseMode =
    (['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'] as const).find(
      (m) => m === p.judgeCaseMode,
    ) ?? 'default';
  const protocol = (['testlib', 'hustoj', 'kattis'] as const).find((x) => x === p.spjProtocol) ?? 'testlib';
  return {
    pid: p.id,
    problemId: p.problemId,
    caseVersion: p.caseVersion,
    timeLimitMs: Math.max(1, p.timeLimit),
    memoryLimitMb: Math.max(1, p.memoryLimit),
    stackLimitMb: Math.max(1, p.stackLimit),
    type: p.type,
    ioScore: p.ioScore,
    judgeMode,
    judgeCaseMode,
    isRemoveEndBlank: p.isRemoveEndBlank,
    isFileIO: p.isFileIO,
    ioReadFileName: p.ioReadFileName,
    ioWriteFileName: p.ioWriteFileName,
    spj:
      judgeMode !== 'default' && p.spjCode
        ? { code: p.spjCode, language: p.spjLanguage ?? 'C++', protocol }
        : null,
    userExtraFile: p.userExtraFile ?? null,
    judgeExtraFile: p.judgeExtraFile ?? null,
    difficulty: p.difficulty,
  };
}

/**
 * Builds the task a judgehost receives for a leased job: code, language, problem and test cases (judge) or the
 * custom input (test), or the code to compile-check (compile). Returns null when the submission / test run / problem vanished (the caller drops the job).
 */
export async function buildTask(db: Db, job: LeasedJob): Promise<JudgeTask | null> {
  if (job.kind === 'judge') {
    if (job.submitId == null) return null;
    // One statement (the lease answers sooner, and no result transaction slips in between two reads on PGlite's
    // single connection): the submission, its problem's judge columns and the test cases in order.
    const [row] = await db
      .select({
        id: submissions.id,
        language: submissions.language,
        code: submissions.code,
        p: judgeColumns,
        cases: sql<JudgeTestcase[]>`(SELECT coalesce(json_agg(json_build_object(
            'index', t.index, 'inputName', t.input_name, 'outputName', t.output_name,
            'inputHash', t.input_hash, 'outputHash', t.output_hash, 'inputSize', t.input_size,
            'outputSize', t.output_size, 'score', t.score, 'groupNum', t.group_num) ORDER BY t.index), '[]'::json)
          FROM testcases t WHERE t.pid = ${problems.id})`,
      })
      .from(submissions)
      .innerJoin(problems, eq(problems.id, submissions.pid))
      .where(eq(submissions.id, job.submitId));
    if (!row) return null;
    return {
      jobId: job.id,
      kind: 'judge',
      submitId: row.id,
      testKey: null,
      version: job.submissionVersion,
      language: row.language,
      code: row.code,
      problem: toJudgeProblem(row.p),
      testcases: typeof row.cases === 'string' ? (JSON.parse(row.cases) as JudgeTestcase[]) : row.cases,
      userInput: null,
      expectedOutput: null,
    };
  }
  if (job.kind === 'compile') return buildCompileTask(db, job);
  if (!job.testKey) return null;
  const [t] = await db.select().from(testJudges).where(eq(testJudges.key, job.testKey));
  if (!t || t.pid == null) return null;
  const [p] = await db.select(judgeColumns).from(problems).where(eq(problems.id, t.pid));
  if (!p) return null;
  return {
    jobId: job.id,
    kind: 'test',
    submitId: null,
    testKey: t.key,
    version: job.submissionVersion,
    language: t.language,
    code: t.code,
    problem: toJudgeProblem(p),
    testcases: [],
    userInput: t.userInput,
    expectedOutput: t.expectedOutput,
  };
}

/**
 * Leases the best queued job for a judgehost (see leaseOne: the submission or test run is marked Compiling in the
 * same statement, so the judgehost need not report it) and builds its task. Jobs whose submission, test run or
 * problem vanished are dropped. Returns null when nothing fits.
 */
export async function takeTask(
  db: Db,
  judgehostId: string,
  judgerName: string,
  lanes: ('judge' | 'test')[],
  languageNames: string[],
): Promise<JudgeTask | null> {
  for (;;) {
    const job = await leaseOne(db, judgehostId, judgerName, lanes, languageNames);
    if (!job) return null;
    const task = await buildTask(db, job);
    if (task) return task;
    await db.update(judgeJobs).set({ state: 'done', lastError: 'vanished' }).where(eq(judgeJobs.id, job.id));
  }
}
