import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../lib/sql-rows.js';
import type { BoardContest } from './cells.js';
import { UNFINISHED_SQL } from './rules/sql.js';

/**
 * The first-blood race (issue 23 §3 item 2): first to solve a problem is given only once no submission to it made
 * at or before the first AC's second is still being judged (it could turn out to be an earlier AC), so it is never
 * given to one team and moved to another when that earlier submission's verdict lands.
 */

/**
 * Per display id, the instant (ms from the start) of the earliest in-contest submission to the problem that is
 * still unfinished (Pending, Compiling, Judging, Submitting), by anyone; problems with none are absent. Read
 * each time a board is built or patched: a verdict landing changes a cell, so the board is patched and this is
 * read again.
 */
export async function loadFirstPending(
  db: Db,
  c: BoardContest,
  displayIds: Map<number, string>,
): Promise<Map<string, number>> {
  const rows = rowsOf<{ pid: number | string; first: string | Date }>(
    await db.execute(
      sql`SELECT pid, min(submit_time) AS first FROM submissions
        WHERE cid = ${c.id} AND cid > 0 AND ${UNFINISHED_SQL}
          AND submit_time >= ${c.startTime.toISOString()}::timestamptz
          AND submit_time < ${c.endTime.toISOString()}::timestamptz
        GROUP BY pid`,
    ),
  );
  const out = new Map<string, number>();
  for (const r of rows) {
    const id = displayIds.get(Number(r.pid));
    if (id != null) out.set(id, new Date(r.first).getTime() - c.startTime.getTime());
  }
  return out;
}

/**
 * True when the first AC of problem `id` at second `acSecond` (from the start) may still be beaten or tied by a
 * submission being judged: one made at or before that second is unfinished.
 */
export function firstBloodOpen(
  firstPending: Map<string, number> | undefined,
  id: string,
  acSecond: number,
): boolean {
  const pending = firstPending?.get(id);
  return pending != null && Math.floor(pending / 1000) <= acSecond;
}
