import { z } from 'zod';
import { CLARIFICATION_LIMITS } from '../constants/contest-limits.js';
import { pageQuery, queryBool } from './common.js';
import { cidField } from './contest.js';

export { CLARIFICATION_LIMITS } from '../constants/contest-limits.js';

/**
 * Contest clarifications (issue 10 §3; none in HOJ, so the paths are ours in HOJ's style): request bodies,
 * queries and answers of the participant calls and the contest-admin calls. Rules: docs/contests.md
 * "Clarifications".
 */
const idField = (name: string) =>
  z.coerce
    .number({ error: `${name} is required` })
    .int(`${name} must be an integer`)
    .min(1, `${name} must be a positive integer`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is out of range`);

/** The problem's display id in the contest; absent, null or blank: the whole contest (general). */
const displayIdField = z
  .string()
  .trim()
  .max(CLARIFICATION_LIMITS.displayIdMax)
  .nullish()
  .transform((v) => (v ? v : null));

const text = (max: number) => z.string().trim().min(1).max(max);

/** POST /api/submit-contest-clarification: a participant's question. */
export const submitClarificationBody = z.object({
  cid: cidField,
  displayId: displayIdField,
  content: text(CLARIFICATION_LIMITS.questionMax),
});
export type SubmitClarificationBody = z.infer<typeof submitClarificationBody>;

const pageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(300)
  .catch(CLARIFICATION_LIMITS.page)
  .default(CLARIFICATION_LIMITS.page);

/** GET /api/get-contest-clarification: cid and paging (20 a page by default). */
export const clarificationPageQuery = pageQuery.extend({ cid: cidField, limit: pageSize });

/** GET /api/admin/contest/clarification: cid, paging, and `onlyUnanswered`. */
export const adminClarificationQuery = clarificationPageQuery.extend({ onlyUnanswered: queryBool });

/** An announcement made from the answer needs a public answer. */
const announceNeedsPublic = (b: { announce: boolean; public: boolean }) => !b.announce || b.public;

/**
 * PUT /api/admin/contest/clarification: answer a question, or edit the answer (and the question's wording as the
 * public will read it). `announce` also posts the answer as a contest announcement (public answers only).
 */
export const answerClarificationBody = z
  .object({
    id: idField('id'),
    cid: cidField,
    answer: text(CLARIFICATION_LIMITS.answerMax),
    public: z.boolean({ error: 'public must be true or false' }),
    question: text(CLARIFICATION_LIMITS.questionMax).optional(),
    announce: z.boolean().default(false),
    announceTitle: z.string().trim().max(CLARIFICATION_LIMITS.announceTitleMax).optional(),
  })
  .refine(announceNeedsPublic, {
    message: 'announce: only a public answer can become an announcement',
    path: ['announce'],
  });
export type AnswerClarificationBody = z.infer<typeof answerClarificationBody>;

/** POST /api/admin/contest/clarification: a clarification to everyone, unprompted (always public). */
export const postClarificationBody = z.object({
  cid: cidField,
  displayId: displayIdField,
  answer: text(CLARIFICATION_LIMITS.answerMax),
  announce: z.boolean().default(false),
  announceTitle: z.string().trim().max(CLARIFICATION_LIMITS.announceTitleMax).optional(),
});
export type PostClarificationBody = z.infer<typeof postClarificationBody>;

/** DELETE /api/admin/contest/clarification?id=. */
export const clarificationIdQuery = z.object({ id: idField('id') });

/** PUT /api/read-contest-clarification: mark `ids` read, or (no ids) every answer the caller sees in the contest. */
export const readClarificationBody = z.object({
  cid: cidField,
  ids: z.array(idField('ids')).max(CLARIFICATION_LIMITS.readIdsMax).optional(),
});

/**
 * A clarification as the lists send it. Participants get their own questions (answered or not) and every public
 * one; `username` (the asker) is shown to contest admins and to the asker only, `answerUsername` to admins only.
 */
export interface ContestClarificationVo {
  id: number;
  cid: number;
  /** The problem id and its display id; null: general (the whole contest). */
  pid: number | null;
  displayId: string | null;
  /** Null: a clarification an admin posted unprompted. */
  question: string | null;
  /** Null: not answered yet. */
  answer: string | null;
  public: boolean;
  /** Asked by the caller. */
  mine: boolean;
  username: string | null;
  answerUsername: string | null;
  announcementId: number | null;
  /** Answered, shown to the caller as a participant, not answered by the caller, and not read yet. */
  unread: boolean;
  gmtCreate: string;
  gmtAnswered: string | null;
  gmtModified: string;
}

/** GET /api/get-contest-not-read-clarification: unread answers (newest first) and, for contest admins, the queue. */
export interface ContestClarificationUnreadVo {
  /** How many answers the caller has not read (exact). */
  count: number;
  /** Their ids, newest first (at most 100). */
  ids: number[];
  /** The unread answers, newest first (at most 100). */
  records: ContestClarificationVo[];
  /** Contest admins: unanswered questions in the contest; null for everybody else. */
  unanswered: number | null;
}
