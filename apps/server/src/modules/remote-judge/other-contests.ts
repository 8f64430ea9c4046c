import { adapterFor } from '@oj/remote-judge';
import type { OtherContest, RemoteOjName } from '@oj/shared';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context.js';
import { withTimeout } from './import.js';

/** The OJs whose upcoming contests the home page lists (their adapters have recentContests). */
const CONTEST_OJS: RemoteOjName[] = ['CF', 'AC'];
/** How long one site may take (ms); a slow or unreachable site adds nothing. */
const SITE_TIMEOUT_MS = 8000;
/** A list is kept 10 minutes; an empty answer (sites unreachable or slow) 15 s. */
const TTL_MS = 10 * 60_000;
const EMPTY_TTL_MS = 15_000;

const caches = new WeakMap<AppContext, LRUCache<string, OtherContest[]>>();

/**
 * GET /api/get-recent-other-contest (doc 1 home card): the upcoming contests of Codeforces and AtCoder (each
 * adapter's recentContests, base URL `OJ_REMOTE_<OJ>_URL`), by start time, at most 20; cached per instance 10
 * minutes. A site that fails or does not answer within 8 s adds nothing: the list may be empty, never an error.
 */
export async function recentOtherContests(ctx: AppContext): Promise<OtherContest[]> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new LRUCache<string, OtherContest[]>({
      max: 1,
      ttl: TTL_MS,
      fetchMethod: async () => {
        const lists = await Promise.allSettled(
          CONTEST_OJS.map((oj) => {
            const a = adapterFor(oj);
            return a.recentContests ? withTimeout(a.recentContests(), SITE_TIMEOUT_MS) : Promise.resolve([]);
          }),
        );
        const now = Date.now();
        return lists
          .flatMap((r) => (r.status === 'fulfilled' ? r.value : []))
          .filter((c) => Date.parse(c.endTime) > now)
          .sort((a, b) => Date.parse(a.beginTime) - Date.parse(b.beginTime))
          .slice(0, 20)
          .map((c) => ({ oj: c.oj, title: c.title, beginTime: c.beginTime, endTime: c.endTime, url: c.url }));
      },
    });
    caches.set(ctx, cache);
  }
  const list = (await cache.fetch('all')) ?? [];
  if (!list.length) cache.set('all', list, { ttl: EMPTY_TTL_MS });
  return list;
}
