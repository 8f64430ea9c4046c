import type { DiscussionCategory } from '@oj/shared';
import { asc, eq, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { discussionCategories } from '../../db/schema/index.js';

/** Discussion categories (doc 2 §2.12, §7: GET lists; POST sends the full list and returns it; super admin). */

/** GET /api/discussion-category -> every category by id. */
export async function listCategories(ctx: AppContext): Promise<DiscussionCategory[]> {
  const rows = await ctx.db.select().from(discussionCategories).orderBy(asc(discussionCategories.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    gmtCreate: r.gmtCreate.toISOString(),
    gmtModified: r.gmtModified.toISOString(),
  }));
}

/**
 * POST /api/discussion-category [{id?, name}] -> the new list. Blank names are dropped; items with a stored id are
 * renamed, items without an id (or with an unknown one) are added, and stored categories missing from the list are
 * removed (their discussions keep no category). One transaction.
 */
export async function saveCategories(
  ctx: AppContext,
  items: { id?: number; name: string }[],
): Promise<DiscussionCategory[]> {
  const kept = items.filter((i) => i.name.trim() !== '');
  await ctx.db.transaction(async (tx) => {
    const stored = new Set(
      (await tx.select({ id: discussionCategories.id }).from(discussionCategories)).map((r) => r.id),
    );
    const keepIds = kept.map((i) => i.id).filter((id): id is number => id != null && stored.has(id));
    await tx
      .delete(discussionCategories)
      .where(keepIds.length ? notInArray(discussionCategories.id, keepIds) : undefined);
    for (const item of kept) {
      if (item.id != null && stored.has(item.id)) {
        await tx
          .update(discussionCategories)
          .set({ name: item.name, gmtModified: new Date() })
          .where(eq(discussionCategories.id, item.id));
      } else {
        await tx.insert(discussionCategories).values({ name: item.name });
      }
    }
  });
  return listCategories(ctx);
}
