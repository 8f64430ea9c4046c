import { canSubmitRole, isAdminRole, isSuperAdminRole, type SubmissionView } from '@oj/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { judgeCases, problems, submissions } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound, tooMany } from '../../lib/errors.js';
import { enqueue, notifyQueued } from '../judge/queue.js';
import { assertCanUseProblem, assertCode, assertLanguage, findProblem } from './submission.problem.js';
import { canSeeCode, toSubmissionView } from './submission.view.js';
import { waCaseDataFor } from './wa-case.js';

export interface SubmitInput {
  pid: string | number;
  language: string;
  code: string;
  cid: number;
  tid?: number | null;
  gid?: number | null;
  isRemote?: boolean;
}

/**
 * Submits code for judging (doc 2 §5, §7 submit-problem-judge): checks role (403 for no-submit roles), contest
 * (only cid 0 for now: 400), code, problem (404 / 403), judge switch, language (400) and the non-contest
 * frequency (429; super admins exempt); then inserts the submission and its queued job in one transaction.
 * Returns the new submission's view (with code).
 */
export async function submitJudge(
  ctx: AppContext,
  user: SessionUser,
  input: SubmitInput,
  ip: string,
): Promise<SubmissionView> {
  if (!canSubmitRole(user.role)) throw forbidden('Your account is not allowed to submit');
  if (input.cid !== 0) throw badRequest('cid: contest submissions are not supported yet (use cid 0)');
  if (input.gid) throw badRequest('gid: group submissions are not supported yet');
  if (input.isRemote) throw badRequest('isRemote: remote judging is not supported yet');
  assertCode(input.code);
  const problem = await findProblem(ctx.db, input.pid);
  assertCanUseProblem(user, problem);
  const sw = await ctx.config.get('switch');
  if (!sw.openPublicJudge && !isAdminRole(user.role)) {
    throw forbidden('Judging of public problems is closed by the administrator');
  }
  await assertLanguage(ctx.db, problem, input.language);

  const interval = sw.defaultSubmitInterval;
  if (interval > 0 && !isSuperAdminRole(user.role)) {
    const [last] = await ctx.db
      .select({ t: submissions.submitTime })
      .from(submissions)
      .where(and(eq(submissions.uid, user.uid), eq(submissions.cid, 0)))
      .orderBy(desc(submissions.id))
      .limit(1);
    const waitMs = last ? last.t.getTime() + interval * 1000 - Date.now() : 0;
    if (waitMs > 0) {
      throw tooMany(`Submit too frequently, please try again in ${Math.ceil(waitMs / 1000)} seconds`);
    }
  }

  const row = await ctx.db.transaction(async (tx) => {
    const [s] = await tx
      .insert(submissions)
      .values({
        pid: problem.id,
        displayPid: problem.problemId,
        uid: user.uid,
        username: user.username,
        cid: 0,
        tid: input.tid ?? null,
        code: input.code,
        language: input.language,
        length: Buffer.byteLength(input.code),
        status: 5,
        ip,
      })
      .returning();
    await enqueue(tx, { kind: 'judge', submitId: s.id, submissionVersion: 0, language: s.language, cid: 0 });
    return s;
  });
  notifyQueued(ctx);
  return toSubmissionView(row, problem.title, true);
}

/** A submission with its problem's title and sharing flag; 404 when unknown. */
async function loadSubmission(ctx: AppContext, submitId: number) {
  const [r] = await ctx.db
    .select({ s: submissions, title: problems.title, codeShare: problems.codeShare, p: problems })
    .from(submissions)
    .innerJoin(problems, eq(problems.id, submissions.pid))
    .where(eq(submissions.id, submitId));
  if (!r) throw notFound('The submission does not exist');
  return r;
}

/**
 * GET /api/get-submission-detail: the submission (code only when the viewer may see it), the problem's
 * codeShare, and waCaseData ({ caseIndex, inputName, outputName } of the first failing case when the viewer may
 * download it, doc 2 §6; else null). Throws 404 for unknown ids.
 */
export async function getSubmissionDetail(ctx: AppContext, viewer: SessionUser | null, submitId: number) {
  const r = await loadSubmission(ctx, submitId);
  const sw = await ctx.config.get('switch');
  const withCode = canSeeCode(viewer, r.s, r.p, sw.hideNonContestSubmissionCode);
  const waCaseData = await waCaseDataFor(ctx, viewer, r.s);
  return { submission: toSubmissionView(r.s, r.title, withCode), codeShare: r.codeShare, waCaseData };
}

/**
 * GET /api/get-all-case-result: per-case results and, in subtask modes, per-group summaries. Null (no data) unless
 * the problem opens case results or the viewer is an admin role; user outputs only for the owner and admins.
 */
export async function getAllCaseResult(ctx: AppContext, viewer: SessionUser | null, submitId: number) {
  const r = await loadSubmission(ctx, submitId);
  const admin = isAdminRole(viewer?.role);
  if (!r.p.openCaseResult && !admin) return null;
  const own = admin || viewer?.uid === r.s.uid;
  const rows = await ctx.db
    .select()
    .from(judgeCases)
    .where(eq(judgeCases.submitId, submitId))
    .orderBy(asc(judgeCases.caseIndex));
  const judgeCaseList = rows.map((c) => ({
    caseId: c.caseIndex,
    inputData: c.inputData,
    outputData: c.outputData,
    userOutput: own ? c.userOutput : null,
    status: c.status,
    time: c.time,
    memory: c.memory,
    score: c.score,
    groupNum: c.groupNum,
    message: c.message,
  }));
  const mode = r.p.judgeCaseMode;
  let subTaskJudgeCaseVoList = null;
  if (mode === 'subtask_lowest' || mode === 'subtask_average') {
    const groups = new Map<number, typeof judgeCaseList>();
    for (const c of judgeCaseList) {
      const g = c.groupNum ?? 1;
      groups.set(g, [...(groups.get(g) ?? []), c]);
    }
    subTaskJudgeCaseVoList = [...groups.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([groupNum, list]) => {
        const scores = list.map((c) => c.score ?? 0);
        const score =
          mode === 'subtask_lowest'
            ? Math.min(...scores)
            : Math.round(scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length));
        const firstBad = list.find((c) => c.status !== 0);
        return {
          groupNum,
          status: firstBad ? firstBad.status : 0,
          score,
          ac: list.filter((c) => c.status === 0).length,
          total: list.length,
          time: Math.max(0, ...list.map((c) => c.time ?? 0)),
          memory: Math.max(0, ...list.map((c) => c.memory ?? 0)),
          subtaskDetailList: list,
        };
      });
  }
  return { judgeCaseMode: mode, judgeCaseList, subTaskJudgeCaseVoList };
}

/** POST /api/check-submissions-status: map submitId -> { status, score, time, memory } for the ids that exist. */
export async function checkSubmissionsStatus(ctx: AppContext, submitIds: number[]) {
  const out: Record<
    string,
    { submitId: number; status: number; score: number | null; time: number | null; memory: number | null }
  > = {};
  if (!submitIds.length) return out;
  const rows = await ctx.db
    .select({
      id: submissions.id,
      status: submissions.status,
      score: submissions.score,
      time: submissions.time,
      memory: submissions.memory,
    })
    .from(submissions)
    .where(inArray(submissions.id, submitIds));
  for (const r of rows)
    out[r.id] = { submitId: r.id, status: r.status, score: r.score, time: r.time, memory: r.memory };
  return out;
}
