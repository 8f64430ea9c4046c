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
