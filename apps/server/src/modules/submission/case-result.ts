import {
  type CaseResultResponse,
  type CaseResultView,
  groupBySubtask,
  isSubtaskMode,
  JudgeStatus,
  type SubtaskModeName,
  type SubtaskResultView,
  subtaskScore,
} from '@oj/shared';
import { asc, eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { judgeCases, problems, submissions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import {
  assertCanViewProblem,
  managesProblem,
  type ProblemRow,
  readsProblemData,
} from '../problem/problem.access.js';
import { viewScoped } from './submission.scope.js';
import { firstFailingCase, mayDownloadWaCase } from './wa-case.js';

/** A submission with its problem; 404 when unknown. */
export async function loadSubmissionWithProblem(ctx: AppContext, submitId: number) {
  const [r] = await ctx.db
    .select({ s: submissions, p: problems })
    .from(submissions)
    .innerJoin(problems, eq(problems.id, submissions.pid))
    .where(eq(submissions.id, submitId));
  if (!r) throw notFound('submission.notFound');
  return r;
}

/**
 * Which cases' data (input, expected output, user output, checker message) `viewer` may read: every case for those
 * who read the problem's test data (readsProblemData: super admins, problem admins for site problems, the group's
 * admins for group problems); for the owner only the first failing case under the wrong-case rule
 * (mayDownloadWaCase: non-contest, more than 3 cases); none for anyone else (doc 2 §6). Returns 'all' or the set
 * of case indexes.
 */
async function readableCases(
  ctx: AppContext,
  viewer: SessionUser | null,
  sub: typeof submissions.$inferSelect,
  p: ProblemRow,
): Promise<'all' | Set<number>> {
  if (await readsProblemData(ctx, viewer, p)) return 'all';
  if (!(await mayDownloadWaCase(ctx, viewer, sub, p))) return new Set();
  const wa = await firstFailingCase(ctx, sub);
  return new Set(wa ? [wa.caseIndex] : []);
}

/**
 * GET /api/get-all-case-result (doc 2 §3 test-case result, §6): per-case results and, in subtask modes, per-group
 * summaries. 404 unknown submission, 403 when the viewer may not view its problem (assertCanViewProblem; for a
 * contest submission its contest's rule, and null while its verdict is hidden from the viewer). Null
 * (no data) unless the problem opens case results or the viewer manages problems. Everyone allowed sees status,
 * time (ms), memory (KB), score and group per case; the data fields only as readableCases allows.
 */
export async function getAllCaseResult(
  ctx: AppContext,
  viewer: SessionUser | null,
  submitId: number,
): Promise<CaseResultResponse | null> {
  const { s, p } = await loadSubmissionWithProblem(ctx, submitId);
  const scoped = await viewScoped(ctx, viewer, s);
  if (!scoped || s.cid === 0) await assertCanViewProblem(ctx, viewer, p);
  if (scoped?.hiddenStatus != null) return null;
  if (!p.openCaseResult && !(await managesProblem(ctx, viewer, p))) return null;
  const readable = await readableCases(ctx, viewer, s, p);
  const rows = await ctx.db
    .select()
    .from(judgeCases)
    .where(eq(judgeCases.submitId, submitId))
    .orderBy(asc(judgeCases.caseIndex));
  const judgeCaseList: CaseResultView[] = rows.map((c) => {
    const data = readable === 'all' || readable.has(c.caseIndex);
    return {
      caseId: c.caseIndex,
      inputData: data ? c.inputData : null,
      outputData: data ? c.outputData : null,
      userOutput: data ? c.userOutput : null,
      status: c.status,
      time: c.time,
      memory: c.memory,
      score: c.score,
      groupNum: c.groupNum,
      message: data ? c.message : null,
      rerun: c.rerun ?? null,
    };
  });
  const mode = p.judgeCaseMode;
  return {
    judgeCaseMode: mode,
    judgeCaseList,
    subTaskJudgeCaseVoList: isSubtaskMode(mode) ? subtaskSummaries(judgeCaseList, mode) : null,
  };
}

/** Per-group summaries of the subtask modes: group score (shared subtaskScore), first failing status, max time/memory. */
function subtaskSummaries(list: CaseResultView[], mode: SubtaskModeName): SubtaskResultView[] {
  const AC = JudgeStatus.ACCEPTED;
  return groupBySubtask(list).map(([groupNum, cases]) => {
    const firstBad = cases.find((c) => c.status !== AC);
    return {
      groupNum,
      status: firstBad ? firstBad.status : AC,
      score: subtaskScore(
        cases.map((c) => c.score ?? 0),
        mode,
      ),
      ac: cases.filter((c) => c.status === AC).length,
      total: cases.length,
      time: Math.max(0, ...cases.map((c) => c.time ?? 0)),
      memory: Math.max(0, ...cases.map((c) => c.memory ?? 0)),
      subtaskDetailList: cases,
    };
  });
}
