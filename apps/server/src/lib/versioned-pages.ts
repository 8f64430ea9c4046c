import { LRUCache } from 'lru-cache';
import type { AppContext } from '../context.js';
import { preparedRows } from './batched-reads.js';

/**
 * List pages kept in process and checked against a database version on every request (docs/trainings.md
 * "Training list", docs/community.md "Speed"): the part of a page that is the same for every caller is built once
 * per version and key; a request reads only the version now and its own per-caller values (one statement, usually
 * shared with concurrent requests through BatchedReads), and gets the page built again when the version moved.
 * The versions are `cache_versions` rows moved by triggers inside the changing transaction, so a committed change
 * shows on the very next call of every process, whatever path made it.
 */

/** A built page: its version (read BEFORE its rows, so it never claims a change it does not hold) and row ids. */
export interface VersionedPage {
  version: number;
  ids: readonly (number | string)[];
}

/** What a request reads with each call: the version now, plus its own values over the page's ids. */
export interface VersionNow {
  version: number;
}

/** Builds and page-build counts of one VersionedPages (tests and benches). */
export interface PageStats {
  builds: number;
}

/** A bounded set of kept pages by query key; concurrent requests share one build. */
export class VersionedPages<P extends VersionedPage> {
  readonly stats: PageStats = { builds: 0 };
  private readonly pages: LRUCache<string, Promise<P>>;

  /** @param max pages kept; the least recently used beyond it are dropped. */
  constructor(max = 256) {
    this.pages = new LRUCache<string, Promise<P>>({ max });
  }

  private startBuild(key: string, build: () => Promise<P>): Promise<P> {
    this.stats.builds += 1;
    const p = build();
    this.pages.set(key, p);
    p.catch(() => {
      if (this.pages.get(key) === p) this.pages.delete(key);
    });
    return p;
  }

  /**
   * The page for `key` at the database's version, with the caller's values read by `readNow(ids)`:
   * - `readNow` is called with the kept page's ids (or none when nothing is kept) and must read the version with a
   *   statement started now; it may throw (an access check): nothing is built then;
   * - kept and not older than the version read: served, with those values;
   * - else built by `build` (or a build another request started since, when it holds that version; `build` gets the
   *   read, whose version was read before the build's rows and may serve as the page's version), and `readNow`
   *   called again when the rows changed, unless `byIds` is false (what it reads does not depend on the ids).
   */
  async get<X extends VersionNow>(
    key: string,
    build: (now: X) => Promise<P>,
    readNow: (ids: readonly (number | string)[]) => Promise<X>,
    byIds = true,
  ): Promise<{ page: P; now: X }> {
    const kept = this.pages.get(key);
    const keptPage = kept ? await kept.catch(() => null) : null;
    const asked = keptPage?.ids ?? [];
    let now = await readNow(asked);
    if (keptPage && keptPage.version >= now.version) return { page: keptPage, now };
    const other = this.pages.get(key);
    const joined = other && other !== kept ? await other.catch(() => null) : null;
    const read = now;
    const page =
      joined && joined.version >= now.version ? joined : await this.startBuild(key, () => build(read));
    if (byIds && page.ids.join('\u0000') !== asked.join('\u0000')) now = await readNow(page.ids);
    return { page, now };
  }

  /** Drops every kept page (tests). */
  clear(): void {
    this.pages.clear();
  }
}

/**
 * The version of a kept page now: the sum of the `cache_versions` rows `names` (0 when none exists; a sum of
 * monotonic counters moves whenever one of them does). A page's build reads it before its rows.
 */
export async function readCacheVersion(ctx: AppContext, names: readonly string[]): Promise<number> {
  const [r] = await preparedRows<{ v: string | number | null }>(
    ctx,
    'cache_version',
    'SELECT coalesce(sum(version), 0)::bigint AS v FROM cache_versions WHERE name = ANY($1::text[])',
    [names],
  );
  return Number(r?.v ?? 0);
}
