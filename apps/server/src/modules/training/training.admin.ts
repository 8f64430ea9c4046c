import {
  type AdminTrainingVo,
  isSuperAdminRole,
  type Page,
  TrainingAuth,
  type TrainingBody,
} from '@oj/shared';
import { and, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { trainingCategories, trainingRegisters, trainings } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { likePattern } from '../problem/problem.query.js';
import { loadTraining, type TrainingRow, trainingRights } from './training.access.js';
import { trainingChanged } from './training.rank.js';
import { categoryJoin, toTrainingVo, trainingColumns } from './training.view.js';

/**
 * Loads a training the caller administers (trainingRights canManage: author or super admin; for a group's training
 * its roots and the author while a group admin, doc 3 §6); 403 otherwise, 404 when absent.
 */
export async function loadAdministeredTraining(
  ctx: AppContext,
  user: SessionUser,
  tid: number,
): Promise<TrainingRow> {
  const t = await loadTraining(ctx, tid);
  if (!(await trainingRights(ctx, user, t)).canManage) throw forbidden('training.manageOwnerOnly');
  return t;
}

/** 400 naming `trainingCategory.id` when the category does not exist. */
async function assertCategory(ctx: AppContext, id: number): Promise<void> {
  const [c] = await ctx.db
    .select({ id: trainingCategories.id })
    .from(trainingCategories)
    .where(eq(trainingCategories.id, id));
  if (!c) throw badRequest('training.categoryNotFound');
}

/** The stored columns of a validated body; a public training keeps no password. */
function columnsOf(b: TrainingBody) {
  const t = b.training;
  return {
    title: t.title,
    description: t.description,
    rank: t.rank,
    auth: t.auth,
    privatePwd: t.auth === TrainingAuth.PRIVATE ? (t.privatePwd ?? null) : null,
    status: t.status,
    categoryId: b.trainingCategory.id,
  };
}

/**
 * GET /api/admin/training/list?keyword&currentPage&limit (doc 3 training admin): every site training (with `gid`,
 * every training of that group: the group's admin list), newest first, keyword on the title; rows carry `uid` and
 * `status` so the page offers each role its actions.
 */
export async function adminListTrainings(
  ctx: AppContext,
  q: { keyword?: string; currentPage: number; limit: number },
  gid?: number,
): Promise<Page<AdminTrainingVo>> {
  const conds: (SQL | undefined)[] = [gid != null ? eq(trainings.gid, gid) : eq(trainings.isGroup, false)];
  const kw = q.keyword?.trim();
  if (kw) conds.push(ilike(trainings.title, likePattern(kw)));
  const where = and(...conds);
  const [rows, [c]] = await Promise.all([
    ctx.db
      .select(trainingColumns)
      .from(trainings)
      .leftJoin(trainingCategories, categoryJoin)
      .where(where)
      .orderBy(desc(trainings.id))
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(trainings).where(where),
  ]);
  return {
    records: rows.map((r) => ({ ...toTrainingVo(r, null), status: r.status, uid: r.uid })),
    total: c.n,
    current: q.currentPage,
    size: q.limit,
  };
}

/** GET /api/admin/training?tid= -> {training (with description and password), trainingCategory} (author or root). */
export async function adminGetTraining(ctx: AppContext, user: SessionUser, tid: number) {
  await loadAdministeredTraining(ctx, user, tid);
  const [row] = await ctx.db
    .select({ ...trainingColumns, description: trainings.description, privatePwd: trainings.privatePwd })
    .from(trainings)
    .leftJoin(trainingCategories, categoryJoin)
    .where(eq(trainings.id, tid));
  return {
    training: {
      ...toTrainingVo(row, null),
      status: row.status,
      uid: row.uid,
      description: row.description,
      privatePwd: row.privatePwd,
    },
    trainingCategory: row.categoryId
      ? { id: row.categoryId, name: row.categoryName, color: row.categoryColor }
      : null,
  };
}

/**
 * POST /api/admin/training {training, trainingCategory} -> {tid}: the caller becomes the author. `gid` files it as
 * a training of that group (the group routes check the caller first).
 */
export async function adminCreateTraining(ctx: AppContext, user: SessionUser, b: TrainingBody, gid?: number) {
  await assertCategory(ctx, b.trainingCategory.id);
  const [row] = await ctx.db
    .insert(trainings)
    .values({ ...columnsOf(b), uid: user.uid, author: user.username, gid: gid ?? null, isGroup: gid != null })
    .returning({ id: trainings.id });
  return { tid: row.id };
}

/**
 * PUT /api/admin/training {training with id, trainingCategory, dropRegistrations} (author or root). Changing
 * the password keeps the registrations unless `dropRegistrations` (issue 11 "Access").
 */
export async function adminUpdateTraining(ctx: AppContext, user: SessionUser, b: TrainingBody) {
  if (!b.training.id) throw badRequest('validation.required', { field: 'training.id' });
  const old = await loadAdministeredTraining(ctx, user, b.training.id);
  await assertCategory(ctx, b.trainingCategory.id);
  const cols = columnsOf(b);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(trainings)
      .set({ ...cols, gmtModified: new Date(), rankVersion: sql`${trainings.rankVersion} + 1` })
      .where(eq(trainings.id, old.id));
    if (b.dropRegistrations && cols.privatePwd !== old.privatePwd) {
      await tx.delete(trainingRegisters).where(eq(trainingRegisters.tid, old.id));
    }
  });
  trainingChanged(old.id); // settings (auth: who ranks) and registrations: the rank version moved
}

/**
 * DELETE /api/admin/training?tid= (super admin only for site trainings, doc 3 §6; a group's training by those who
 * manage it): its problem links, registrations and records go.
 */
export async function adminDeleteTraining(ctx: AppContext, user: SessionUser, tid: number) {
  if (!isSuperAdminRole(user.role)) {
    const t = await loadTraining(ctx, tid).catch(() => null);
    if (t?.gid == null) throw forbidden('training.deleteRootOnly');
    await loadAdministeredTraining(ctx, user, tid);
  }
  await loadTraining(ctx, tid);
  await ctx.db.delete(trainings).where(eq(trainings.id, tid));
  trainingChanged(tid);
}

/** PUT /api/admin/training/change-training-status?tid=&status= (author or root): the visible switch. */
export async function adminChangeStatus(ctx: AppContext, user: SessionUser, tid: number, status: boolean) {
  await loadAdministeredTraining(ctx, user, tid);
  await ctx.db.update(trainings).set({ status, gmtModified: new Date() }).where(eq(trainings.id, tid));
  trainingChanged(tid); // hidden or shown: this process rereads the row at once
}

/** POST /api/admin/training/category {name, color} -> the new category. */
export async function adminCreateCategory(ctx: AppContext, b: { name: string; color: string }) {
  const [row] = await ctx.db
    .insert(trainingCategories)
    .values({ name: b.name, color: b.color })
    .returning({ id: trainingCategories.id, name: trainingCategories.name, color: trainingCategories.color });
  return row;
}

/** PUT /api/admin/training/category {id, name, color} -> null; 404 unknown. */
export async function adminUpdateCategory(ctx: AppContext, b: { id?: number; name: string; color: string }) {
  if (!b.id) throw badRequest('validation.required', { field: 'id' });
  const res = await ctx.db
    .update(trainingCategories)
    .set({ name: b.name, color: b.color, gmtModified: new Date() })
    .where(eq(trainingCategories.id, b.id))
    .returning({ id: trainingCategories.id });
  if (!res.length) throw notFound('training.categoryNotFound');
}

/** DELETE /api/admin/training/category?cid= -> null; its trainings lose their category. 404 unknown. */
export async function adminDeleteCategory(ctx: AppContext, id: number) {
  const res = await ctx.db
    .delete(trainingCategories)
    .where(eq(trainingCategories.id, id))
    .returning({ id: trainingCategories.id });
  if (!res.length) throw notFound('training.categoryNotFound');
}
