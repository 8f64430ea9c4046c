import { isJudgingStatus, JudgeStatus, MANUAL_JUDGE_CODES, oiRankScore, ProblemType } from '@oj/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { judgeCases, judgeJobs, problems, submissions } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Tx } from '../problem/problem.store.js';
import { remoteOjOf } from '../remote-judge/remote-problem.js';
import { countedStatusOf, moveCounters } from './counters.js';
import { enqueue, notifyQueued } from './queue.js';

type SubmissionRow = typeof submissions.$inferSelect;

/** The OJ a remote submission's problem is judged on (null: gone or no longer remote, judged locally). */
async function remoteOjOfProblem(tx: Tx, pid: number) {
  const [p] = await tx
    .select({ isRemote: problems.isRemote, remoteOj: problems.remoteOj, problemId: problems.problemId })
    .from(problems)
    .where(eq(problems.id, pid));
  return p ? remoteOjOf(p) : null;
}

async function lockSubmission(tx: Tx, submitId: number): Promise<SubmissionRow> {
  const [s] = await tx.select().from(submissions).where(eq(submissions.id, submitId)).for('update');
  if (!s) throw notFound('submission.notFound');
  return s;
}

/** Ends every unfinished job of a submission (a leased one's late result is then refused). */
async function dropJobs(tx: Tx, submitId: number, why: string): Promise<void> {
  await tx
    .update(judgeJobs)
    .set({ state: 'done', lastError: why, leaseExpires: null, gmtModified: new Date() })
    .where(and(eq(judgeJobs.submitId, submitId), inArray(judgeJobs.state, ['queued', 'leased'])));
}

/** Emits `submission/judged` (ctx.events) for an admin's verdict on `s` (the row as locked, before the update). */
async function adminVerdictHooks(
  ctx: AppContext,
  tx: Tx,
  s: SubmissionRow,
  status: number,
  score: number | null,
  source: 'manual' | 'cancel',
): Promise<void> {
  await ctx.events.emit('submission/judged', tx, {
    submitId: s.id,
    pid: s.pid,
    uid: s.uid,
    cid: s.cid,
    status,
    score,
    previousStatus: s.countedStatus,
    source,
  });
}

/**
 * Rejudge (admin roles; also the owner's resubmit of a failed submission): bumps the submission's version, resets
 * it to Pending, clears its case results and queues a new job (a remote one for remote judgehosts), and emits
 * `submission/reset` on ctx.events (a contest board shows the try as pending again). The old counted
 * verdict stays in the problem counters until the new verdict replaces it. Returns the updated row.
 */
export async function rejudge(ctx: AppContext, submitId: number): Promise<SubmissionRow> {
  const row = await ctx.db.transaction(async (tx) => {
    const s = await lockSubmission(tx, submitId);
    // A remote submission is queued for the remote-capable judgehosts again (remote-judge/lease.ts); it keeps its
    // run id and account, which a POJ rejudge reads again instead of submitting anew.
    const remoteOj = s.isRemote ? await remoteOjOfProblem(tx, s.pid) : null;
    await dropJobs(tx, s.id, 'rejudged');
    const version = s.version + 1;
    await tx.delete(judgeCases).where(eq(judgeCases.submitId, s.id));
    const [u] = await tx
      .update(submissions)
      .set({
        version,
        status: JudgeStatus.PENDING,
        score: null,
        oiRankScore: null,
        time: null,
        memory: null,
        errorMessage: null,
        judger: null,
        isManual: false,
        judgeStart: null,
        judgeEnd: null,
        gmtModified: new Date(),
      })
      .where(eq(submissions.id, s.id))
      .returning();
    await ctx.events.emit('submission/reset', tx, {
      submitId: s.id,
      pid: s.pid,
      uid: s.uid,
      cid: s.cid,
      previousStatus: s.countedStatus,
    });
    await enqueue(tx, {
      kind: 'judge',
      submitId: s.id,
      submissionVersion: version,
      language: s.language,
      cid: s.cid,
      remoteOj,
    });
    return u;
  });
  notifyQueued(ctx);
  return row;
}

/**
 * Manual judge (super admin): sets status (one of MANUAL_JUDGE_CODES) and score, marks the submission manual
 * with the admin as judger, moves the problem counters and emits `submission/judged`. 400 for a bad status or while
 * the submission is still being judged. Returns the updated row.
 */
export async function manualJudge(
  ctx: AppContext,
  admin: SessionUser,
  input: { submitId: number; status: number; score?: number | null },
): Promise<SubmissionRow> {
  if (!(MANUAL_JUDGE_CODES as number[]).includes(input.status)) {
    throw badRequest('judge.notManualStatus', { status: input.status });
  }
  return ctx.db.transaction(async (tx) => {
    const s = await lockSubmission(tx, input.submitId);
    if (isJudgingStatus(s.status)) {
      throw badRequest('judge.stillJudging');
    }
    const [p] = await tx
      .select({ type: problems.type, ioScore: problems.ioScore, difficulty: problems.difficulty })
      .from(problems)
      .where(eq(problems.id, s.pid));
    const score = input.score ?? null;
    const rankScore =
      p && p.type === ProblemType.OI && score != null
        ? oiRankScore(score, p.ioScore, p.difficulty, false)
        : null;
    const counted = countedStatusOf(input.status);
    await moveCounters(tx, s.pid, s.countedStatus, counted);
    const [u] = await tx
      .update(submissions)
      .set({
        status: input.status,
        score,
        oiRankScore: rankScore,
        isManual: true,
        judger: admin.username,
        countedStatus: counted,
        gmtModified: new Date(),
      })
      .where(eq(submissions.id, s.id))
      .returning();
    await adminVerdictHooks(ctx, tx, s, input.status, score, 'manual');
    return u;
  });
}

/**
 * Cancel judge (super admin): removes the submission's queued / leased job (a late result is refused through a
 * version bump), sets Cancelled (-4) and isManual, and takes its verdict out of the problem counters. 400 when
 * already cancelled. Returns the updated row.
 */
export async function cancelJudge(
  ctx: AppContext,
  admin: SessionUser,
  submitId: number,
): Promise<SubmissionRow> {
  return ctx.db.transaction(async (tx) => {
    const s = await lockSubmission(tx, submitId);
    if (s.status === JudgeStatus.CANCELLED) throw badRequest('judge.alreadyCancelled');
    await dropJobs(tx, s.id, 'cancelled');
    await moveCounters(tx, s.pid, s.countedStatus, null);
    const [u] = await tx
      .update(submissions)
      .set({
        status: JudgeStatus.CANCELLED,
        isManual: true,
        judger: admin.username,
        version: sql`${submissions.version} + 1`,
        countedStatus: null,
        judgeEnd: new Date(),
        gmtModified: new Date(),
      })
      .where(eq(submissions.id, s.id))
      .returning();
    await adminVerdictHooks(ctx, tx, s, JudgeStatus.CANCELLED, s.score, 'cancel');
    return u;
  });
}
