import type { ScoreboardRowVo } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../lib/sql-rows.js';
import {
  type BoardContestFull,
  type BuiltBoard,
  boardOrder,
  cellsByUser,
  loadPeople,
  loadViewCells,
  makeRows,
  rankRows,
} from './build.js';
import type { BoardState } from './cells.js';
import { loadFirstPending } from './first-blood.js';

/** More participants changed than this (or than a fifth of the rows): a full build is cheaper than a patch. */
export const PATCH_MAX_USERS = 2000;

/**
 * Brings a ranked board up to `state` with the cells changed since its version (issue 9 §3 "Board speed"):
 * the participants with a cell of `seq` > `old.version` get their rows made again from all their cells, the
 * others keep theirs; the changed rows are sorted and merged into the board order, then first blood, ranks and
 * awards are derived again in linear passes over the rows. No re-aggregation of every cell, no full sort.
 *
 * Returns a new board labelled `state.version` (its rows array and page cache are new; the unchanged row objects
 * are shared with `old` and get their rank, award and first-blood marks rewritten), or null when a patch cannot
 * give the board a full build would: the board changed as a whole since `old` (`state.fullVersion` >
 * `old.version`: settings, problems, a rebuild of the cells) or too many participants changed.
 *
 * Correct across processes: every cell change stamps the cell with the version it bumped to, one version at a
 * time per board (cells.ts bumpVersion), and `state` was read before the cells, so every change up to
 * `state.version` is fetched here (later ones too, which is harmless: rows are recomputed whole).
 */
export async function patchBoard(
  db: Db,
  c: BoardContestFull,
  old: BuiltBoard,
  state: BoardState,
): Promise<BuiltBoard | null> {
  if (state.fullVersion > old.version) return null;
  if (state.version <= old.version) return old;
  const changed = rowsOf<{ uid: string }>(
    await db.execute(
      sql`SELECT DISTINCT uid FROM contest_cells WHERE cid = ${c.id} AND seq > ${old.version}
        LIMIT ${PATCH_MAX_USERS + 1}`,
    ),
  ).map((r) => r.uid);
  if (changed.length > PATCH_MAX_USERS || changed.length > Math.max(50, old.rows.length / 5)) return null;
  const ctx = { ...old.ctx, firstPending: await loadFirstPending(db, c, old.displayIdOf) };
  const gone = new Set(changed);
  const kept = changed.length ? old.rows.filter((r) => !gone.has(r.uid)) : old.rows.slice();
  let fresh: ScoreboardRowVo[] = [];
  if (changed.length) {
    const byUser = cellsByUser(await loadViewCells(db, c.id, ctx.view, changed));
    fresh = makeRows(c, await loadPeople(db, changed), byUser, ctx);
  }
  const order = boardOrder(c.type);
  fresh.sort(order);
  const rows = mergeSorted(kept, fresh, order);
  rankRows(c, rows, ctx);
  return { ...old, version: state.version, rows, ctx, pages: new Map() };
}

/** The merge of two arrays sorted by `order` (linear). */
function mergeSorted<T>(a: T[], b: T[], order: (x: T, y: T) => number): T[] {
  if (b.length === 0) return a;
  const out: T[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = order(a[i], b[j]) <= 0 ? a[i++] : b[j++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}
