import {
  type AdminContestListItem,
  type AdminContestVo,
  ContestAuth,
  type ContestBody,
  isSuperAdminRole,
  type Page,
} from '@oj/shared';
import { and, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contestRegisters, contests } from '../../db/schema/index.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { likePattern } from '../problem/problem.query.js';
import { type ContestRow, contestAdminIn, loadContest } from './contest.access.js';
import { sealColumns } from './contest.clock.js';
import { forgetContest } from './contest.reads.js';
import { registrationCounts, toAdminContestVo, toContestVo } from './contest.view.js';

/**
 * Loads a contest the caller administers (creator or super admin; for a group's contest also its group roots,
 * contestAdminIn; doc 3 §6); 403 otherwise, 404 when absent.
 */
export async function loadAdministeredContest(
  ctx: AppContext,
  user: SessionUser,
  cid: number,
): Promise<ContestRow> {
  const c = await loadContest(ctx, cid);
  if (!(await contestAdminIn(ctx, user, c))) throw forbidden('contest.manageOwnerOnly');
  return c;
}

/** The stored columns of a validated contest body (doc 3 §3); times become instants. */
function columnsOf(b: ContestBody) {
  return {
    title: b.title,
    description: b.description,
    type: b.type,
    auth: b.auth,
    pwd: b.auth === ContestAuth.PUBLIC ? null : (b.pwd ?? null),
    startTime: new Date(b.startTime),
    endTime: new Date(b.endTime),
    ...sealColumns(b),
    autoRealRank: b.autoRealRank,
    openRank: b.openRank,
    openPrint: b.openPrint,
    allowEndSubmit: b.allowEndSubmit,
    rankShowName: b.rankShowName,
    openAccountLimit: b.openAccountLimit,
    accountLimitRule: b.accountLimitRule ?? null,
    starAccount: b.starAccount,
    oiRankScoreType: b.oiRankScoreType,
    awardType: b.awardType,
    awardConfig: b.awardConfigList,
    visible: b.visible,
  };
}

/**
 * GET /api/admin/contest/get-contest-list (doc 3 contest admin): site contests newest first, keyword on the title;
 * a super admin sees every contest, other admin roles the contests they created. With `gid`: every contest of
 * that group (the group's admin list; the caller checks the group admin rule, actions follow contestAdminIn).
 */
export async function adminListContests(
  ctx: AppContext,
  user: SessionUser,
  q: { keyword?: string; currentPage: number; limit: number },
  gid?: number,
): Promise<Page<AdminContestListItem>> {
  const conds: (SQL | undefined)[] = [gid != null ? eq(contests.gid, gid) : eq(contests.isGroup, false)];
  if (gid == null && !isSuperAdminRole(user.role)) conds.push(eq(contests.uid, user.uid));
  const kw = q.keyword?.trim();
  if (kw) conds.push(ilike(contests.title, likePattern(kw)));
  const where = and(...conds);
  const [rows, [c]] = await Promise.all([
    ctx.db
      .select()
      .from(contests)
      .where(where)
      .orderBy(desc(contests.id))
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(contests).where(where),
  ]);
  const now = new Date();
  const counts = await registrationCounts(
    ctx,
    rows.map((r) => r.id),
  );
  const records = rows.map((r) => ({
    ...toContestVo(r, now, counts.get(r.id) ?? 0),
    visible: r.visible,
    uid: r.uid,
    gmtCreate: r.gmtCreate.toISOString(),
  }));
  return { records, total: Number(c?.n ?? 0), current: q.currentPage, size: q.limit };
}

/** GET /api/admin/contest?cid= (contest admin) -> every field, password included. */
export async function adminGetContest(
  ctx: AppContext,
  user: SessionUser,
  cid: number,
): Promise<AdminContestVo> {
  const c = await loadAdministeredContest(ctx, user, cid);
  const counts = await registrationCounts(ctx, [cid]);
  return toAdminContestVo(c, new Date(), counts.get(cid) ?? 0);
}

/**
 * POST /api/admin/contest (admin roles) -> { cid }. The caller becomes the creator (uid, author). A start time in
 * the past is allowed (the contest is then running or ended at once). `gid` files it as that group's contest (the
 * group routes check the caller first).
 */
export async function adminCreateContest(
  ctx: AppContext,
  user: SessionUser,
  b: ContestBody,
  gid?: number,
): Promise<{ cid: number }> {
  const [row] = await ctx.db
    .insert(contests)
    .values({ ...columnsOf(b), uid: user.uid, author: user.username, gid: gid ?? null, isGroup: gid != null })
    .returning({ id: contests.id });
  return { cid: row.id };
}

/**
 * PUT /api/admin/contest body with `id` (contest admin): replaces the editable fields. 400 when the rule type
 * changes (doc 3 §4: fixed on edit). A new password on a non-public contest drops every registration (HOJ does),
 * so participants enter the new one. Board listeners hear a 'settings' change.
 */
export async function adminUpdateContest(ctx: AppContext, user: SessionUser, b: ContestBody): Promise<void> {
  if (b.id == null) throw badRequest('validation.required', { field: 'id' });
  const c = await loadAdministeredContest(ctx, user, b.id);
  if (b.type !== c.type) throw badRequest('contest.typeFixed');
  const cols = columnsOf(b);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(contests)
      .set({ ...cols, gmtModified: new Date() })
      .where(eq(contests.id, c.id));
    if (cols.auth !== ContestAuth.PUBLIC && cols.pwd !== c.pwd) {
      await tx.delete(contestRegisters).where(eq(contestRegisters.cid, c.id));
    }
    await ctx.events.emit('contest/changed', tx, { cid: c.id, what: 'settings', before: c });
  });
  forgetContest(c.id); // again after the commit: a read between the listener's forget and the commit kept the old row
}

/**
 * DELETE /api/admin/contest?cid= (contest admin): deletes the contest with its problem list and registrations.
 * Its submissions stay (they keep their cid) so that users' histories and problem counters do not change.
 */
export async function adminDeleteContest(ctx: AppContext, user: SessionUser, cid: number): Promise<void> {
  await loadAdministeredContest(ctx, user, cid);
  await ctx.db.transaction(async (tx) => {
    await ctx.events.emit('contest/changed', tx, { cid, what: 'deleted' });
    await tx.delete(contests).where(eq(contests.id, cid));
  });
  forgetContest(cid);
}

/** PUT /api/admin/contest/change-contest-visible?cid=&visible= (contest admin). */
export async function adminChangeVisible(
  ctx: AppContext,
  user: SessionUser,
  cid: number,
  visible: boolean,
): Promise<void> {
  await loadAdministeredContest(ctx, user, cid);
  await ctx.db.update(contests).set({ visible, gmtModified: new Date() }).where(eq(contests.id, cid));
  forgetContest(cid);
}
