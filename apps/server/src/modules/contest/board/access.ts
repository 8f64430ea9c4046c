import { ContestAuth, isSuperAdminRole } from '@oj/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../context.js';
import type { Db } from '../../../db/client.js';
import { contestRegisters } from '../../../db/schema/index.js';

/** The contest columns access is decided on. */
export interface AccessContest {
  id: number;
  auth: number;
  visible: boolean;
  uid: string | null;
}

/** A contest admin (doc 3 §6): a super admin or the contest's creator. */
export function isContestAdmin(user: SessionUser | null, c: Pick<AccessContest, 'uid'>): boolean {
  return user != null && (isSuperAdminRole(user.role) || (c.uid != null && c.uid === user.uid));
}

/**
 * May this signed-in user view the contest's pages (doc 2 §4.2, §6)? Contest admins always; others only when it
 * is visible, and for a private contest only once registered with its password. Public and protected contests
 * are open to every signed-in user.
 */
export async function canViewContest(db: Db, user: SessionUser, c: AccessContest): Promise<boolean> {
  if (isContestAdmin(user, c)) return true;
  if (!c.visible) return false;
  if (c.auth !== ContestAuth.PRIVATE) return true;
  const [r] = await db
    .select({ one: sql<number>`1` })
    .from(contestRegisters)
    .where(and(eq(contestRegisters.cid, c.id), eq(contestRegisters.uid, user.uid)));
  return r != null;
}
