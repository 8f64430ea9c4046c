import { GroupMemberAuth } from '@oj/shared';

/** Who acts on the member table: their level, whether they are the owner or a super admin, their uid. */
export interface MemberActor {
  uid: string | undefined;
  level: number;
  /** The owner and super admins are unrestricted (doc 3 §4). */
  unrestricted: boolean;
}

/** A row of the member table: the member's uid and level; `owner` when it is the group's owner. */
export interface MemberRowFacts {
  uid: string;
  auth: number;
  owner: boolean;
}

/** Every member level, 1 applying … 5 root (doc 3 §4). */
export const MEMBER_LEVELS = [
  GroupMemberAuth.APPLYING,
  GroupMemberAuth.REFUSED,
  GroupMemberAuth.MEMBER,
  GroupMemberAuth.ADMIN,
  GroupMemberAuth.ROOT,
] as const;

/**
 * Whether the level select of `row` is disabled (doc 3 §4): always for oneself and the owner's row; for a
 * restricted admin also for members at or above their own level.
 */
export function levelSelectDisabled(actor: MemberActor, row: MemberRowFacts): boolean {
  if (row.uid === actor.uid || row.owner) return true;
  return !actor.unrestricted && row.auth >= actor.level;
}

/** Whether `level` may be chosen: a restricted admin sets only levels below their own. */
export function levelOptionDisabled(actor: MemberActor, level: number): boolean {
  return !actor.unrestricted && level >= actor.level;
}

/**
 * Whether the delete button shows (doc 3 §6): when the actor is the owner (or a super admin) or the member's level
 * is below the actor's, and never for oneself or the owner's row.
 */
export function canRemoveMember(actor: MemberActor, row: MemberRowFacts): boolean {
  if (row.uid === actor.uid || row.owner) return false;
  return actor.unrestricted || row.auth < actor.level;
}
