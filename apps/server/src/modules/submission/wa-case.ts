import { isFinishedStatus, JudgeStatus } from '@oj/shared';
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import type { AppContext, SessionUser } from '../../context.js';
import { blobs, judgeCases, problems, submissions, testcases } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { canViewProblemIn, type ProblemRow, readsProblemData } from '../problem/problem.access.js';
import { viewScoped } from './submission.scope.js';

/** The first failing case of a submission, as `waCaseData` of get-submission-detail (doc 2 §3, §7). */
export interface WaCaseData {
  /** 1-based case index (the problem's test-case order). */
  caseIndex: number;
  inputName: string;
  outputName: string;
}

/** An owner may download the failing case only when the problem has MORE than this many cases (doc 2 §6). */
export const OWNER_MIN_CASES_EXCLUSIVE = 3;

/** Case statuses that are not a failure: Accepted, and Cancelled (not run because its subtask had failed). */
const NOT_FAILING: number[] = [JudgeStatus.ACCEPTED, JudgeStatus.CANCELLED];

type SubmissionRow = Pick<typeof submissions.$inferSelect, 'id' | 'uid' | 'pid' | 'cid' | 'status'>;

/**
 * The first failing case (lowest index, status neither AC nor Cancelled) of a finished, non-AC submission, with the
 * names of the problem's test case of that index; null when there is none (AC, compile error, still judging, or the
 * test data no longer has that case).
 */
export async function firstFailingCase(ctx: AppContext, sub: SubmissionRow): Promise<WaCaseData | null> {
  if (!isFinishedStatus(sub.status) || sub.status === JudgeStatus.ACCEPTED) return null;
  const [bad] = await ctx.db
    .select({ caseIndex: judgeCases.caseIndex })
    .from(judgeCases)
    .where(and(eq(judgeCases.submitId, sub.id), notInArray(judgeCases.status, NOT_FAILING)))
    .orderBy(asc(judgeCases.caseIndex))
    .limit(1);
  if (!bad) return null;
  const [tc] = await ctx.db
    .select({ inputName: testcases.inputName, outputName: testcases.outputName })
    .from(testcases)
    .where(and(eq(testcases.pid, sub.pid), eq(testcases.index, bad.caseIndex)));
  return tc ? { caseIndex: bad.caseIndex, ...tc } : null;
}

/**
 * Whether `viewer` may download the failing case of `sub` (doc 2 §6): those who read the problem's test data
 * (readsProblemData: super admins, problem admins for site problems, the group's admins for group problems); the
 * owner only for a non-contest submission (cid 0) of a problem with more than 3 test cases. The caller still
 * needs a failing case.
 */
export async function mayDownloadWaCase(
  ctx: AppContext,
  viewer: SessionUser | null,
  sub: SubmissionRow,
  p: Pick<ProblemRow, 'isGroup' | 'gid'>,
): Promise<boolean> {
  if (!viewer) return false;
  if (await readsProblemData(ctx, viewer, p)) return true;
  if (viewer.uid !== sub.uid || sub.cid !== 0) return false;
  const [n] = await ctx.db.select({ n: count() }).from(testcases).where(eq(testcases.pid, sub.pid));
  return Number(n?.n ?? 0) > OWNER_MIN_CASES_EXCLUSIVE;
}

/** waCaseData for get-submission-detail: the first failing case when the viewer may download it, else null. */
export async function waCaseDataFor(
  ctx: AppContext,
  viewer: SessionUser | null,
  sub: SubmissionRow,
  p: Pick<ProblemRow, 'isGroup' | 'gid'>,
): Promise<WaCaseData | null> {
  if (!isFinishedStatus(sub.status) || sub.status === JudgeStatus.ACCEPTED) return null;
  if (!(await mayDownloadWaCase(ctx, viewer, sub, p))) return null;
  return firstFailingCase(ctx, sub);
}

/** What the download route was asked for: the submission, and optionally the spec's pid and data. */
export interface WaCaseRequest {
  submitId: number;
  /** Problem id (numeric id or problemId); must be the submission's problem when given. */
  pid?: string;
  /** The case (its index or input name); must be the first failing case when given. */
  data?: string;
}

/** A zip to send: file name and bytes. */
export interface WaCaseZip {
  fileName: string;
  zip: Uint8Array;
}

/**
 * GET /api/file/download-testcase-one (doc 2 §2.5, §7): a zip holding the input and expected output of the
 * submission's first failing case. Throws 404 (unknown submission), 403 (viewer may not view the problem, or may
 * not download: see mayDownloadWaCase; or the submission's contest hides its verdict from the viewer now, since
 * a zip or "no failing case" would tell it: issue 23 §2a), 400 (no failing case, or pid / data naming another
 * problem / case).
 */
export async function waCaseZip(
  ctx: AppContext,
  viewer: SessionUser,
  req: WaCaseRequest,
): Promise<WaCaseZip> {
  const [sub] = await ctx.db
    .select({
      id: submissions.id,
      uid: submissions.uid,
      pid: submissions.pid,
      cid: submissions.cid,
      status: submissions.status,
      displayPid: submissions.displayPid,
      auth: problems.auth,
      isGroup: problems.isGroup,
      gid: problems.gid,
      applyPublicProgress: problems.applyPublicProgress,
    })
    .from(submissions)
    .innerJoin(problems, eq(problems.id, submissions.pid))
    .where(eq(submissions.id, req.submitId));
  if (!sub) throw notFound('submission.notFound');
  if (!(await canViewProblemIn(ctx, viewer, sub)) || !(await mayDownloadWaCase(ctx, viewer, sub, sub))) {
    throw forbidden('submission.noCaseDataPermission');
  }
  if (sub.cid !== 0) {
    const [row] = await ctx.db.select().from(submissions).where(eq(submissions.id, sub.id));
    const scoped = row ? await viewScoped(ctx, viewer, row) : null;
    if (scoped?.hiddenStatus != null) throw forbidden('submission.noCaseDataPermission');
  }
  if (req.pid && req.pid !== String(sub.pid) && req.pid.toLowerCase() !== sub.displayPid.toLowerCase()) {
    throw badRequest('submission.wrongProblem');
  }
  const wa = await firstFailingCase(ctx, sub);
  if (!wa) throw badRequest('submission.noFailingCase');
  if (req.data && req.data !== String(wa.caseIndex) && req.data !== wa.inputName) {
    throw badRequest('submission.notFailingCase');
  }
  const [tc] = await ctx.db
    .select({ inputHash: testcases.inputHash, outputHash: testcases.outputHash })
    .from(testcases)
    .where(and(eq(testcases.pid, sub.pid), eq(testcases.index, wa.caseIndex)));
  if (!tc) throw notFound('submission.caseGone');
  const rows = await ctx.db
    .select({ hash: blobs.hash, data: blobs.data })
    .from(blobs)
    .where(inArray(blobs.hash, [tc.inputHash, tc.outputHash]));
  const byHash = new Map(rows.map((r) => [r.hash, r.data]));
  const input = byHash.get(tc.inputHash);
  const output = byHash.get(tc.outputHash);
  if (!input || !output) throw notFound('submission.caseDataMissing');
  // Same name for input and output would collide in the zip; keep both.
  const outName = wa.outputName === wa.inputName ? `${wa.outputName}.out` : wa.outputName;
  const zip = zipSync(
    { [wa.inputName]: new Uint8Array(input), [outName]: new Uint8Array(output) },
    { level: 6 },
  );
  const safe = sub.displayPid.replace(/[^A-Za-z0-9_.-]/g, '_');
  return { fileName: `problem_${safe}_case_${wa.caseIndex}.zip`, zip };
}
