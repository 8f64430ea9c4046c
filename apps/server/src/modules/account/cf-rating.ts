import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context.js';

/** A Codeforces handle: 3 to 24 letters, digits, `_`, `-` or `.` (anything else is not looked up). */
const HANDLE = /^[A-Za-z0-9_.-]{3,24}$/;
/** How long a looked-up rating is reused (ms), and a failed look-up before it is tried again. */
export const CF_RATING_TTL_MS = 3_600_000;
export const CF_RATING_RETRY_MS = 600_000;
/** The look-up's time limit (ms), and how long a profile waits for it before answering without it. */
const FETCH_TIMEOUT_MS = 5_000;
const WAIT_MS = 1_500;

/** Handles kept at most (the least recently used past it dropped). */
const CF_RATING_MAX = 10_000;
/**
 * Looked-up ratings per lower-cased handle, each for its own TTL (CF_RATING_TTL_MS, or CF_RATING_RETRY_MS after a
 * failure); an expired one is still read (allowStale) as the answer while the look-up runs or when it fails.
 */
const cache = new LRUCache<string, { rating: number | null }>({
  max: CF_RATING_MAX,
  ttl: CF_RATING_TTL_MS,
  allowStale: true,
  noDeleteOnStaleGet: true,
});
const pending = new Map<string, Promise<number | null>>();

/** Asks `${api}/user.info?handles=<handle>`; the rating, null when unrated; throws on any failure. */
async function lookUp(api: string, handle: string): Promise<number | null> {
  const res = await fetch(`${api}/user.info?handles=${encodeURIComponent(handle)}`, {
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  const body = (await res.json()) as { status?: string; result?: { rating?: unknown }[] };
  if (!res.ok || body.status !== 'OK') throw new Error(`codeforces: ${res.status} ${body.status}`);
  const rating = body.result?.[0]?.rating;
  return typeof rating === 'number' && Number.isFinite(rating) ? rating : null;
}

/**
 * The Codeforces rating of `handle` for the user home's "CF rating" (doc 1 §2.9), from the Codeforces API
 * (OJ_CODEFORCES_API, default https://codeforces.com/api; "off" disables it). Kept per handle for an hour in this
 * process (a failure for 10 minutes); a profile waits at most 1.5 s for a look-up, which then completes in the
 * background for the next view. Returns null for no handle, an unrated or unknown one, or no answer.
 */
export async function cfRating(ctx: AppContext, handle: string): Promise<number | null> {
  const api = ctx.env.OJ_CODEFORCES_API;
  if (!handle || !HANDLE.test(handle) || api === 'off') return null;
  const key = handle.toLowerCase();
  const status: LRUCache.Status<string, { rating: number | null }> = {};
  const hit = cache.get(key, { status });
  if (hit && status.get === 'hit') return hit.rating;
  let job = pending.get(key);
  if (!job) {
    job = lookUp(api.replace(/\/+$/, ''), handle)
      .then((rating) => {
        cache.set(key, { rating });
        return rating;
      })
      .catch(() => {
        cache.set(key, { rating: hit?.rating ?? null }, { ttl: CF_RATING_RETRY_MS });
        return hit?.rating ?? null;
      })
      .finally(() => pending.delete(key));
    pending.set(key, job);
  }
  const late = new Promise<null>((r) => setTimeout(() => r(null), WAIT_MS).unref());
  return Promise.race([job, late.then(() => hit?.rating ?? null)]);
}
