import { ContestAuth, ContestStatus, ContestType } from '@oj/shared';

/**
 * Whether results show in real time to this viewer (doc 2 §2.8, §5): not in a running OI contest for anyone but
 * its admins.
 */
export const realTimeResults = (c: { type: number }, phase: number, isContestAdmin: boolean): boolean =>
  isContestAdmin || c.type !== ContestType.OI || phase !== ContestStatus.RUNNING;

/**
 * Why this viewer cannot submit now (doc 2 §6), as a `contest` namespace key, or null when they can: before the
 * start unless admin; after the end unless allowEndSubmit; in a non-public contest until registered.
 */
export function submitBlock(
  c: { auth: number; allowEndSubmit: boolean },
  phase: number,
  v: { isContestAdmin: boolean; registered: boolean },
): string | null {
  if (v.isContestAdmin) return null;
  if (phase === ContestStatus.SCHEDULED) return 'Contest_not_started';
  if (phase === ContestStatus.ENDED && !c.allowEndSubmit) return 'Contest_has_ended';
  if (c.auth !== ContestAuth.PUBLIC && !v.registered) return 'Register_first';
  return null;
}
