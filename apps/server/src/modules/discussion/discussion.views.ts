import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { discussionViews } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql-rows.js';

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

/** Drops view marks older than the window (the hourly job); returns how many. */
export async function purgeOldViews(ctx: AppContext): Promise<number> {
  const res = await ctx.db.execute(sql`
    WITH gone AS (DELETE FROM ${discussionViews}
      WHERE viewed_at < now() - make_interval(secs => ${VIEW_WINDOW_MS / 1000}) RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}
