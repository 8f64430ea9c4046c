import {
  GroupAuth,
  GroupMemberAuth,
  type GroupMemberVo,
  LIMITS,
  NO_MEMBER_LEVEL,
  type Page,
} from '@oj/shared';
import { and, asc, count, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { groupMembers, users } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { likePattern } from '../problem/problem.query.js';
import { adminGroup, enterGroup, type GroupStanding, groupAccess, openGroup } from './group.access.js';
import { disbandGroup } from './group.service.js';

export interface MemberListQuery {
  gid: number;
  currentPage: number;
  limit: number;
  keyword?: string;
  auth?: number;
}

type MemberRow = typeof groupMembers.$inferSelect;

/** A page of member rows within the level range [from, to], filtered by username keyword and exact level. */
async function memberPage(
  ctx: AppContext,
  q: MemberListQuery,
  from: number,
  to: number,
  withReason: boolean,
): Promise<Page<GroupMemberVo>> {
  const conds: (SQL | undefined)[] = [
    eq(groupMembers.gid, q.gid),
    gte(groupMembers.auth, from),
    lte(groupMembers.auth, to),
  ];
  if (q.auth != null) conds.push(eq(groupMembers.auth, q.auth));
  const kw = q.keyword?.trim();
  if (kw) conds.push(ilike(users.username, likePattern(kw)));
  const where = and(...conds);
  const [rows, [c]] = await Promise.all([
    ctx.db
      .select({ m: groupMembers, username: users.username, avatar: users.avatar })
      .from(groupMembers)
      .innerJoin(users, eq(users.uid, groupMembers.uid))
      .where(where)
      .orderBy(asc(groupMembers.gmtCreate), asc(groupMembers.id))
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
    ctx.db
      .select({ n: count() })
      .from(groupMembers)
      .innerJoin(users, eq(users.uid, groupMembers.uid))
      .where(where),
  ]);
  return {
    records: rows.map(({ m, username, avatar }) => ({
      id: m.id,
      uid: m.uid,
      gid: m.gid,
      username,
      avatar,
      auth: m.auth,
      reason: withReason ? m.reason : null,
      gmtCreate: m.gmtCreate.toISOString(),
      gmtModify: m.gmtModified.toISOString(),
    })),
    total: Number(c?.n ?? 0),
    current: q.currentPage,
    size: q.limit,
  };
}

/**
 * GET /api/group/get-member-list (members; doc 3 §2 "Group members"): members (levels 3-5) in joining order with
 * their level; the application reason only for the group's admins.
 */
export async function listMembers(ctx: AppContext, user: SessionUser | null, q: MemberListQuery) {
  const s = await enterGroup(ctx, user, q.gid);
  return memberPage(ctx, q, GroupMemberAuth.MEMBER, GroupMemberAuth.ROOT, s.isGroupAdmin);
}

/** GET /api/group/get-apply-list (group admins): applications (level 1 applying, 2 refused) with their reasons. */
export async function listApplications(ctx: AppContext, user: SessionUser | null, q: MemberListQuery) {
  await adminGroup(ctx, user, q.gid);
  return memberPage(ctx, q, GroupMemberAuth.APPLYING, GroupMemberAuth.REFUSED, true);
}

/**
 * POST /api/group/member {gid, uid?, code?, reason?} (doc 3 §4 "Joining", §5 apply dialog): a public group is
 * joined at once (level 3); a protected one takes an application with a reason of 5-100 characters; a private one
 * also needs the 6-character invitation code (400 when wrong). Applications wait at level 1. 400 for members,
 * pending and refused applicants; 404 for groups the caller cannot see (hidden ones). Returns the new level.
 */
export async function addMember(
  ctx: AppContext,
  user: SessionUser,
  b: { gid: number; uid?: string; code?: string; reason?: string },
): Promise<{ auth: number }> {
  if (b.uid && b.uid !== user.uid) throw forbidden('group.uidNotYou');
  const s = await openGroup(ctx, user, b.gid);
  assertMayApply(s);
  const g = s.group;
  let auth: number = GroupMemberAuth.MEMBER;
  let reason: string | null = null;
  if (g.auth !== GroupAuth.PUBLIC) {
    if (g.auth === GroupAuth.PRIVATE) {
      if (!b.code) throw badRequest('validation.required', { field: 'code' });
      if (b.code !== g.code) throw badRequest('group.wrongCode');
    }
    reason = b.reason ?? '';
    if (reason.length < LIMITS.applyReasonMin || reason.length > LIMITS.applyReasonMax) {
      throw badRequest('group.reasonLength', { min: LIMITS.applyReasonMin, max: LIMITS.applyReasonMax });
    }
    auth = GroupMemberAuth.APPLYING;
  }
  const inserted = await ctx.db
    .insert(groupMembers)
    .values({ gid: g.id, uid: user.uid, auth, reason })
    .onConflictDoNothing()
    .returning({ id: groupMembers.id });
  // A second request raced this one: answer as if it had come first.
  if (!inserted.length) assertMayApply(await groupAccess(ctx, user, g.id));
  return { auth };
}

/** 400 for a caller who is already a member, is waiting for approval, or was refused. */
function assertMayApply(s: GroupStanding): void {
  if (s.isOwner || s.level >= GroupMemberAuth.MEMBER) throw badRequest('group.alreadyMember');
  if (s.level === GroupMemberAuth.APPLYING) throw badRequest('group.alreadyApplying');
  if (s.level === GroupMemberAuth.REFUSED) throw badRequest('group.applicationRefused');
}

/** The member row of `uid` in the group; 404 "The user is not in this group". */
async function loadMember(ctx: AppContext, gid: number, uid: string): Promise<MemberRow> {
  const [m] = await ctx.db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, uid)))
    .limit(1);
  if (!m) throw notFound('group.memberNotFound');
  return m;
}

/**
 * The rule of doc 3 §4 "Member auth levels" for acting on `target` (group admins only): never on oneself nor on the
 * owner (400); the owner and super admins are unrestricted; anyone else only on members below their own level (403).
 */
function assertMayManage(s: GroupStanding, actor: SessionUser, target: MemberRow): void {
  if (target.uid === actor.uid) throw badRequest('group.notYourself');
  if (target.uid === s.group.uid) throw badRequest('group.ownerFixed');
  if (s.isOwner || s.isSuperAdmin) return;
  if (target.auth >= s.level) throw forbidden('group.memberNotBelowYou');
}

/**
 * PUT /api/group/member {gid, uid, auth} (group admins): sets a member's or applicant's level, which also approves
 * (1 -> 3) and refuses (1 -> 2) applications. Levels only below the actor's own, unless owner or super admin (403).
 */
export async function updateMember(
  ctx: AppContext,
  user: SessionUser,
  b: { gid: number; uid: string; auth: number },
): Promise<void> {
  const s = await adminGroup(ctx, user, b.gid);
  const target = await loadMember(ctx, b.gid, b.uid);
  assertMayManage(s, user, target);
  if (!s.isOwner && !s.isSuperAdmin && b.auth >= s.level) throw forbidden('group.levelNotBelowYours');
  await ctx.db
    .update(groupMembers)
    .set({ auth: b.auth, gmtModified: new Date() })
    .where(eq(groupMembers.id, target.id));
}

/**
 * DELETE /api/group/member?gid&uid (group admins): removes a member or an application (a refused user may then
 * apply again). Kicking the owner (the owner or a super admin only) disbands the group (doc 3 §4).
 */
export async function removeMember(
  ctx: AppContext,
  user: SessionUser,
  gid: number,
  uid: string,
): Promise<void> {
  const s = await adminGroup(ctx, user, gid);
  if (uid === s.group.uid) {
    if (!s.isOwner && !s.isSuperAdmin) throw forbidden('group.memberNotBelowYou');
    await disbandGroup(ctx, user, gid);
    return;
  }
  const target = await loadMember(ctx, gid, uid);
  assertMayManage(s, user, target);
  await ctx.db.delete(groupMembers).where(eq(groupMembers.id, target.id));
}

/**
 * DELETE /api/group/member/exit?gid (login): leaves the group, or withdraws one's application. 400 for the owner
 * (disband instead) and for callers who are not in the group.
 */
export async function exitGroup(ctx: AppContext, user: SessionUser, gid: number): Promise<void> {
  const s = await groupAccess(ctx, user, gid);
  if (s.isOwner) throw badRequest('group.ownerCannotExit');
  if (s.level === NO_MEMBER_LEVEL) throw badRequest('group.notMember');
  await ctx.db.delete(groupMembers).where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, user.uid)));
}
