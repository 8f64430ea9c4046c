import { isAdminRole, type SubmissionView } from '@oj/shared';
import type { SessionUser } from '../../context.js';
import type { problems, submissions } from '../../db/schema/index.js';

type SubmissionRow = typeof submissions.$inferSelect;
type ProblemRow = Pick<typeof problems.$inferSelect, 'title' | 'codeShare'>;

/**
 * Whether `viewer` may read the code of a non-contest submission (doc 2 §6): the owner, admin roles, or anyone
 * when the owner shared it, the problem allows code sharing and the site does not hide non-contest code.
 */
export function canSeeCode(
  viewer: SessionUser | null,
  sub: Pick<SubmissionRow, 'uid' | 'share' | 'cid'>,
  problem: Pick<ProblemRow, 'codeShare'>,
  hideNonContestCode: boolean,
): boolean {
  if (viewer && (viewer.uid === sub.uid || isAdminRole(viewer.role))) return true;
  if (sub.cid !== 0) return false;
  return sub.share && problem.codeShare && !hideNonContestCode;
}

/** Maps a row to the API view; `code` only when `withCode`. */
export function toSubmissionView(s: SubmissionRow, title: string, withCode: boolean): SubmissionView {
  return {
    submitId: s.id,
    uid: s.uid,
    username: s.username,
    pid: s.pid,
    displayPid: s.displayPid,
    displayId: s.displayPid,
    title,
    cid: s.cid,
    gid: s.gid,
    tid: s.tid,
    status: s.status,
    score: s.score,
    oiRankScore: s.oiRankScore,
    time: s.time,
    memory: s.memory,
    length: s.length,
    language: s.language,
    judger: s.judger,
    isManual: s.isManual,
    submitTime: s.submitTime.toISOString(),
    judgeStart: s.judgeStart?.toISOString() ?? null,
    judgeEnd: s.judgeEnd?.toISOString() ?? null,
    code: withCode ? s.code : null,
    errorMessage: s.errorMessage,
    share: s.share,
    version: s.version,
  };
}
