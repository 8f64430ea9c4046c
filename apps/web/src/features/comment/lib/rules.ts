import { type CommentListVo, LIMITS, ROLE_NAME, Role } from '@oj/shared';

/**
 * The comment / reply text check of doc 1 §5: the trimmed text must not be empty and the text must not exceed
 * 10,000 characters. Returns the failure's key in the `comment` namespace, or null.
 */
export function checkCommentText(text: string): 'Content_empty' | 'Content_too_long' | null {
  if (!text.trim()) return 'Content_empty';
  if (text.length > LIMITS.commentMax) return 'Content_too_long';
  return null;
}

/** Who is looking at a comment section, and where it is (doc 1 §6). */
export interface CommentViewer {
  uid: string | null;
  /** Any admin role (admin, problem admin, super admin). */
  isAdmin: boolean;
  /** Inside a contest: whether the viewer administers it, and the contest owner's username. */
  contest?: { isContestAdmin: boolean; owner: string };
}

/**
 * Whether the viewer may delete a comment or reply by `fromUid` (doc 1 §6): the author always; outside a contest
 * any admin role; in a contest only its admins.
 */
export function canDelete(v: CommentViewer, fromUid: string): boolean {
  if (!v.uid) return false;
  if (v.uid === fromUid) return true;
  return v.contest ? v.contest.isContestAdmin : v.isAdmin;
}

/**
 * Whether replying to a comment or reply by (`fromUid`, `fromName`, `fromRole`) is offered (doc 1 §6): always
 * outside a contest; in a contest if the viewer wrote it, administers the contest, or the author is neither root
 * nor the contest's owner.
 */
export function canReply(
  v: CommentViewer,
  from: { fromUid: string; fromName: string; fromRole: string | null },
) {
  if (!v.contest) return true;
  if (v.uid === from.fromUid || v.contest.isContestAdmin) return true;
  return from.fromRole !== ROLE_NAME[Role.ROOT] && from.fromName !== v.contest.owner;
}

/**
 * The number a comment section shows (comments plus replies, doc 1 §2.7): from the loaded pages (the comments'
 * total and the replies of the comments loaded); before the first page arrives, `knownTotal` when the caller knows
 * it (a discussion's `commentNum`), else 0.
 */
export function sectionTotal(pages: readonly CommentListVo[], knownTotal?: number): number {
  if (!pages.length) return knownTotal ?? 0;
  const replies = pages.flatMap((p) => p.commentList.records).reduce((n, c) => n + (c.totalReplyNum ?? 0), 0);
  return pages[0].commentList.total + replies;
}
