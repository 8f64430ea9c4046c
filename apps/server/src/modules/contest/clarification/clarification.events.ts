/**
 * The clarification event (issue 10 §3, §4): `clarification/answered` on the app's hub (app-events.ts), told when a
 * clarification gets an answer. The live-event stream (`GET /api/events`) listens there to push "answer arrived" to
 * the asker (private answer) or to everyone who may see the contest (public answer).
 *
 * Unlike the verdict events (`contest.events.ts`), it is emitted AFTER the transaction that stored the answer has
 * committed (`ctx.events.settle`), so listeners may read the answer back and can never roll it back. A throwing or
 * rejecting listener is logged through the app's logger and the others still run.
 */

/** A clarification was answered (privately or to everyone), an answer was edited, or an admin posted one unprompted. */
export interface ClarificationAnsweredEvent {
  /** The contest id. */
  cid: number;
  /** The clarification's id (`contest_clarifications.id`). */
  clarificationId: number;
  /** True: every viewer of the contest sees the answer; false: only the asker (and contest admins). */
  public: boolean;
  /** The participant who asked; null for a clarification a contest admin posted unprompted. */
  askerUid: string | null;
  /** The problem id (`problem.id`, not the contest display id) it is about; null: the whole contest (general). */
  pid: number | null;
}
