import { RECENT_MS, RecentReads, VersionedCache } from '../../../lib/page-cache.js';
import type { BuiltBoard } from './build.js';
import type { BoardState } from './cells.js';

const boards = new VersionedCache<BuiltBoard>(64);
/** How many ranked boards this process built in full and patched (tests and the bench read them). */
export const boardCacheStats = boards.stats;

/**
 * The in-process board cache (issue 9 §3 "Board speed"): one ranked board per key (contest, contest edit time,
 * view), with the board version it holds, shared by concurrent requests while it builds or patches
 * (lib/page-cache.ts VersionedCache):
 *
 * - cached at `state.version` or later: served as it is;
 * - cached at an older version: `patch` brings it up to date (patch.ts, the changed cells only), or, when it
 *   answers null, `build` makes it again; concurrent requests share that one step, later ones chain on it;
 * - not cached, or `fresh` (a contest admin's forceRefresh): `build`.
 *
 * The least recently used of more than 64 keys is dropped; a failed build or patch is not kept.
 */
export function liveBoard(
  key: string,
  state: BoardState,
  build: () => Promise<BuiltBoard>,
  patch: (old: BuiltBoard) => Promise<BuiltBoard | null>,
  fresh = false,
): Promise<BuiltBoard> {
  return boards.get(key, state.version, build, patch, fresh);
}

export { RECENT_MS };

const recent = new RecentReads();

/**
 * Reuses the answer of `load` for `key` for RECENT_MS (a new verdict shows at most that much later), so a busy
 * board does not read the database on every request. A failed load is not kept; `fresh` reloads.
 */
export function recently<T>(key: string, load: () => Promise<T>, fresh = false): Promise<T> {
  return recent.get(key, load, fresh);
}

/** Drops the reused answers whose key starts with `prefix` (this process changed what they read). */
export function forgetRecent(prefix: string): void {
  recent.forget(prefix);
}
