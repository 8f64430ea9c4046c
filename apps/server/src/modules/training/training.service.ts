import { type Page, TrainingAuth, type TrainingListQuery, type TrainingVo } from '@oj/shared';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { trainingCategories, trainingRecords, trainingRegisters, trainings } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { likePattern } from '../problem/problem.query.js';
import { openTraining, trainingStanding } from './training.access.js';
import { cachedListPage, readListVersion } from './training.list.js';
import { ensureRecord } from './training.progress.js';
import { trainingChanged } from './training.rank.js';
import { categoryJoin, toTrainingVo, trainingColumns } from './training.view.js';

/** GET /api/get-training-category (doc 2 §7): every site category, by id. */
export async function listCategories(ctx: AppContext) {
  return ctx.db
    .select({ id: trainingCategories.id, name: trainingCategories.name, color: trainingCategories.color })
    .from(trainingCategories)
    .orderBy(asc(trainingCategories.id));
}

/**
 * GET /api/get-training-list (doc 2 §2.13, §7): visible site trainings (with `gid`, that group's: the caller checks
 * membership) by order number (rank) then newest; keyword on the title, categoryId, auth. Each row carries
 * `acCount`, the AC progress of `q.uid` (then only the trainings that user takes part in: registered or with a
 * record, for user home) or of the caller when signed in, else null. Without `uid` the page's rows come from the
 * list cache (training.list.ts: one statement per request, never stale).
 */
export async function listTrainings(
  ctx: AppContext,
  viewer: SessionUser | null,
  q: TrainingListQuery,
  gid?: number,
): Promise<Page<TrainingVo>> {
  const conds: (SQL | undefined)[] = [
    eq(trainings.status, true),
    gid != null ? eq(trainings.gid, gid) : eq(trainings.isGroup, false),
  ];
  const kw = q.keyword?.trim();
  if (kw) conds.push(ilike(trainings.title, likePattern(kw)));
  if (q.categoryId) conds.push(eq(trainings.categoryId, q.categoryId));
  if (q.auth) conds.push(eq(trainings.auth, q.auth));
  if (q.uid) {
    conds.push(
      or(
        sql`EXISTS (SELECT 1 FROM ${trainingRecords} WHERE ${trainingRecords.tid} = ${trainings.id} AND ${trainingRecords.uid} = ${q.uid})`,
        sql`EXISTS (SELECT 1 FROM ${trainingRegisters} WHERE ${trainingRegisters.tid} = ${trainings.id} AND ${trainingRegisters.uid} = ${q.uid})`,
      ),
    );
  }
  const where = and(...conds);
  /** The page's rows (by order number, then newest; the total by `count(*) OVER ()`) as the API shows them. */
  const pageRows = async () => {
    const rows = await ctx.db
      .select({ ...trainingColumns, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(trainings)
      .leftJoin(trainingCategories, categoryJoin)
      .where(where)
      .orderBy(asc(trainings.rank), desc(trainings.id))
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit);
    const total = rows.length
      ? rows[0].total
      : (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(trainings).where(where))[0].n;
    return { rows, total };
  };
  const current = q.currentPage;
  const size = q.limit;
  if (!q.uid) {
    // The rows are the same for every caller: kept per list version (training.list.ts); per request one statement
    // reads the version and the caller's AC counts.
    const key = JSON.stringify([gid ?? null, kw ?? '', q.categoryId ?? null, q.auth ?? null, current, size]);
    const page = await cachedListPage(ctx, key, viewer?.uid ?? null, async () => {
      const version = await readListVersion(ctx);
      const { rows, total } = await pageRows();
      const vos = rows.map((r) => {
        const { acCount: _, ...vo } = toTrainingVo(r, null);
        return vo;
      });
      return { version, rows: vos, ids: vos.map((r) => r.id), total };
    });
    return { ...page, current, size };
  }
  // A user's own trainings (user home): not kept, the rows depend on the user.
  const { rows, total } = await pageRows();
  const acs = new Map<number, number>();
  if (rows.length) {
    const mine = await ctx.db
      .select({ tid: trainingRecords.tid, ac: trainingRecords.ac })
      .from(trainingRecords)
      .where(
        and(
          eq(trainingRecords.uid, q.uid),
          inArray(
            trainingRecords.tid,
            rows.map((r) => r.id),
          ),
        ),
      );
    for (const m of mine) acs.set(m.tid, m.ac);
  }
  return { records: rows.map((r) => toTrainingVo(r, acs.get(r.id) ?? 0)), total, current, size };
}

/** The caller's AC count in a training (0 without a record). */
async function acCountOf(ctx: AppContext, tid: number, uid: string): Promise<number> {
  const [r] = await ctx.db
    .select({ ac: trainingRecords.ac })
    .from(trainingRecords)
    .where(and(eq(trainingRecords.tid, tid), eq(trainingRecords.uid, uid)));
  return r?.ac ?? 0;
}

/**
 * GET /api/get-training-detail?tid= (doc 2 §2.13): the training with its category, problem count, the caller's
 * AC count and the markdown description (empty until a private training's password is given). Login (401),
 * 404 unknown or hidden.
 */
export async function trainingDetail(ctx: AppContext, viewer: SessionUser | null, tid: number) {
  const { user, training } = await openTraining(ctx, viewer, tid);
  const standing = await trainingStanding(ctx, user, training);
  const [row] = await ctx.db
    .select(trainingColumns)
    .from(trainings)
    .leftJoin(trainingCategories, categoryJoin)
    .where(eq(trainings.id, tid));
  const vo = toTrainingVo(row, await acCountOf(ctx, tid, user.uid));
  return { ...vo, description: standing.access ? training.description : '' };
}

/** GET /api/get-training-access?tid= -> { access, isAdmin, registered } (login; 404 unknown or hidden). */
export async function trainingAccess(ctx: AppContext, viewer: SessionUser | null, tid: number) {
  const { user, training } = await openTraining(ctx, viewer, tid);
  return trainingStanding(ctx, user, training);
}

/**
 * POST /api/register-training {tid, password} (doc 2 §2.13, §5): registers the caller for a private training
 * for good. 400 for a public training, an existing registration or a wrong password.
 */
export async function registerTraining(
  ctx: AppContext,
  viewer: SessionUser | null,
  tid: number,
  password: string,
): Promise<void> {
  const { user, training } = await openTraining(ctx, viewer, tid);
  if (training.auth !== TrainingAuth.PRIVATE) throw badRequest('training.publicNoRegister');
  const standing = await trainingStanding(ctx, user, training);
  if (standing.registered) throw badRequest('training.alreadyRegistered');
  if (password !== (training.privatePwd ?? '')) throw badRequest('training.wrongPassword');
  await ctx.db.transaction(async (tx) => {
    await tx.insert(trainingRegisters).values({ tid, uid: user.uid }).onConflictDoNothing();
    await ensureRecord(tx, tid, user.uid);
  });
  trainingChanged(tid);
}
