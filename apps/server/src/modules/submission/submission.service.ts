import { canSubmitRole, isAdminRole, isSuperAdminRole, type SubmissionView } from '@oj/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { submissions } from '../../db/schema/index.js';
import { badRequest, forbidden, tooMany } from '../../lib/errors.js';
import { enqueue, notifyQueued } from '../judge/queue.js';
import { assertCanViewProblem, canViewProblemSql } from '../problem/problem.access.js';
import { loadSubmissionWithProblem } from './case-result.js';
import { assertCanUseProblem, assertCode, assertLanguage, findProblem } from './submission.problem.js';
import { canSeeCode, toSubmissionView } from './submission.view.js';
import { assertQueueRoom } from './user-queue.js';
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
 * (only cid 0 for now: 400), code, problem (404 / 403), judge switch, language (400), the non-contest
 * frequency and the cap on unfinished submissions (429; super admins exempt, see assertQueueRoom); then inserts
 * the submission and its queued job in one transaction.
 * Returns the new submission's view (with code).
 */
export async function submitJudge(
  ctx: AppContext,
  user: SessionUser,
  input: SubmitInput,
  ip: string,
): Promise<SubmissionView> {
  if (!canSubmitRole(user.role)) throw forbidden('submission.roleCannotSubmit');
  if (input.cid !== 0) throw badRequest('submission.contestUnsupported');
  if (input.gid) throw badRequest('submission.groupUnsupported');
  if (input.isRemote) throw badRequest('submission.remoteUnsupported');
  assertCode(input.code);
  const problem = await findProblem(ctx.db, input.pid);
  assertCanUseProblem(user, problem);
  const sw = await ctx.config.get('switch');
  if (!sw.openPublicJudge && !isAdminRole(user.role)) {
    throw forbidden('submission.publicJudgingClosed');
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
      throw tooMany('submission.tooFrequent', { seconds: Math.ceil(waitMs / 1000) });
    }
  }

  const row = await ctx.db.transaction(async (tx) => {
    await assertQueueRoom(tx, user, 'judge');
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

/**
 * GET /api/get-submission-detail: the submission (code only when the viewer may see it), the problem's
 * codeShare, and waCaseData ({ caseIndex, inputName, outputName } of the first failing case when the viewer may
 * download it, doc 2 §6; else null). Throws 404 for unknown ids, 403 when the viewer may not view the problem.
 */
export async function getSubmissionDetail(ctx: AppContext, viewer: SessionUser | null, submitId: number) {
  const { s, p } = await loadSubmissionWithProblem(ctx, submitId);
  assertCanViewProblem(viewer, p);
  const sw = await ctx.config.get('switch');
  const withCode = canSeeCode(viewer, s, p, sw.hideNonContestSubmissionCode);
  const waCaseData = await waCaseDataFor(ctx, viewer, s);
  return { submission: toSubmissionView(s, p.title, withCode), codeShare: p.codeShare, waCaseData };
}

/**
 * POST /api/check-submissions-status: map submitId -> { status, score, time (ms), memory (KB) } for the ids that
 * exist and whose problem the viewer may view (canViewProblem); other ids are left out.
 */
export async function checkSubmissionsStatus(
  ctx: AppContext,
  viewer: SessionUser | null,
  submitIds: number[],
) {
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
    .where(and(inArray(submissions.id, submitIds), canViewProblemSql(viewer, submissions.pid)));
  for (const r of rows)
    out[r.id] = { submitId: r.id, status: r.status, score: r.score, time: r.time, memory: r.memory };
  return out;
}
