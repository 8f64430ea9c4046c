import {
  type JudgeProblem,
  type JudgeTask,
  type JudgeTestcase,
  resolveTleRecheck,
  type TleRecheckSite,
} from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { judgeJobs, problems, submissions, testJudges } from '../../db/schema/index.js';
import { unseal } from '../../lib/secret-box.js';
import { buildCompileTask } from '../problem/compile-check.service.js';
import { leaseRemote } from '../remote-judge/lease.js';
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
  tleRecheck: problems.tleRecheck,
  tleRecheckMargin: problems.tleRecheckMargin,
};
type ProblemRow = Pick<typeof problems.$inferSelect, keyof typeof judgeColumns>;

/**
 * Maps a problem row to the protocol's problem part (limits ms / MB as set; the judgehost applies factors). With
 * `site` (the switch config's TLE re-check default) the borderline TLE re-check policy is resolved into
 * `tleRecheck` (docs/judging.md); without it (test runs, compile checks) it is null: a test run is run once.
 */
export function toJudgeProblem(p: ProblemRow, site?: TleRecheckSite): JudgeProblem {
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
    tleRecheck: site ? resolveTleRecheck(p, site) : null,
  };
}

/**
 * Builds the task a judgehost receives for a leased job: code, language, problem and test cases (judge) or the
 * custom input (test), or the code to compile-check (compile). `site` is the site's TLE re-check default (switch
 * config), resolved with the problem's own switch into a judge task's `problem.tleRecheck`. Returns null when the
 * submission / test run / problem vanished (the caller drops the job).
 */
export async function buildTask(
  db: Db,
  job: LeasedJob,
  site: TleRecheckSite,
): Promise<(JudgeTask & { remoteProblemId?: string | null }) | null> {
  if (job.kind === 'judge') {
    if (job.submitId == null) return null;
    // One statement (the lease answers sooner, and no result transaction slips in between two reads on PGlite's
    // single connection): the submission, its problem's judge columns and the test cases in order.
    const [row] = await db
      .select({
        id: submissions.id,
        language: submissions.language,
        code: submissions.code,
        remoteProblemId: problems.remoteProblemId,
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
      problem: toJudgeProblem(row.p, site),
      testcases: typeof row.cases === 'string' ? (JSON.parse(row.cases) as JudgeTestcase[]) : row.cases,
      userInput: null,
      expectedOutput: null,
      remoteProblemId: row.remoteProblemId,
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
 * problem vanished are dropped. `site`: the TLE re-check site default (see buildTask). Returns null when nothing
 * fits.
 */
export async function takeTask(
  db: Db,
  judgehostId: string,
  judgerName: string,
  lanes: ('judge' | 'test')[],
  languageNames: string[],
  site: TleRecheckSite,
  remote: { key: Buffer } | null = null,
): Promise<JudgeTask | null> {
  // A remote-capable judgehost (lease.remote, OJ_REMOTE_JUDGE=true) takes remote jobs first: they wait on the sites
  // and on free pool accounts, not on the sandbox.
  while (remote && lanes.includes('judge')) {
    const leased = await leaseRemote(db, judgehostId, judgerName);
    if (!leased) break;
    const task = await buildTask(db, leased.job, site);
    if (task) {
      const siteId = task.remoteProblemId ?? task.problem.problemId.replace(/^[A-Z]+-/, '');
      const { remoteProblemId: _, ...rest } = task;
      return {
        ...rest,
        remote: {
          oj: leased.oj,
          problemId: siteId,
          account: {
            id: leased.account.id,
            username: leased.account.username,
            password: unseal(remote.key, leased.account.passwordEnc),
          },
          previousRunId: leased.previousRunId,
        },
      };
    }
    await db
      .update(judgeJobs)
      .set({ state: 'done', lastError: 'vanished' })
      .where(eq(judgeJobs.id, leased.job.id));
  }
  for (;;) {
    const job = await leaseOne(db, judgehostId, judgerName, lanes, languageNames);
    if (!job) return null;
    const built = await buildTask(db, job, site);
    if (built) {
      const { remoteProblemId: _, ...task } = built;
      return task;
    }
    await db.update(judgeJobs).set({ state: 'done', lastError: 'vanished' }).where(eq(judgeJobs.id, job.id));
  }
}
