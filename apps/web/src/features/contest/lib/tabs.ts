import { ContestAuth, ContestStatus, ContestType } from '@oj/shared';

/** Every tab of the contest shell (doc 2 §2.7), in display order; the route segment under /contest/:cid. */
export const CONTEST_TABS = [
  'overview',
  'problems',
  'submissions',
  'rank',
  'announcements',
  'clarifications',
  'ac-info',
  'rejudge',
  'comment',
  'print',
  'admin-print',
  'scroll-board',
] as const;
export type ContestTab = (typeof CONTEST_TABS)[number];

/** Who is looking and what the site allows, for the tab rules. */
export interface TabViewer {
  isContestAdmin: boolean;
  isSuperAdmin: boolean;
  openContestComment: boolean;
}

/**
 * The tabs doc 2 §2.7 shows for a contest and viewer: comment only when the site enables contest comments; print
 * when the contest has printing open; AC info and scroll board for contest admins in ACM contests; admin print for
 * contest admins when printing is open; rejudge for super admins. The rest always (clarifications, issue 10 §3:
 * everyone who sees the contest menu).
 */
export function visibleTabs(c: { type: number; openPrint: boolean }, v: TabViewer): ContestTab[] {
  const acm = c.type === ContestType.ACM;
  const shown: Record<ContestTab, boolean> = {
    overview: true,
    problems: true,
    submissions: true,
    rank: true,
    announcements: true,
    clarifications: true,
    'ac-info': v.isContestAdmin && acm,
    rejudge: v.isSuperAdmin,
    comment: v.openContestComment,
    print: c.openPrint,
    'admin-print': v.isContestAdmin && c.openPrint,
    'scroll-board': v.isContestAdmin && acm,
  };
  return CONTEST_TABS.filter((k) => shown[k]);
}

/**
 * Whether the contest menu (every tab but Overview) is disabled: never for contest admins; before the start for
 * everyone else; for a private contest until the viewer has registered with the password (doc 2 §2.7, §4.2).
 */
export function menuDisabled(
  c: { auth: number },
  phase: number,
  v: { isContestAdmin: boolean; access: boolean },
): boolean {
  if (v.isContestAdmin) return false;
  if (phase === ContestStatus.SCHEDULED) return true;
  return c.auth === ContestAuth.PRIVATE && !v.access;
}

/**
 * Whether the Overview shows the password form (doc 2 §5): a non-public contest the viewer has not registered for,
 * unless they administer it. In a protected contest registering is what allows submitting.
 */
export const needsPassword = (
  c: { auth: number },
  v: { isContestAdmin: boolean; registered: boolean },
): boolean => c.auth !== ContestAuth.PUBLIC && !v.isContestAdmin && !v.registered;
