import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { discussions, discussionViews } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql-rows.js';
import type { Tx } from '../problem/problem.store.js';

/**
 * View counting (issue 12: "counts a view once per user per hour, not on every load"). `discussion_views` keeps
 * the last counted view per discussion and viewer in the database, so every server instance agrees.
 */

/** How long a viewer's view counts once (ms). */
export const VIEW_WINDOW_MS = 3600_000;

/** The viewer key of a request: the uid, or the client address when signed out. */
export function viewerKey(uid: string | null | undefined, ip: string): string {
  return uid ?? `ip:${ip}`;
}

/**
 * Counts a view of discussion `did` by `viewer` unless they were counted within the hour: one statement (the upsert
 * of the view mark only returns a row when it is new or older than the window, and only then is `view_num`
 * raised). A reload within the hour is answered by a read alone (no row lock, nothing written). On PostgreSQL the
 * write commits without waiting for the WAL flush (`synchronous_commit` off for this transaction only): a crash may
 * forget the last moment's view counts, and a page load never waits on the disk for one. Returns the discussion's
 * view count after the call, or null when it was not counted.
 */
export async function countView(ctx: AppContext, did: number, viewer: string): Promise<number | null> {
  const [mark] = await ctx.db
    .select({
      fresh: sql<boolean>`${discussionViews.viewedAt} > now() - make_interval(secs => ${VIEW_WINDOW_MS / 1000})`,
    })
    .from(discussionViews)
    .where(and(eq(discussionViews.did, did), eq(discussionViews.viewer, viewer)))
    .limit(1);
  if (mark?.fresh) return null;
  if (ctx.dbKind !== 'postgres') return countViewIn(ctx.db, did, viewer);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
    return countViewIn(tx, did, viewer);
  });
}

async function countViewIn(db: Db | Tx, did: number, viewer: string): Promise<number | null> {
  const res = await db.execute(sql`
    WITH mark AS (
      INSERT INTO ${discussionViews} (did, viewer, viewed_at) VALUES (${did}, ${viewer}, now())
      ON CONFLICT (did, viewer) DO UPDATE SET viewed_at = now()
        WHERE ${discussionViews.viewedAt} <= now() - make_interval(secs => ${VIEW_WINDOW_MS / 1000})
      RETURNING 1)
    UPDATE ${discussions} SET view_num = view_num + 1
    WHERE id = ${did} AND EXISTS (SELECT 1 FROM mark)
    RETURNING view_num`);
  const [r] = rowsOf<{ view_num: number }>(res);
  return r ? Number(r.view_num) : null;
}

/** Drops view marks older than the window (the hourly job); returns how many. */
export async function purgeOldViews(ctx: AppContext): Promise<number> {
  const res = await ctx.db.execute(sql`
    WITH gone AS (DELETE FROM ${discussionViews}
      WHERE viewed_at < now() - make_interval(secs => ${VIEW_WINDOW_MS / 1000}) RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}
