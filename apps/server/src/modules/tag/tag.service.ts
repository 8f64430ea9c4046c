import { and, asc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { problemTags, tagClassifications, tags } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type TagRow = typeof tags.$inferSelect;
export type ClassificationRow = typeof tagClassifications.$inferSelect;

const COLOR = /^#[0-9a-fA-F]{3,8}$|^[a-z]{3,20}$/;

/** Public JSON of a tag: times as ISO strings. */
export function tagVo(t: TagRow) {
  return { ...t, gmtCreate: t.gmtCreate.toISOString() };
}
export function classificationVo(c: ClassificationRow) {
  return { ...c, gmtCreate: c.gmtCreate.toISOString() };
}

function ojOf(oj: string | undefined | null): string {
  const o = (oj ?? 'ME').trim().toUpperCase();
  return o || 'ME';
}

function ojFilter(oj: string | undefined): SQL | undefined {
  return oj && oj.toUpperCase() !== 'ALL' ? eq(tags.oj, oj.toUpperCase()) : undefined;
}

/** Site-wide tags (no group), by oj when given ('ALL' or absent: every oj), ordered by id. */
export async function listTags(ctx: AppContext, opts: { oj?: string; keyword?: string } = {}) {
  const kw = opts.keyword?.trim();
  const rows = await ctx.db
    .select()
    .from(tags)
    .where(
      and(
        isNull(tags.gid),
        ojFilter(opts.oj),
        kw ? ilike(tags.name, `%${kw.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      ),
    )
    .orderBy(asc(tags.id));
  return rows.map(tagVo);
}

/** Tag classifications of an oj (default all), ordered by rank then id. */
export async function listClassifications(ctx: AppContext, oj?: string) {
  const rows = await ctx.db
    .select()
    .from(tagClassifications)
    .where(oj && oj.toUpperCase() !== 'ALL' ? eq(tagClassifications.oj, oj.toUpperCase()) : undefined)
    .orderBy(asc(tagClassifications.rank), asc(tagClassifications.id));
  return rows.map(classificationVo);
}

/**
 * Tags grouped by classification (doc 2 §2.1 tag filter, GET /api/get-problem-tags-and-classification):
 * `[{ classification, tagList }]` in classification order, then one entry with `classification: null` holding
 * the unclassified tags (omitted when there are none).
 */
export async function tagsAndClassifications(ctx: AppContext, oj?: string) {
  const [cls, all] = await Promise.all([listClassifications(ctx, oj), listTags(ctx, { oj })]);
  const byCls = new Map<number | null, ReturnType<typeof tagVo>[]>();
  for (const t of all) {
    const key =
      t.classificationId != null && cls.some((c) => c.id === t.classificationId) ? t.classificationId : null;
    byCls.set(key, [...(byCls.get(key) ?? []), t]);
  }
  const out: {
    classification: ReturnType<typeof classificationVo> | null;
    tagList: ReturnType<typeof tagVo>[];
  }[] = cls.map((c) => ({ classification: c, tagList: byCls.get(c.id) ?? [] }));
  const rest = byCls.get(null);
  if (rest?.length) out.push({ classification: null, tagList: rest });
  return out;
}

async function assertClassification(ctx: AppContext, id: number | null | undefined): Promise<void> {
  if (id == null) return;
  const [c] = await ctx.db
    .select({ id: tagClassifications.id })
    .from(tagClassifications)
    .where(eq(tagClassifications.id, id));
  if (!c) throw badRequest('tag.noClassification');
}

async function assertNameFree(ctx: AppContext, name: string, oj: string, exceptId?: number): Promise<void> {
  const [clash] = await ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.oj, oj), sql`lower(${tags.name}) = lower(${name})`, isNull(tags.gid)));
  if (clash && clash.id !== exceptId) throw badRequest('tag.exists', { name });
}

export interface TagInput {
  name?: string;
  color?: string;
  oj?: string;
  classificationId?: number | null;
}

function checkTagFields(t: TagInput, creating: boolean): void {
  if (creating || t.name !== undefined) {
    const name = t.name?.trim() ?? '';
    if (!name) throw badRequest('validation.required', { field: 'name' });
    if (name.length > 50) throw badRequest('validation.tooLong', { field: 'name', max: 50 });
  }
  if (t.color !== undefined && !COLOR.test(t.color)) throw badRequest('tag.badColor');
}

/** Creates a site-wide tag (doc 3 tag admin). 400 on a duplicate name in the same oj. */
export async function addTag(ctx: AppContext, t: TagInput) {
  checkTagFields(t, true);
  const name = (t.name ?? '').trim();
  const oj = ojOf(t.oj);
  await assertNameFree(ctx, name, oj);
  await assertClassification(ctx, t.classificationId);
  const [row] = await ctx.db
    .insert(tags)
    .values({ name, oj, color: t.color ?? '#409eff', classificationId: t.classificationId ?? null })
    .returning();
  return tagVo(row);
}

/** Updates a tag's name, colour, oj or classification. 404 when absent, 400 on a duplicate name. */
export async function updateTag(ctx: AppContext, id: number, t: TagInput) {
  const [cur] = await ctx.db.select().from(tags).where(eq(tags.id, id));
  if (!cur) throw notFound('tag.notFound');
  checkTagFields(t, false);
  const name = t.name?.trim() ?? cur.name;
  const oj = t.oj ? ojOf(t.oj) : cur.oj;
  await assertNameFree(ctx, name, oj, id);
  if (t.classificationId !== undefined) await assertClassification(ctx, t.classificationId);
  const [row] = await ctx.db
    .update(tags)
    .set({
      name,
      oj,
      color: t.color ?? cur.color,
      classificationId: t.classificationId === undefined ? cur.classificationId : t.classificationId,
    })
    .where(eq(tags.id, id))
    .returning();
  return tagVo(row);
}

/** Deletes a tag (its problem links go with it). 404 when absent. */
export async function deleteTag(ctx: AppContext, id: number): Promise<void> {
  const rows = await ctx.db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
  if (!rows.length) throw notFound('tag.notFound');
}

export interface ClassificationInput {
  name?: string;
  oj?: string;
  rank?: number;
}

function checkClassification(c: ClassificationInput, creating: boolean): void {
  if (creating || c.name !== undefined) {
    const name = c.name?.trim() ?? '';
    if (!name) throw badRequest('validation.required', { field: 'name' });
    if (name.length > 50) throw badRequest('validation.tooLong', { field: 'name', max: 50 });
  }
  if (c.rank !== undefined && (!Number.isInteger(c.rank) || c.rank < 0 || c.rank > 2_147_483_647))
    throw badRequest('validation.intRange', { field: 'rank', min: 0, max: 2147483647 });
}

/** Creates a tag classification (name, oj, rank). */
export async function addClassification(ctx: AppContext, c: ClassificationInput) {
  checkClassification(c, true);
  const [row] = await ctx.db
    .insert(tagClassifications)
    .values({ name: (c.name ?? '').trim(), oj: ojOf(c.oj), rank: c.rank ?? 0 })
    .returning();
  return classificationVo(row);
}

/** Updates a tag classification; 404 when absent. */
export async function updateClassification(ctx: AppContext, id: number, c: ClassificationInput) {
  checkClassification(c, false);
  if (c.name === undefined && c.oj === undefined && c.rank === undefined)
    throw badRequest('tag.nothingToChange');
  const [row] = await ctx.db
    .update(tagClassifications)
    .set({
      ...(c.name !== undefined ? { name: c.name.trim() } : {}),
      ...(c.oj !== undefined ? { oj: ojOf(c.oj) } : {}),
      ...(c.rank !== undefined ? { rank: c.rank } : {}),
    })
    .where(eq(tagClassifications.id, id))
    .returning();
  if (!row) throw notFound('tag.classificationNotFound');
  return classificationVo(row);
}

/** Deletes a tag classification; its tags become unclassified. 404 when absent. */
export async function deleteClassification(ctx: AppContext, id: number): Promise<void> {
  const rows = await ctx.db
    .delete(tagClassifications)
    .where(eq(tagClassifications.id, id))
    .returning({ id: tagClassifications.id });
  if (!rows.length) throw notFound('tag.classificationNotFound');
}

/**
 * Resolves a problem's tag list inside a transaction: existing ids must exist (400 otherwise), names are
 * matched case-insensitively among site-wide tags of `oj` and created when missing. Returns tag ids, deduplicated.
 */
export async function resolveTagIds(
  tx: Tx,
  list: { id?: number; name?: string; color?: string }[],
  oj = 'ME',
): Promise<number[]> {
  const ids = new Set<number>();
  const wantedIds = list.filter((t) => t.id != null).map((t) => t.id as number);
  if (wantedIds.length) {
    const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, wantedIds));
    const have = new Set(found.map((f) => f.id));
    for (const id of wantedIds) {
      if (!have.has(id)) throw badRequest('tag.unknownId', { id });
      ids.add(id);
    }
  }
  for (const t of list) {
    if (t.id != null) continue;
    const name = (t.name ?? '').trim();
    const [found] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.oj, oj), isNull(tags.gid), sql`lower(${tags.name}) = lower(${name})`));
    if (found) ids.add(found.id);
    else {
      const [row] = await tx
        .insert(tags)
        .values({ name, oj, color: t.color && COLOR.test(t.color) ? t.color : '#409eff' })
        .returning({ id: tags.id });
      ids.add(row.id);
    }
  }
  return [...ids];
}

/** Replaces a problem's tag links with `tids` (inside the caller's transaction). */
export async function setProblemTags(tx: Tx, pid: number, tids: number[]): Promise<void> {
  await tx.delete(problemTags).where(eq(problemTags.pid, pid));
  if (tids.length)
    await tx
      .insert(problemTags)
      .values(tids.map((tid) => ({ pid, tid })))
      .onConflictDoNothing();
}
