import {
  isAdminRole,
  isSuperAdminRole,
  JudgeStatus,
  type SubmissionStatusCheck,
  type SubmissionView,
} from '@oj/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { judgeJobs, submissions } from '../../db/schema/index.js';
import { forbidden, tooMany } from '../../lib/errors.js';
import { roleMay } from '../admin/role-auth.js';
import type { SectionValue } from '../config/config.defaults.js';
import { recentContestRead } from '../contest/contest.reads.js';
import { afterQueued, answeringSubmit } from '../judge/hooks.js';
import { jobPriority, notifyQueued } from '../judge/queue.js';
import { assertCanViewProblem, canViewProblemSql } from '../problem/problem.access.js';
import { assertPoolConfigured } from '../remote-judge/accounts.js';
import { remoteOjOf } from '../remote-judge/remote-problem.js';
import { loadSubmissionWithProblem } from './case-result.js';
import { assertCanUseProblem, assertCode, assertLanguage, findProblem } from './submission.problem.js';
import { type AdmittedSubmit, admitScoped, reachableGroupSql, viewScoped } from './submission.scope.js';
import { canSeeCode, toSubmissionView, withholdVerdict } from './submission.view.js';
import { assertQueueRoom } from './user-queue.js';
import { waCaseDataFor } from './wa-case.js';

/** The site switches (site_config section `switch`). */
type SwitchConfig = SectionValue<'switch'>;

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
 * Submits code for judging (doc 2 §5, §7 submit-problem-judge): checks role (403 for no-submit roles), code, then
 * the scope's admission rule (practice: admitPractice; a contest when `cid` is set, a training when `tid` is, a
 * group when `gid` is: that area's rule, see submission.scope.ts), language (400), the non-contest frequency and the cap on unfinished submissions (429;
 * super admins exempt, see assertQueueRoom); then inserts the submission and its queued job (contest jobs get the
 * contest priority) in one short transaction; the queued hooks (board, training cell, events) run after its commit,
 * off the request (afterQueued). Returns the new submission's view (with code).
 */
export function submitJudge(
  ctx: AppContext,
  user: SessionUser,
  input: SubmitInput,
  ip: string,
): Promise<SubmissionView> {
  return answeringSubmit(ctx.db, () => acceptSubmit(ctx, user, input, ip));
}

/** submitJudge's work (see there), counted as a submit being answered. */
async function acceptSubmit(
  ctx: AppContext,
  user: SessionUser,
  input: SubmitInput,
  ip: string,
): Promise<SubmissionView> {
  if (!(await roleMay(ctx, user.role, 'submit'))) throw forbidden('submission.roleCannotSubmit');
  assertCode(input.code);
  // Outside contests the site switches are read once (practice admission and the submit interval share them).
  const sw = input.cid ? null : await ctx.config.get('switch');
  const target = input.cid
    ? await admitScoped(ctx, user, input, 'contest')
    : input.tid
      ? await admitScoped(ctx, user, input, 'training')
      : input.gid
        ? await admitScoped(ctx, user, input, 'group')
        : await admitPractice(ctx, user, input, sw ?? (await ctx.config.get('switch')));
  const { problem } = target;
  // In a contest the language check is reused for a quarter second (contest/contest.reads.ts), as its other reads.
  if (target.cid > 0) {
    await recentContestRead(ctx, target.cid, `language-ok:${problem.id}:${input.language}`, () =>
      assertLanguage(ctx.db, problem, input.language),
    );
  } else await assertLanguage(ctx.db, problem, input.language);
  if (target.cid === 0) await assertSubmitInterval(ctx, user, sw ?? (await ctx.config.get('switch')));
  // A remote problem is judged on its site through the account pool (issue 27): none configured is a clear 400 now,
  // not a System Error later. The problem decides, not the client's `isRemote` flag.
  const remoteOj = problem.isRemote ? remoteOjOf(problem) : null;
  if (remoteOj) await assertPoolConfigured(ctx.db, remoteOj);

  const row = await ctx.db.transaction(async (tx) => {
    await assertQueueRoom(tx, user, 'judge');
    // The submission and its queued job (version 0) in one statement: the job's insert reads the new row.
    const inserted = tx.$with('s').as(
      tx
        .insert(submissions)
        .values({
          pid: problem.id,
          displayPid: target.displayPid,
          uid: user.uid,
          username: user.username,
          cid: target.cid,
          cpid: target.cpid,
          tid: target.tid ?? null,
          gid: target.gid ?? null,
          code: input.code,
          language: input.language,
          length: Buffer.byteLength(input.code),
          status: JudgeStatus.PENDING,
          isRemote: remoteOj != null,
          ip,
        })
        .returning(),
    );
    const priority = jobPriority({ kind: 'judge', cid: target.cid });
    const job = tx.$with('j', { id: sql<number>`id` }).as(
      sql`INSERT INTO judge_jobs (kind, submit_id, submission_version, language, priority, remote_oj)
        SELECT 'judge', s.id, 0, s.language, ${priority}, ${remoteOj}::text FROM s RETURNING id`,
    );
    const [s] = await tx.with(inserted, job).select().from(inserted);
    return s;
  });
  // After the commit and off the request (issue 22 item 2): the judge is woken, the board's pending try, the
  // training cell and the live board event follow (judge/hooks.ts afterQueued).
  notifyQueued(ctx);
  afterQueued(ctx, { submitId: row.id, pid: row.pid, uid: row.uid, cid: row.cid });
  return toSubmissionView(row, problem.title, true);
}

/**
 * Practice admission (cid 0): the problem by display or numeric id, not a group's (403: those are submitted in
 * their group, with gid), visible to the user, public judging open (`sw`: the site switches, read once by the caller).
 */
async function admitPractice(
  ctx: AppContext,
  user: SessionUser,
  input: SubmitInput,
  sw: SwitchConfig,
): Promise<AdmittedSubmit> {
  const problem = await findProblem(ctx.db, input.pid);
  if (problem.isGroup) throw forbidden('group.problemInGroupOnly');
  await assertCanUseProblem(ctx, user, problem);
  if (!sw.openPublicJudge && !isAdminRole(user.role)) {
    throw forbidden('submission.publicJudgingClosed');
  }
  return { problem, displayPid: problem.problemId, cid: 0, cpid: null };
}

/**
 * 429 when the user's last non-contest submission is younger than the site's submit interval (`sw`, seconds; super
 * admins exempt).
 */
async function assertSubmitInterval(ctx: AppContext, user: SessionUser, sw: SwitchConfig): Promise<void> {
  const interval = sw.defaultSubmitInterval;
  if (interval <= 0 || isSuperAdminRole(user.role)) return;
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

/**
 * GET /api/get-submission-detail: the submission (code only when the viewer may see it; contest admins see the
 * code of their contest's submissions), the problem's codeShare, and waCaseData ({ caseIndex, inputName, outputName } of the first failing case when the viewer may
 * download it, doc 2 §6; else null). Throws 404 for unknown ids, 403 when the viewer may not view the problem; a
 * contest submission follows its contest's rule instead (viewScoped: access, hidden verdicts while sealed); a hidden
 * verdict shows through withholdVerdict (no score, time, memory, judger, judge times or version; issue 23 §2a) and
 * with no waCaseData.
 */
export async function getSubmissionDetail(ctx: AppContext, viewer: SessionUser | null, submitId: number) {
  const { s, p } = await loadSubmissionWithProblem(ctx, submitId);
  const scoped = await viewScoped(ctx, viewer, s);
  // Practice submissions, group ones too, also need their problem viewable; a contest's rule covers its own.
  if (!scoped || s.cid === 0) await assertCanViewProblem(ctx, viewer, p);
  const sw = await ctx.config.get('switch');
  const withCode = scoped?.isScopeAdmin || canSeeCode(viewer, s, p, sw.hideNonContestSubmissionCode);
  const hiddenStatus = scoped?.hiddenStatus ?? null;
  const waCaseData = hiddenStatus != null ? null : await waCaseDataFor(ctx, viewer, s, p);
  const shown = toSubmissionView(s, p.title, withCode);
  const view = hiddenStatus != null ? withholdVerdict(shown, hiddenStatus) : shown;
  return { submission: view, codeShare: p.codeShare, waCaseData };
}

/**
 * POST /api/check-submissions-status (doc 2 §4.3, §7): map submitId -> { status, score, time (ms), memory (KB),
 * judged, total } for the ids of practice submissions (cid 0) whose problem the viewer may view (canViewProblem);
 * other ids are left out, contest ones too (their verdicts may be sealed: the contest's own check shows them). `judged` / `total` are the judgehost's last progress report on the
 * submission's current job (cases finished / cases) while it is Compiling or Judging, else null.
 */
export async function checkSubmissionsStatus(
  ctx: AppContext,
  viewer: SessionUser | null,
  submitIds: number[],
) {
  const out: Record<string, SubmissionStatusCheck> = {};
  if (!submitIds.length) return out;
  const rows = await ctx.db
    .select({
      id: submissions.id,
      status: submissions.status,
      score: submissions.score,
      time: submissions.time,
      memory: submissions.memory,
      judged: judgeJobs.progressJudged,
      total: judgeJobs.progressTotal,
    })
    .from(submissions)
    .leftJoin(
      judgeJobs,
      and(
        eq(judgeJobs.submitId, submissions.id),
        eq(judgeJobs.state, 'leased'),
        eq(judgeJobs.submissionVersion, submissions.version),
        inArray(submissions.status, [JudgeStatus.COMPILING, JudgeStatus.JUDGING]),
      ),
    )
    .where(
      and(
        inArray(submissions.id, submitIds),
        eq(submissions.cid, 0),
        canViewProblemSql(viewer, submissions.pid),
        reachableGroupSql(viewer),
      ),
    );
  for (const { id, ...r } of rows) out[id] = { submitId: id, ...r };
  return out;
}
