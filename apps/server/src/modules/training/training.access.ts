import { isSuperAdminRole, type TrainingAccessVo, TrainingAuth } from '@oj/shared';
import { and, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppContext, SessionUser } from '../../context.js';
import { trainingRegisters, trainings } from '../../db/schema/index.js';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { enterGroup, groupAccess } from '../group/group.access.js';

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

/**
 * The caller's rights on a training: `isAdmin` sees it hidden and enters it without the password; `canManage` edits
 * it, its problems and its switch. Site trainings: both for its author and super admins (isTrainingAdmin). Group
 * trainings (doc 3 §6): `isAdmin` for the group's admins, `canManage` for its roots and the author while a group
 * admin; super admins both. A training of a group that is gone: super admins only.
 */
export async function trainingRights(
  ctx: AppContext,
  user: SessionUser | null,
  t: Pick<TrainingRow, 'uid' | 'gid'>,
): Promise<{ isAdmin: boolean; canManage: boolean }> {
  if (t.gid == null) {
    const admin = isTrainingAdmin(user, t);
    return { isAdmin: admin, canManage: admin };
  }
  if (!user) return { isAdmin: false, canManage: false };
  if (isSuperAdminRole(user.role)) return { isAdmin: true, canManage: true };
  const s = await groupAccess(ctx, user, t.gid).catch(() => null);
  if (!s) return { isAdmin: false, canManage: false };
  return { isAdmin: s.isGroupAdmin, canManage: s.isGroupRoot || (s.isGroupAdmin && t.uid === user.uid) };
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

/** Registrations seen lately, per app: `tid:uid:gmtModified` (only a settings update drops registrations). */
const seenRegistered = new WeakMap<AppContext, LRUCache<string, true>>();

/**
 * `isTrainingRegistered`, with a yes reused for 10 s while the training's settings stay the same (every page of a
 * private training checks it; registrations go only with a settings update, which moves `gmtModified`, and the
 * training row itself is re-read within RECENT_MS). A no is never reused: a user who just registered gets in.
 */
async function registeredRecently(ctx: AppContext, t: TrainingRow, uid: string): Promise<boolean> {
  let seen = seenRegistered.get(ctx);
  if (!seen) {
    seen = new LRUCache<string, true>({ max: 50_000, ttl: 10_000 });
    seenRegistered.set(ctx, seen);
  }
  const key = `${t.id}:${uid}:${t.gmtModified.getTime()}`;
  if (seen.get(key)) return true;
  const yes = await isTrainingRegistered(ctx, t.id, uid);
  if (yes) seen.set(key, true);
  return yes;
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
  const { isAdmin } = await trainingRights(ctx, user, t);
  const registered = await isTrainingRegistered(ctx, t.id, user.uid);
  const access = isAdmin || t.auth !== TrainingAuth.PRIVATE || registered;
  return { access, isAdmin, registered };
}

/** Reads a training row (loadTraining, or a reused read such as the rank page's). */
export type TrainingLoader = (ctx: AppContext, tid: number) => Promise<TrainingRow>;

/**
 * Loads a training the caller may open at all: 401 for anonymous callers (doc 2 §2.13: opening a training needs
 * login), 404 for unknown ones and hidden ones (status off) unless the caller is a training admin; a group's
 * training only for that group's members (enterGroup: 404 / 403). `load` reads the row (default loadTraining).
 */
export async function openTraining(
  ctx: AppContext,
  user: SessionUser | null,
  tid: number,
  load: TrainingLoader = loadTraining,
) {
  if (!user) throw unauthorized();
  const training = await load(ctx, tid);
  if (training.gid != null && !isSuperAdminRole(user.role)) await enterGroup(ctx, user, training.gid);
  if (!training.status && !(await trainingRights(ctx, user, training)).isAdmin) {
    throw notFound('training.notFound');
  }
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
  const open =
    training.auth !== TrainingAuth.PRIVATE || (await trainingRights(ctx, opened.user, training)).isAdmin;
  if (!open && !(await registeredRecently(ctx, training, opened.user.uid))) {
    throw forbidden('training.privateRegisterFirst');
  }
  return opened;
}
