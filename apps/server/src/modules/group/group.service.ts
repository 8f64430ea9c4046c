import {
  type CreateGroupBody,
  type GroupAccessVo,
  GroupAuth,
  type GroupListQuery,
  GroupMemberAuth,
  GroupStatus,
  type GroupVo,
  isAdminRole,
  isSuperAdminRole,
  type Page,
  type UpdateGroupBody,
} from '@oj/shared';
import { and, count, desc, eq, gte, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { announcements, groupMembers, groups, problems, userRecords } from '../../db/schema/index.js';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.js';
import { isUniqueViolation } from '../account/user-info.js';
import { likePattern } from '../problem/problem.query.js';
import {
  type GroupRow,
  type GroupStanding,
  memberGroupIdsSql,
  openGroup,
  rootGroup,
} from './group.access.js';

/** Member counts (level 3 and up) of the given groups, by gid. One query. */
async function memberCounts(ctx: AppContext, gids: number[]): Promise<Map<number, number>> {
  if (!gids.length) return new Map();
  const rows = await ctx.db
    .select({ gid: groupMembers.gid, n: count() })
    .from(groupMembers)
    .where(and(inArray(groupMembers.gid, gids), gte(groupMembers.auth, GroupMemberAuth.MEMBER)))
    .groupBy(groupMembers.gid);
  return new Map(rows.map((r) => [r.gid, Number(r.n)]));
}

/** A group row as the API shows it (doc 3 §3); `code` only when `withCode` (the group's roots). */
export function toGroupVo(g: GroupRow, memberCount: number, detail = false, withCode = false): GroupVo {
  const vo: GroupVo = {
    id: g.id,
    avatar: g.avatar,
    name: g.name,
    shortName: g.shortName,
    brief: g.brief,
    owner: g.owner,
    uid: g.uid,
    auth: g.auth,
    visible: g.visible,
    status: g.status,
    memberCount,
    gmtCreate: g.gmtCreate.toISOString(),
    gmtModified: g.gmtModified.toISOString(),
  };
  if (detail) vo.description = g.description;
  if (withCode) vo.code = g.code;
  return vo;
}

/**
 * GET /api/get-group-list (doc 3 §2 "Group list", §7): groups newest first, filtered by keyword (name, short name,
 * brief), auth and onlyMine (the caller's groups, level 3 and up; 401 when not signed in). Everyone sees visible
 * groups; hidden ones show to their members; disabled ones to super admins only. Page of GroupVo.
 */
export async function listGroups(
  ctx: AppContext,
  viewer: SessionUser | null,
  q: GroupListQuery,
): Promise<Page<GroupVo>> {
  const conds: (SQL | undefined)[] = [];
  const root = isSuperAdminRole(viewer?.role);
  const mine = viewer ? sql`${groups.id} IN ${memberGroupIdsSql(viewer.uid)}` : undefined;
  if (q.onlyMine) {
    if (!viewer) throw unauthorized();
    conds.push(mine);
  } else if (!root) {
    const open = and(eq(groups.visible, true), eq(groups.status, GroupStatus.NORMAL));
    conds.push(mine ? or(open, mine) : open);
  }
  const kw = q.keyword?.trim();
  if (kw) {
    const p = likePattern(kw);
    conds.push(or(ilike(groups.name, p), ilike(groups.shortName, p), ilike(groups.brief, p)));
  }
  if (q.auth != null) conds.push(eq(groups.auth, q.auth));
  const where = and(...conds);
  const [rows, [c]] = await Promise.all([
    ctx.db
      .select()
      .from(groups)
      .where(where)
      .orderBy(desc(groups.id))
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
    ctx.db.select({ n: count() }).from(groups).where(where),
  ]);
  const counts = await memberCounts(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    records: rows.map((g) => toGroupVo(g, counts.get(g.id) ?? 0)),
    total: Number(c?.n ?? 0),
    current: q.currentPage,
    size: q.limit,
  };
}

/**
 * GET /api/get-group-detail?gid= (doc 3 §2 "Group home"): the group with its description and member count, the
 * invitation code for its roots. Open to visitors for a visible group; 404 unknown, hidden to non-members, disabled.
 */
export async function groupDetail(
  ctx: AppContext,
  viewer: SessionUser | null,
  gid: number,
): Promise<GroupVo> {
  const s = await openGroup(ctx, viewer, gid);
  const counts = await memberCounts(ctx, [gid]);
  return toGroupVo(s.group, counts.get(gid) ?? 0, true, s.isGroupRoot);
}

/** GET /api/get-group-access?gid= (login): the caller's standing (GroupAccessVo); 404 as openGroup. */
export async function groupAccessVo(ctx: AppContext, user: SessionUser, gid: number): Promise<GroupAccessVo> {
  const s = await openGroup(ctx, user, gid);
  return accessVo(s);
}

/** The API view of a standing. */
export function accessVo(s: GroupStanding): GroupAccessVo {
  return {
    access: s.member,
    level: s.level,
    isGroupAdmin: s.isGroupAdmin,
    isGroupRoot: s.isGroupRoot,
    isOwner: s.isOwner,
  };
}

/**
 * The site's limits on ordinary users creating groups (doc 1 §6, doc 3 System Config "group"; switch section
 * defaultCreateGroupACInitValue / DailyLimit / Limit): at least that many accepted problems, at most that many new
 * groups a day (UTC) and that many owned in all. Admin roles are exempt. 403 naming the limit.
 */
async function assertMayCreate(ctx: AppContext, user: SessionUser): Promise<void> {
  if (isAdminRole(user.role)) return;
  const sw = await ctx.config.get('switch');
  const [rec] = await ctx.db
    .select({ ac: userRecords.ac })
    .from(userRecords)
    .where(eq(userRecords.uid, user.uid));
  if ((rec?.ac ?? 0) < sw.defaultCreateGroupACInitValue) {
    throw forbidden('group.createAcRequired', { count: sw.defaultCreateGroupACInitValue });
  }
  const [n] = await ctx.db
    .select({
      total: count(),
      today: sql<number>`count(*) FILTER (WHERE ${groups.gmtCreate} >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int`,
    })
    .from(groups)
    .where(eq(groups.uid, user.uid));
  if (Number(n?.today ?? 0) >= sw.defaultCreateGroupDailyLimit) {
    throw forbidden('group.createDailyLimit', { count: sw.defaultCreateGroupDailyLimit });
  }
  if (Number(n?.total ?? 0) >= sw.defaultCreateGroupLimit) {
    throw forbidden('group.createTotalLimit', { count: sw.defaultCreateGroupLimit });
  }
}

/** 400 naming the field when another group (not `exceptId`) already has this name or short name (case-insensitive). */
async function assertNamesFree(
  ctx: AppContext,
  names: { name?: string; shortName?: string },
  exceptId?: number,
): Promise<void> {
  const other = (c: SQL) =>
    ctx.db
      .select({ id: groups.id })
      .from(groups)
      .where(and(c, exceptId ? sql`${groups.id} <> ${exceptId}` : undefined))
      .limit(1);
  if (names.name && (await other(sql`lower(${groups.name}) = lower(${names.name})`)).length) {
    throw badRequest('group.nameExists', { name: names.name });
  }
  if (names.shortName && (await other(sql`upper(${groups.shortName}) = upper(${names.shortName})`)).length) {
    throw badRequest('group.shortNameExists', { shortName: names.shortName });
  }
}

/** A unique violation of the groups table as the 400 of its field. */
function nameClash(e: unknown, names: { name?: string; shortName?: string }): unknown {
  if (!isUniqueViolation(e)) return e;
  const text = String((e as { cause?: { message?: string }; message?: string }).cause?.message ?? e);
  return text.includes('short_name')
    ? badRequest('group.shortNameExists', { shortName: names.shortName ?? '' })
    : badRequest('group.nameExists', { name: names.name ?? '' });
}

/**
 * POST /api/group (login; doc 3 §5 create form) -> GroupVo. The caller becomes the owner and a root member; the
 * site's creation limits apply to ordinary users (403). 400 when the name or short name is taken.
 */
export async function createGroup(ctx: AppContext, user: SessionUser, b: CreateGroupBody): Promise<GroupVo> {
  await assertMayCreate(ctx, user);
  await assertNamesFree(ctx, b);
  try {
    const g = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(groups)
        .values({
          name: b.name,
          shortName: b.shortName,
          brief: b.brief,
          description: b.description,
          auth: b.auth,
          code: b.code ?? null,
          visible: b.visible,
          uid: user.uid,
          owner: user.username,
        })
        .returning();
      await tx.insert(groupMembers).values({ gid: row.id, uid: user.uid, auth: GroupMemberAuth.ROOT });
      return row;
    });
    return toGroupVo(g, 1, true, true);
  } catch (e) {
    throw nameClash(e, b);
  }
}

/**
 * PUT /api/group {id, fields to change} (group roots and super admins) -> GroupVo. The short name cannot change
 * once the group has problems (their ids carry it); only super admins set `status`. 400 on taken names.
 */
export async function updateGroup(ctx: AppContext, user: SessionUser, b: UpdateGroupBody): Promise<GroupVo> {
  const s = await rootGroup(ctx, user, b.id);
  if (b.status != null && b.status !== s.group.status && !s.isSuperAdmin) {
    throw forbidden('group.statusRootOnly');
  }
  const shortNameChanges =
    b.shortName != null && b.shortName.toUpperCase() !== s.group.shortName.toUpperCase();
  if (shortNameChanges) {
    const [n] = await ctx.db.select({ n: count() }).from(problems).where(eq(problems.gid, b.id));
    if (Number(n?.n ?? 0) > 0) throw badRequest('group.shortNameLocked');
  }
  await assertNamesFree(ctx, { name: b.name, shortName: b.shortName }, b.id);
  const auth = b.auth ?? s.group.auth;
  const code = b.code ?? s.group.code;
  if (auth !== GroupAuth.PUBLIC && !code) throw badRequest('validation.required', { field: 'code' });
  const set = {
    name: b.name,
    shortName: b.shortName,
    brief: b.brief,
    description: b.description,
    auth,
    code,
    visible: b.visible,
    status: b.status,
    gmtModified: new Date(),
  };
  try {
    const [row] = await ctx.db.update(groups).set(set).where(eq(groups.id, b.id)).returning();
    const counts = await memberCounts(ctx, [b.id]);
    return toGroupVo(row, counts.get(b.id) ?? 0, true, true);
  } catch (e) {
    throw nameClash(e, b);
  }
}

/**
 * DELETE /api/group?gid= (the owner or a super admin; doc 3 §6) and the kick of the owner: disbands the group. Its
 * member rows and announcements go with it; its problems, trainings, contests and submissions stay stored but
 * belong to no group any more, so nobody but super admins reaches them (nothing anyone solved is rewritten).
 */
export async function disbandGroup(ctx: AppContext, user: SessionUser, gid: number): Promise<void> {
  const s = await openGroup(ctx, user, gid);
  if (!s.isOwner && !s.isSuperAdmin) throw forbidden('group.ownerOnly');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(announcements).where(eq(announcements.gid, gid));
    await tx.delete(groups).where(eq(groups.id, gid));
  });
}
