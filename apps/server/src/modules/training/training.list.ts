import type { Page, TrainingVo } from '@oj/shared';
import { type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../lib/sql-rows.js';

/**
 * The training list's pages kept in process (docs/trainings.md "Training list"): a page's rows (everything but the
 * caller's `acCount`) are the same for every caller, so they are built once per list version and query, and a
 * request reads only the list version and the caller's AC counts for the page's trainings, in one statement.
 *
 * The version is `cache_versions.version` of the row `training_list` (migration 0013), moved by triggers on
 * `trainings` (insert, delete, and an update of a listed column), `training_problems` (insert, delete, a link
 * moved: the problem count) and `training_categories` (any change), inside the transaction that makes the change.
 * Every server process reads it with each request, so a committed change shows on the very next list call of any
 * process, whatever path made it (the back office, a cascade, SQL by hand); nothing needs to be told to forget.
 */

/** The name of the list's row in `cache_versions`. */
export const TRAINING_LIST_VERSION = 'training_list';

/** A built page: the rows without `acCount`, the total, and the list version it was built at. */
export interface ListPage {
  version: number;
  rows: Omit<TrainingVo, 'acCount'>[];
  ids: number[];
  total: number;
}

/** How many list pages this process built (tests and the bench read it). */
export const trainingListStats = { builds: 0 };

/** Pages kept per app (a test process builds several apps on several databases). */
const pagesOf = new WeakMap<AppContext, LRUCache<string, Promise<ListPage>>>();

function pages(ctx: AppContext): LRUCache<string, Promise<ListPage>> {
  let c = pagesOf.get(ctx);
  if (!c) {
    // Keyword searches make new keys: 256 pages of 15-50 rows are a few hundred KiB at most.
    c = new LRUCache<string, Promise<ListPage>>({ max: 256 });
    pagesOf.set(ctx, c);
  }
  return c;
}

/** The list version now (0 when the row is missing). */
export async function readListVersion(ctx: AppContext): Promise<number> {
  const [r] = rowsOf<{ v: string | number | null }>(
    await ctx.db.execute(sql`SELECT version AS v FROM cache_versions WHERE name = ${TRAINING_LIST_VERSION}`),
  );
  return Number(r?.v ?? 0);
}

/** Starts building `key` with `build`, keeps the promise (concurrent requests share it); a failed build is dropped. */
function startBuild(ctx: AppContext, key: string, build: () => Promise<ListPage>): Promise<ListPage> {
  const c = pages(ctx);
  trainingListStats.builds += 1;
  const p = build();
  c.set(key, p);
  p.catch(() => {
    if (c.get(key) === p) c.delete(key);
  });
  return p;
}

/**
 * The list version and, when `uid` is given, that user's AC count per training of `ids`, in one statement (an
 * index read of `training_records` by its primary key).
 */
async function versionAndProgress(
  ctx: AppContext,
  uid: string | null,
  ids: number[],
): Promise<{ version: number; acs: Map<number, number> }> {
  const progress: SQL =
    uid && ids.length
      ? sql` UNION ALL SELECT NULL, tid, ac FROM training_records WHERE uid = ${uid} AND tid IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const rows = rowsOf<{ v: string | number | null; tid: string | number | null; ac: number | null }>(
    await ctx.db.execute(
      sql`SELECT (SELECT version FROM cache_versions WHERE name = ${TRAINING_LIST_VERSION}) AS v, NULL::bigint AS tid,
        NULL::int AS ac${progress}`,
    ),
  );
  const acs = new Map<number, number>();
  let version = 0;
  for (const r of rows) {
    if (r.tid == null) version = Number(r.v ?? 0);
    else acs.set(Number(r.tid), Number(r.ac));
  }
  return { version, acs };
}

/**
 * A page of the list for the query `key`: the kept page when it holds the database's version, else one built again
 * by `build` (which reads the version before the rows, so a page never claims a change it does not hold); with
 * `uid`, each row's `acCount` is that user's AC count (0 without a record), else null. One statement per request
 * in the steady state; a change costs the first request after it one build (shared by concurrent requests).
 */
export async function cachedListPage(
  ctx: AppContext,
  key: string,
  uid: string | null,
  build: () => Promise<ListPage>,
): Promise<Pick<Page<TrainingVo>, 'records' | 'total'>> {
  const c = pages(ctx);
  const kept = c.get(key) ?? startBuild(ctx, key, build);
  let page = await kept;
  const asked = page.ids;
  const now = await versionAndProgress(ctx, uid, asked);
  let acs = now.acs;
  if (now.version > page.version) {
    // Stale: join a build another request started since if it holds our version, else start one (its own version
    // read follows ours, so it holds every change we were told about).
    const other = c.get(key);
    const joined = other && other !== kept ? await other.catch(() => null) : null;
    page = joined && joined.version >= now.version ? joined : await startBuild(ctx, key, build);
    if (uid && page.ids.join() !== asked.join()) ({ acs } = await versionAndProgress(ctx, uid, page.ids));
  }
  return {
    records: page.rows.map((r) => ({ ...r, acCount: uid ? (acs.get(r.id) ?? 0) : null })),
    total: page.total,
  };
}
