import { type AdminEditUserBody, type AdminUserRow, type Page, Role, UserStatus } from '@oj/shared';

export type { AdminUserRow };

import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { sessions, users } from '../../db/schema/users.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { endSessions } from '../../plugins/auth.js';
import { forgetSessions } from '../../plugins/session-cache.js';
import { hashPassword } from '../account/password.js';
import { likePattern } from '../problem/problem.query.js';

/**
 * GET /api/admin/user/get-user-list: users newest first, filtered by keyword (username, real name, nickname or
 * email, case-insensitive), role and status. Returns a Page of AdminUserRow.
 */
export async function adminListUsers(
  ctx: AppContext,
  q: { keyword?: string; role?: number; status?: number; currentPage: number; limit: number },
): Promise<Page<AdminUserRow>> {
  const kw = q.keyword?.trim();
  const conds: (SQL | undefined)[] = [];
  if (kw) {
    const p = likePattern(kw);
    conds.push(
      or(
        sql`${users.username} ilike ${p}`,
        sql`${users.realname} ilike ${p}`,
        sql`${users.nickname} ilike ${p}`,
        sql`${users.email} ilike ${p}`,
      ),
    );
  }
  if (q.role != null) conds.push(eq(users.role, q.role));
  if (q.status != null) conds.push(eq(users.status, q.status));
  const where = and(...conds);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        uid: users.uid,
        username: users.username,
        email: users.email,
        nickname: users.nickname,
        realname: users.realname,
        gender: users.gender,
        school: users.school,
        role: users.role,
        status: users.status,
        recentLoginTime: users.recentLoginTime,
        gmtCreate: users.gmtCreate,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.gmtCreate), users.username)
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
    ctx.db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    records: rows.map((r) => ({
      ...r,
      recentLoginTime: r.recentLoginTime?.toISOString() ?? null,
      gmtCreate: r.gmtCreate.toISOString(),
    })),
    total: Number(total),
    current: q.currentPage,
    size: q.limit,
  };
}

/**
 * PUT /api/admin/user/edit-user: sets role, status and/or a new password (hashed as registration does). Rules:
 * a super admin cannot change their own role or status (no self lock-out). As only an enabled super admin may
 * call this, the site therefore always keeps one. A new password or disabling ends the account's sessions.
 * Errors: 404 unknown uid, 400 on a change of one's own role or status.
 */
export async function adminEditUser(
  ctx: AppContext,
  actor: SessionUser,
  b: AdminEditUserBody,
): Promise<void> {
  const [u] = await ctx.db.select().from(users).where(eq(users.uid, b.uid)).limit(1);
  if (!u) throw notFound('account.userNotFound');
  const role = b.role ?? u.role;
  const status = b.status ?? u.status;
  if (u.uid === actor.uid && (role !== u.role || status !== u.status))
    throw badRequest('adminUser.ownRoleOrStatus');
  await ctx.db
    .update(users)
    .set({
      role,
      status,
      ...(b.password ? { passwordHash: await hashPassword(b.password) } : {}),
      gmtModified: new Date(),
    })
    .where(eq(users.uid, u.uid));
  if (b.password || (status !== UserStatus.NORMAL && u.status === UserStatus.NORMAL))
    await endSessions(ctx, { uid: u.uid });
  // Sessions read before the change carry the old role and status: forget them in every server process.
  else forgetSessions(ctx, { uid: u.uid });
}

/**
 * DELETE /api/admin/user/delete-user {ids}: deletes the accounts; their submissions, sessions and records go
 * with them (the schema's cascades, as HOJ removes a user's data). Refused with 400, deleting nothing, when ids
 * name the caller or any super admin (demote first). Unknown uids are ignored. Returns how many were deleted.
 */
export async function adminDeleteUsers(ctx: AppContext, actor: SessionUser, ids: string[]): Promise<number> {
  if (ids.includes(actor.uid)) throw badRequest('adminUser.deleteSelf');
  const roots = await ctx.db
    .select({ username: users.username })
    .from(users)
    .where(and(inArray(users.uid, ids), eq(users.role, Role.ROOT)));
  if (roots.length > 0)
    throw badRequest('adminUser.deleteSuperAdmin', { usernames: roots.map((r) => r.username).join(', ') });
  const gone = await ctx.db.delete(users).where(inArray(users.uid, ids)).returning({ uid: users.uid });
  for (const g of gone) forgetSessions(ctx, { uid: g.uid });
  return gone.length;
}

/**
 * POST /api/admin/user/revoke-sessions {uid, sessionId?}: ends one live session of the user (`sessionId`), or all
 * of them, in every server process; the user's next request with such a token answers 401. Returns { revoked }:
 * how many sessions ended (0 when the session had already ended). 404 "account.userNotFound" for an unknown uid.
 */
export async function adminRevokeSessions(
  ctx: AppContext,
  b: { uid: string; sessionId?: string },
): Promise<{ revoked: number }> {
  const [u] = await ctx.db.select({ uid: users.uid }).from(users).where(eq(users.uid, b.uid)).limit(1);
  if (!u) throw notFound('account.userNotFound');
  const gone = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.uid, u.uid), b.sessionId ? eq(sessions.id, b.sessionId) : undefined))
    .returning({ id: sessions.id });
  forgetSessions(ctx, b.sessionId ? { sid: b.sessionId } : { uid: u.uid });
  return { revoked: gone.length };
}
