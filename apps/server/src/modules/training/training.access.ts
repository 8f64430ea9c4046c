import { isSuperAdminRole, type TrainingAccessVo, TrainingAuth } from '@oj/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { trainingRegisters, trainings } from '../../db/schema/index.js';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';

export type TrainingRow = typeof trainings.$inferSelect;

/** Loads a training by id; 404 "The training does not exist" when absent. */
export async function loadTraining(ctx: AppContext, tid: number): Promise<TrainingRow> {
  const [row] = await ctx.db.select().from(trainings).where(eq(trainings.id, tid)).limit(1);
  if (!row) throw notFound('training.notFound');
  return row;
}

/** Training admin (doc 3 §6): its author or a super admin. They always enter and see hidden trainings. */
export function isTrainingAdmin(user: SessionUser | null, t: Pick<TrainingRow, 'uid'>): boolean {
  if (!user) return false;
  return isSuperAdminRole(user.role) || (t.uid != null && t.uid === user.uid);
}

/** True when `uid` gave the training's password once (registrations are kept for good). */
export async function isTrainingRegistered(ctx: AppContext, tid: number, uid: string): Promise<boolean> {
  const [r] = await ctx.db
    .select({ uid: trainingRegisters.uid })
    .from(trainingRegisters)
    .where(and(eq(trainingRegisters.tid, tid), eq(trainingRegisters.uid, uid)))
    .limit(1);
  return !!r;
}

/**
 * The caller's standing (issue 11 "Access"): `access` for admins, for any signed-in user of a public training,
 * and for registered users of a private one.
 */
export async function trainingStanding(
  ctx: AppContext,
  user: SessionUser,
  t: TrainingRow,
): Promise<TrainingAccessVo> {
  const isAdmin = isTrainingAdmin(user, t);
  const registered = await isTrainingRegistered(ctx, t.id, user.uid);
  const access = isAdmin || t.auth !== TrainingAuth.PRIVATE || registered;
  return { access, isAdmin, registered };
}

/** Reads a training row (loadTraining, or a reused read such as the rank page's). */
export type TrainingLoader = (ctx: AppContext, tid: number) => Promise<TrainingRow>;

/**
 * Loads a training the caller may open at all: 401 for anonymous callers (doc 2 §2.13: opening a training needs
 * login), 404 for unknown ones and hidden ones (status off) unless the caller is a training admin. `load` reads
 * the row (default loadTraining).
 */
export async function openTraining(
  ctx: AppContext,
  user: SessionUser | null,
  tid: number,
  load: TrainingLoader = loadTraining,
) {
  if (!user) throw unauthorized();
  const training = await load(ctx, tid);
  if (!training.status && !isTrainingAdmin(user, training)) throw notFound('training.notFound');
  return { user, training };
}

/**
 * openTraining, then 403 for a private training the caller has not registered for (admins excepted). The
 * registration is read only for a private training and a caller who is not its admin. Returns the user and the
 * training row.
 */
export async function enterTraining(
  ctx: AppContext,
  user: SessionUser | null,
  tid: number,
  load: TrainingLoader = loadTraining,
) {
  const opened = await openTraining(ctx, user, tid, load);
  const { training } = opened;
  const open = isTrainingAdmin(opened.user, training) || training.auth !== TrainingAuth.PRIVATE;
  if (!open && !(await isTrainingRegistered(ctx, training.id, opened.user.uid))) {
    throw forbidden('training.privateRegisterFirst');
  }
  return opened;
}
