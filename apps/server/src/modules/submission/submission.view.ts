import {
  isCodeAndDataRole,
  isSuperAdminRole,
  type SubmissionListItem,
  type SubmissionView,
} from '@oj/shared';
import type { SessionUser } from '../../context.js';
import type { problems, submissions } from '../../db/schema/index.js';

type SubmissionRow = typeof submissions.$inferSelect;
type ProblemRow = Pick<typeof problems.$inferSelect, 'title' | 'codeShare' | 'isGroup'>;

/**
 * Whether `viewer` may read the code of a non-contest submission (doc 2 §6): the owner, super admins and problem
 * admins (not plain admins; and not for a group's submissions or problems, whose code stays in the group: its
 * admins see it through the group's view rule), or anyone when the owner shared it, the problem allows code sharing
 * and the site does not hide non-contest code.
 */
export function canSeeCode(
  viewer: SessionUser | null,
  sub: Pick<SubmissionRow, 'uid' | 'share' | 'cid' | 'gid'>,
  problem: Pick<ProblemRow, 'codeShare' | 'isGroup'>,
  hideNonContestCode: boolean,
): boolean {
  if (viewer && (viewer.uid === sub.uid || isSuperAdminRole(viewer.role))) return true;
  const siteScope = sub.gid == null && !problem.isGroup;
  if (viewer && siteScope && isCodeAndDataRole(viewer.role)) return true;
  if (sub.cid !== 0) return false;
  return sub.share && problem.codeShare && !hideNonContestCode;
}

/** The status-page columns of a submission (see SubmissionListItem). */
export type SubmissionListRow = Pick<
  SubmissionRow,
  | 'id'
  | 'pid'
  | 'displayPid'
  | 'uid'
  | 'username'
  | 'status'
  | 'score'
  | 'time'
  | 'memory'
  | 'length'
  | 'language'
  | 'judger'
  | 'isManual'
  | 'share'
  | 'cid'
  | 'submitTime'
>;

/** Maps a row to a row of the status page (no code). */
export function toSubmissionListItem(s: SubmissionListRow, title: string): SubmissionListItem {
  return {
    submitId: s.id,
    pid: s.pid,
    displayPid: s.displayPid,
    displayId: s.displayPid,
    title,
    uid: s.uid,
    username: s.username,
    status: s.status,
    score: s.score,
    time: s.time,
    memory: s.memory,
    length: s.length,
    language: s.language,
    judger: s.judger,
    isManual: s.isManual,
    share: s.share,
    cid: s.cid,
    submitTime: s.submitTime.toISOString(),
  };
}

/** Maps a row to the API view; `code` only when `withCode`. */
export function toSubmissionView(s: SubmissionRow, title: string, withCode: boolean): SubmissionView {
  return {
    ...toSubmissionListItem(s, title),
    gid: s.gid,
    tid: s.tid,
    oiRankScore: s.oiRankScore,
    judgeStart: s.judgeStart?.toISOString() ?? null,
    judgeEnd: s.judgeEnd?.toISOString() ?? null,
    code: withCode ? s.code : null,
    errorMessage: s.errorMessage,
    version: s.version,
  };
}

/**
 * What a verdict hidden from the viewer leaves of a submission-like row (issue 23 §2a): `status` as given (Pending
 * or Submitted Unknown Result), and every field derived from the judging blanked when the row has it: score, OI
 * rank score, time, memory, error message, judger, manual flag, judge start and end, and version (0, as first
 * submitted; a rejudge would show otherwise). Returns a copy; the row itself is not changed.
 */
export function withholdVerdict<T extends object>(row: T, status: number): T & { status: number } {
  const out: Record<string, unknown> = { ...row, status };
  for (const [k, v] of Object.entries(WITHHELD)) if (k in row) out[k] = v;
  return out as T & { status: number };
}

/** The judging fields a hidden verdict shows, and the blank each shows as. */
const WITHHELD: Record<string, unknown> = {
  score: null,
  oiRankScore: null,
  time: null,
  memory: null,
  errorMessage: null,
  judger: null,
  isManual: false,
  judgeStart: null,
  judgeEnd: null,
  version: 0,
};
