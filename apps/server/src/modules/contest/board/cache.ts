import type { BuiltBoard } from './build.js';

const MAX_ENTRIES = 64;
const boards = new Map<string, Promise<BuiltBoard>>();

/**
 * The in-process board cache (issue 9 §3 "Board speed"): one built board per key (contest, board version,
 * contest edit time and view), shared by concurrent requests while it builds; the oldest of more than 64 entries
 * is dropped. A failed build is not kept. `fresh` rebuilds even when cached (a contest admin's forceRefresh).
 */
export function cachedBoard(
  key: string,
  build: () => Promise<BuiltBoard>,
  fresh = false,
): Promise<BuiltBoard> {
  const hit = boards.get(key);
  if (hit && !fresh) return hit;
  const p = build();
  boards.set(key, p);
  p.catch(() => {
    if (boards.get(key) === p) boards.delete(key);
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
