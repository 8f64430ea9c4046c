/**
 * The clarification seam (issue 10 §3, §4): in-process listeners told when a clarification gets an answer. The
 * live-event stream (`GET /api/events`) subscribes here to push "answer arrived" to the asker (private answer) or
 * to everyone who may see the contest (public answer).
 *
 * Unlike the verdict seam (`contest.events.ts`), listeners run AFTER the transaction that stored the answer has
 * committed, so they may read the answer back and can never roll it back. A throwing or rejecting listener is
 * logged through the reporter (see `setClarificationErrorReporter`) and the others still run.
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

/** A listener; may be async. Its result is awaited (in registration order) but never fails the answer. */
export type ClarificationAnsweredListener = (event: ClarificationAnsweredEvent) => void | Promise<void>;

const listeners: ClarificationAnsweredListener[] = [];
let report: (err: unknown, event: ClarificationAnsweredEvent) => void = () => {};

/**
 * Registers `listener` for every answered clarification (after commit). Returns a function that removes it (tests,
 * a stream that shuts down).
 */
export function onClarificationAnswered(listener: ClarificationAnsweredListener): () => void {
  listeners.push(listener);
  return () => {
    const i = listeners.indexOf(listener);
    if (i >= 0) listeners.splice(i, 1);
  };
}

/** Sets where listener failures go (the app wires its logger here at start-up); default: dropped. */
export function setClarificationErrorReporter(
  fn: (err: unknown, event: ClarificationAnsweredEvent) => void,
): void {
  report = fn;
}

/**
 * Tells every listener that a clarification was answered. Call it only after the transaction committed. Never
 * throws: each listener's error is reported and the next listener runs.
 */
export async function clarificationAnswered(event: ClarificationAnsweredEvent): Promise<void> {
  for (const l of [...listeners]) {
    try {
      await l(event);
    } catch (err) {
      report(err, event);
    }
  }
}
