import type { AppContext } from '../context.js';

/** How long a list total may be reused (ms): list totals lag changes by at most this. */
export const TOTAL_CACHE_MS = 2000;
const totals = new WeakMap<AppContext, Map<string, { at: number; value: Promise<number> }>>();

/**
 * The total of a paged list for the filter `key`, computed at most once per TOTAL_CACHE_MS per app (bounded to
 * 500 keys). Concurrent requests share one count query (counting a million rows is the lists' main cost, and 50
 * clients missing the cache together must not run it 50 times). A failed count is not cached.
 */
export async function cachedTotal(
  ctx: AppContext,
  key: string,
  compute: () => Promise<number>,
): Promise<number> {
  let m = totals.get(ctx);
  if (!m) {
    m = new Map();
    totals.set(ctx, m);
  }
  const hit = m.get(key);
  const now = Date.now();
  if (hit && now - hit.at < TOTAL_CACHE_MS) return hit.value;
  if (m.size > 500) m.clear();
  const value = compute();
  m.set(key, { at: now, value });
  value.catch(() => m.delete(key));
  return value;
}
