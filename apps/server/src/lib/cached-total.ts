import { LRUCache } from 'lru-cache';
import type { AppContext } from '../context.js';

/** How long a list total may be reused (ms): list totals lag changes by at most this. */
export const TOTAL_CACHE_MS = 2000;
/** List filters whose total is kept per app (the least recently used past it dropped). */
const TOTAL_CACHE_KEYS = 500;
const totals = new WeakMap<AppContext, LRUCache<string, { value: Promise<number> }>>();

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
    m = new LRUCache({ max: TOTAL_CACHE_KEYS, ttl: TOTAL_CACHE_MS });
    totals.set(ctx, m);
  }
  const hit = m.get(key);
  if (hit) return hit.value;
  const entry = { value: compute() };
  m.set(key, entry);
  const kept = m;
  entry.value.catch(() => {
    if (kept.peek(key) === entry) kept.delete(key);
  });
  return entry.value;
}
