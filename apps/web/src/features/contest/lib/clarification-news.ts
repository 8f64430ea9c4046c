import type { ContestClarificationUnreadVo, ContestClarificationVo } from '@oj/shared';

/**
 * What a fresh unread answer (issue 10 §3) brings that this browser tab has not announced yet: the answers to
 * notify about, and for contest admins how many questions arrived since the last check. Pure, so the notifier's
 * rule is testable: `announced` (ids already shown; updated here) and `lastUnanswered` (the previous count, null
 * before the first check, when nothing is announced for the queue) are the notifier's memory per contest.
 */
export function clarificationNews(
  data: ContestClarificationUnreadVo,
  announced: Set<number>,
  lastUnanswered: number | null,
): { answers: ContestClarificationVo[]; newQuestions: number } {
  const answers = data.records.filter((r) => !announced.has(r.id));
  for (const r of answers) announced.add(r.id);
  const newQuestions =
    data.unanswered != null && lastUnanswered != null ? Math.max(0, data.unanswered - lastUnanswered) : 0;
  return { answers, newQuestions };
}

/** The badge count of the Clarifications tab: unanswered questions for contest admins, else unread answers. */
export const clarificationBadge = (data: ContestClarificationUnreadVo | undefined): number =>
  data ? (data.unanswered ?? data.count) : 0;

/** A one-line excerpt of a text for a notification (at most `max` characters, whitespace folded). */
export function excerpt(text: string | null, max = 120): string {
  const s = (text ?? '').replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
