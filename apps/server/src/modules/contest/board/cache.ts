import type { BuiltBoard } from './build.js';
import type { BoardState } from './cells.js';

const MAX_ENTRIES = 64;
/** How many ranked boards this process built in full and patched (tests and the bench read them). */
export const boardCacheStats = { builds: 0, patches: 0 };
const boards = new Map<string, { version: number; board: Promise<BuiltBoard> }>();

/**
 * The in-process board cache (issue 9 §3 "Board speed"): one ranked board per key (contest, contest edit time,
 * view), with the board version it holds, shared by concurrent requests while it builds or patches.
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
  const hit = boards.get(key);
  if (hit && !fresh && hit.version >= state.version) {
    boards.delete(key);
    boards.set(key, hit);
    return hit.board;
  }
  const full = () => {
    boardCacheStats.builds += 1;
    return build();
  };
  const patched = async (old: BuiltBoard) => {
    const b = await patch(old);
    if (!b) return full();
    if (b !== old) boardCacheStats.patches += 1;
    return b;
  };
  const p = hit && !fresh ? hit.board.then(patched, full) : full();
  const entry = { version: state.version, board: p };
  boards.delete(key);
  boards.set(key, entry);
  p.catch(() => {
    if (boards.get(key) === entry) boards.delete(key);
  });
  while (boards.size > MAX_ENTRIES) {
    const oldest = boards.keys().next().value;
    if (oldest === undefined) break;
    boards.delete(oldest);
  }
  return p;
}

/** How long a read of a board's version (and an outside board's contest row) is reused, ms. */
export const RECENT_MS = 250;
const recent = new Map<string, { at: number; value: Promise<unknown> }>();

/**
 * Reuses the answer of `load` for `key` for RECENT_MS (a new verdict shows at most that much later), so a busy
 * board does not read the database on every request. A failed load is not kept; `fresh` reloads.
 */
export function recently<T>(key: string, load: () => Promise<T>, fresh = false): Promise<T> {
  const now = Date.now();
  const hit = recent.get(key);
  if (hit && !fresh && now - hit.at < RECENT_MS) return hit.value as Promise<T>;
  const value = load();
  recent.set(key, { at: now, value });
  value.catch(() => recent.delete(key));
  if (recent.size > 1024) {
    for (const [k, v] of recent) if (now - v.at >= RECENT_MS) recent.delete(k);
  }
  return value;
}

/** Drops the reused answers whose key starts with `prefix` (this process changed what they read). */
export function forgetRecent(prefix: string): void {
  for (const k of recent.keys()) if (k.startsWith(prefix)) recent.delete(k);
}
