import { GroupMemberAuth, GroupStatus, isAdminRole, isSuperAdminRole, NO_MEMBER_LEVEL } from '@oj/shared';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext, SessionUser } from '../../context.js';
import { groupMembers, groups } from '../../db/schema/index.js';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';

export type GroupRow = typeof groups.$inferSelect;

/**
 * A caller's standing in a group (doc 3 §4, §6), the one answer every group rule reads: `level` the member row's
 * level (0 none, 1 applying, 2 refused, 3 member, 4 admin, 5 root); `member` a member (level 3 and up) of a group
 * that is not disabled; `isGroupAdmin` level 4 and up; `isGroupRoot` level 5; the owner and super admins count as
 * roots (and members) whatever their row says; `visible` whether the caller may see the group at all (hidden
 * and disabled groups show to their members and super admins only).
 */
export interface GroupStanding {
  group: GroupRow;
  level: number;
  member: boolean;
  isGroupAdmin: boolean;
  isGroupRoot: boolean;
  isOwner: boolean;
  isSuperAdmin: boolean;
  visible: boolean;
}

/** Loads a group by id; 404 "The group does not exist" when absent. */
export async function loadGroup(ctx: AppContext, gid: number): Promise<GroupRow> {
  const [row] = await ctx.db.select().from(groups).where(eq(groups.id, gid)).limit(1);
  if (!row) throw notFound('group.notFound');
  return row;
}

/** The member level of `uid` in group `gid` (NO_MEMBER_LEVEL, 0, when the user has no row). */
export async function memberLevel(ctx: AppContext, gid: number, uid: string): Promise<number> {
  const [m] = await ctx.db
    .select({ auth: groupMembers.auth })
    .from(groupMembers)
    .where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, uid)))
    .limit(1);
  return m?.auth ?? NO_MEMBER_LEVEL;
}

/** The standing of `user` (null: anonymous) in `group`, from its member level (see GroupStanding). */
export function standingOf(user: SessionUser | null, group: GroupRow, level: number): GroupStanding {
  const isSuperAdmin = !!user && isSuperAdminRole(user.role);
  const isOwner = !!user && group.uid != null && group.uid === user.uid;
  const active = group.status === GroupStatus.NORMAL;
  const member = isSuperAdmin || (active && (isOwner || level >= GroupMemberAuth.MEMBER));
  const isGroupAdmin = isSuperAdmin || (active && (isOwner || level >= GroupMemberAuth.ADMIN));
  const isGroupRoot = isSuperAdmin || (active && (isOwner || level >= GroupMemberAuth.ROOT));
  const visible = isSuperAdmin || (active && (group.visible || member));
  return { group, level, member, isGroupAdmin, isGroupRoot, isOwner, isSuperAdmin, visible };
}

/**
 * groupAccess(ctx, user, gid or group row) -> GroupStanding: the caller's standing in the group (one query for the
 * group when given its id, one for the member row when signed in). 404 when the group does not exist. Never
 * refuses by itself: see openGroup / enterGroup / adminGroup / rootGroup.
 */
export async function groupAccess(
  ctx: AppContext,
  user: SessionUser | null,
  gidOrGroup: number | GroupRow,
): Promise<GroupStanding> {
  const group = typeof gidOrGroup === 'number' ? await loadGroup(ctx, gidOrGroup) : gidOrGroup;
  const level = user ? await memberLevel(ctx, group.id, user.uid) : 0;
  return standingOf(user, group, level);
}

/** A group the caller may see (doc 3 §6): 404 for unknown, hidden (non-members) and disabled (non-super-admin) groups. */
export async function openGroup(ctx: AppContext, user: SessionUser | null, gid: number) {
  const s = await groupAccess(ctx, user, gid);
  if (!s.visible) throw notFound('group.notFound');
  return s;
}

/**
 * A group whose inside (problems, trainings, contests, submissions, members, rank, announcements) the caller may
 * enter: 401 anonymous, 404 as openGroup, 403 "Only members of this group may do this" for non-members.
 */
export async function enterGroup(ctx: AppContext, user: SessionUser | null, gid: number) {
  if (!user) throw unauthorized();
  const s = await openGroup(ctx, user, gid);
  if (!s.member) throw forbidden('group.membersOnly');
  return { ...s, user };
}

/** enterGroup, then 403 unless a group admin (level 4 and up, the owner, a super admin). */
export async function adminGroup(ctx: AppContext, user: SessionUser | null, gid: number) {
  const s = await enterGroup(ctx, user, gid);
  if (!s.isGroupAdmin) throw forbidden('group.adminsOnly');
  return s;
}

/** enterGroup, then 403 unless a group root (level 5, the owner, a super admin). */
export async function rootGroup(ctx: AppContext, user: SessionUser | null, gid: number) {
  const s = await enterGroup(ctx, user, gid);
  if (!s.isGroupRoot) throw forbidden('group.rootsOnly');
  return s;
}

/**
 * SQL: the ids of groups where `uid` holds at least `level` (default member) in a group that is not disabled. The
 * one membership condition lists use (problems, submissions) so that they agree with standingOf. The owner always
 * holds a root row (the group service keeps it so).
 */
export function memberGroupIdsSql(uid: string, level: number = GroupMemberAuth.MEMBER): SQL {
  return sql`(SELECT ${groupMembers.gid} FROM ${groupMembers} JOIN ${groups} ON ${groups.id} = ${groupMembers.gid}
    WHERE ${and(eq(groupMembers.uid, uid), gte(groupMembers.auth, level), eq(groups.status, GroupStatus.NORMAL))})`;
}

/**
 * The uids of a group's roots (members of level 5; the owner always holds such a row): besides super admins and a
 * contest's creator, the admins of the group's contests (contestAdminIn). Empty for a disabled group, where only
 * super admins stand as roots (standingOf).
 */
export async function groupRootUids(ctx: AppContext, gid: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ uid: groupMembers.uid })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.gid))
    .where(
      and(
        eq(groupMembers.gid, gid),
        gte(groupMembers.auth, GroupMemberAuth.ROOT),
        eq(groups.status, GroupStatus.NORMAL),
      ),
    );
  return rows.map((r) => r.uid);
}

/** The `gid` of a request's query string when it holds a positive integer (read before validation), else null. */
function queryGid(req: FastifyRequest): number | null {
  const raw = (req.query as Record<string, unknown> | undefined)?.gid;
  const gid = Number(raw);
  return raw !== undefined && raw !== '' && Number.isSafeInteger(gid) && gid > 0 ? gid : null;
}

/**
 * onRequest hook of uploads an admin role or, for a group's content (`?gid=`), that group's admins may make (test
 * case zips, markdown files), checked before the body is read: with gid adminGroup (401 / 404 / 403), else
 * 401 / 403 unless an admin role.
 */
export async function needAdminOrGroupAdmin(req: FastifyRequest): Promise<void> {
  const user = requireUser(req);
  const gid = queryGid(req);
  if (gid != null) {
    await adminGroup(req.server.ctx, user, gid);
    return;
  }
  if (!isAdminRole(user.role)) throw forbidden('common.adminLoginFirst');
}

/** onRequest hook of uploads for a group's pages (`?gid=`: markdown images): the group's members only. */
export async function needGroupMemberIfGid(req: FastifyRequest): Promise<void> {
  const gid = queryGid(req);
  if (gid != null) await enterGroup(req.server.ctx, requireUser(req), gid);
}

/**
 * onRequest hook of the group routes with a raised body limit (group problem create / edit, group contest
 * problem, group compile checks; issue 23 §2b): refuses before the body is read anyone who cannot be an admin of
 * the group the body names. With `?gid=`: adminGroup (401 / 404 / 403). Without: 401 anonymous, 403 "Only the
 * admins of this group may do this" unless a super admin or an admin (level 4 and up) of some group that is not
 * disabled. The handler still checks the group the body names.
 */
export async function needSomeGroupAdmin(req: FastifyRequest): Promise<void> {
  const user = requireUser(req);
  const gid = queryGid(req);
  if (gid != null) {
    await adminGroup(req.server.ctx, user, gid);
    return;
  }
  if (isSuperAdminRole(user.role)) return;
  const [row] = await req.server.ctx.db
    .select({ gid: groupMembers.gid })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.gid))
    .where(
      and(
        eq(groupMembers.uid, user.uid),
        gte(groupMembers.auth, GroupMemberAuth.ADMIN),
        eq(groups.status, GroupStatus.NORMAL),
      ),
    )
    .limit(1);
  if (!row) throw forbidden('group.adminsOnly');
}
