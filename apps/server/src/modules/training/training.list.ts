import type { PGlite } from '@electric-sql/pglite';
import type { Page, TrainingVo } from '@oj/shared';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
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

/** List pages this process built, and statements it ran to read versions and progress (tests, the bench). */
export const trainingListStats = { builds: 0, reads: 0 };

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

const VERSION_SQL = `SELECT (SELECT version FROM cache_versions WHERE name = '${TRAINING_LIST_VERSION}') AS v, NULL AS uid, NULL::bigint AS tid, NULL::int AS ac`;
const PROGRESS_SQL = `${VERSION_SQL} UNION ALL SELECT NULL, uid, tid, ac FROM training_records WHERE uid = ANY($1::text[]) AND tid = ANY($2::bigint[])`;

/** A raw statement's rows; on PostgreSQL a named (prepared once per connection: parsed and planned once) statement. */
async function preparedRows<T>(ctx: AppContext, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (ctx.db as unknown as { $client: unknown }).$client;
  if (ctx.dbKind === 'postgres') return (await (client as pg.Pool).query({ name, text, values })).rows as T[];
  return (await (client as PGlite).query<T>(text, values)).rows;
}

/** The list version and one caller's AC counts by training id. */
interface Progress {
  version: number;
  acs: Map<number, number>;
}

/** One request waiting for the version and its caller's AC counts over its page's trainings. */
interface Ask {
  uid: string | null;
  ids: number[];
  resolve(p: Progress): void;
  reject(e: unknown): void;
}

/** Statements of one batcher running at once, and requests answered by one statement at most. */
const MAX_IN_FLIGHT = 2;
const MAX_BATCH = 64;

/**
 * Reads the list version and callers' AC counts for concurrent requests together: a request starts a statement at
 * once when fewer than MAX_IN_FLIGHT are running, else waits for one to end and goes with every request that
 * queued meanwhile, in one statement (`uid = ANY(…) AND tid = ANY(…)`). Each request's version is read by a
 * statement started after it arrived, so it sees every change committed before it. One per app.
 */
class ProgressReader {
  private readonly queue: Ask[] = [];
  private running = 0;

  constructor(private readonly ctx: AppContext) {}

  /** The version now and `uid`'s AC count per training of `ids` (no entry: no record); uid null: the version only. */
  read(uid: string | null, ids: number[]): Promise<Progress> {
    return new Promise<Progress>((resolve, reject) => {
      this.queue.push({ uid: ids.length ? uid : null, ids, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < MAX_IN_FLIGHT && this.queue.length) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.running += 1;
      void this.run(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async run(batch: Ask[]): Promise<void> {
    try {
      const uids = new Set<string>();
      const tids = new Set<number>();
      for (const a of batch) {
        if (!a.uid) continue;
        uids.add(a.uid);
        for (const id of a.ids) tids.add(id);
      }
      type Row = {
        v: string | number | null;
        uid: string | null;
        tid: string | number | null;
        ac: number | null;
      };
      const rows = uids.size
        ? await preparedRows<Row>(this.ctx, 'training_list_progress', PROGRESS_SQL, [[...uids], [...tids]])
        : await preparedRows<Row>(this.ctx, 'training_list_version', VERSION_SQL, []);
      let version = 0;
      const byUser = new Map<string, Map<number, number>>();
      for (const r of rows) {
        if (r.uid == null) {
          version = Number(r.v ?? 0);
          continue;
        }
        let m = byUser.get(r.uid);
        if (!m) {
          m = new Map();
          byUser.set(r.uid, m);
        }
        m.set(Number(r.tid), Number(r.ac));
      }
      const none = new Map<number, number>();
      for (const a of batch) a.resolve({ version, acs: (a.uid && byUser.get(a.uid)) || none });
    } catch (e) {
      for (const a of batch) a.reject(e);
    }
  }
}

const readers = new WeakMap<AppContext, ProgressReader>();

/**
 * The list version and, when `uid` is given, that user's AC count per training of `ids` (an index read of
 * `training_records`), read together with concurrent requests' (ProgressReader).
 */
function versionAndProgress(ctx: AppContext, uid: string | null, ids: number[]): Promise<Progress> {
  let r = readers.get(ctx);
  if (!r) {
    r = new ProgressReader(ctx);
    readers.set(ctx, r);
  }
  return r.read(uid, ids);
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
