/**
 * Limits of the contest helpers (announcements, AC info, print) and of clarifications, apart from their zod schemas
 * (`schemas/contest-helpers.ts`, `schemas/contest-clarification.ts`, which re-export them): the web app's contest
 * pages read only these, and importing a schema module builds its schemas at load, so every contest page loaded zod
 * (issue 25 item 21, docs/web.md).
 */

/** Contest helpers (issue 10 §1; doc 2 §3 "Contest announcement", "AC info", "Contest print"): sizes and pages. */
export const CONTEST_HELPER_LIMITS = {
  announcementTitleMax: 255,
  announcementContentMax: 65_535,
  readListMax: 1000,
  acInfoPage: 20,
  printPage: 15,
  printMin: 50,
  printMax: 65_535,
  /** One print job per participant and contest in this many seconds. */
  printIntervalS: 30,
} as const;

/** Contest clarifications (issue 10 §3; docs/contests.md "Clarifications"): sizes, pages and pacing. */
export const CLARIFICATION_LIMITS = {
  /** A question, trimmed: 1..1000 characters. */
  questionMax: 1000,
  /** An answer (or an unprompted post), trimmed: 1..5000 characters. */
  answerMax: 5000,
  /** One question per participant and contest in this many seconds. */
  intervalS: 30,
  /** At most this many unanswered questions per participant and contest. */
  unansweredMax: 10,
  /** Page size of both lists. */
  page: 20,
  /** The unread call returns at most this many records (the count is exact). */
  unreadMax: 100,
  /** Ids one mark-read call may name. */
  readIdsMax: 1000,
  /** The announcement title made from an answer. */
  announceTitleMax: 255,
  /** A contest display id. */
  displayIdMax: 100,
} as const;
