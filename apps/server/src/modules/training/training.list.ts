import type { Page, TrainingVo } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { BatchedReads, perApp, preparedRows } from '../../lib/batched-reads.js';
import { readCacheVersion, VersionedPages } from '../../lib/versioned-pages.js';

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

/** The list's kept pages, and the statements that read versions and progress (tests, the bench). */
const pagesOf = perApp(() => new VersionedPages<ListPage>(256));
const readerOf = perApp((ctx) => new BatchedReads<Ask, Progress>((asks) => readProgress(ctx, asks)));

/** List pages this process built, and statements it ran to read versions and progress (tests, the bench). */
export const trainingListStats = { builds: 0, reads: 0 };

/** The list version now (0 when the row is missing). */
export function readListVersion(ctx: AppContext): Promise<number> {
  return readCacheVersion(ctx, [TRAINING_LIST_VERSION]);
}

const VERSION_SQL = `SELECT (SELECT version FROM cache_versions WHERE name = '${TRAINING_LIST_VERSION}') AS v, NULL AS uid, NULL::bigint AS tid, NULL::int AS ac`;
const PROGRESS_SQL = `${VERSION_SQL} UNION ALL SELECT NULL, uid, tid, ac FROM training_records WHERE uid = ANY($1::text[]) AND tid = ANY($2::bigint[])`;

/** The list version and one caller's AC counts by training id. */
interface Progress {
  version: number;
  acs: Map<number, number>;
}

/** One request's read: its caller (null: the version only) and its page's training ids. */
interface Ask {
  uid: string | null;
  ids: readonly (number | string)[];
}

/**
 * The version and the AC counts of every asking caller over every asked training, in one statement
 * (`uid = ANY(…) AND tid = ANY(…)`); each ask gets its own caller's map.
 */
async function readProgress(ctx: AppContext, asks: Ask[]): Promise<Progress[]> {
  trainingListStats.reads += 1;
  const uids = new Set<string>();
  const tids = new Set<number>();
  for (const a of asks) {
    if (!a.uid || !a.ids.length) continue;
    uids.add(a.uid);
    for (const id of a.ids) tids.add(Number(id));
  }
  type Row = {
    v: string | number | null;
    uid: string | null;
    tid: string | number | null;
    ac: number | null;
  };
  const rows = uids.size
    ? await preparedRows<Row>(ctx, 'training_list_progress', PROGRESS_SQL, [[...uids], [...tids]])
    : await preparedRows<Row>(ctx, 'training_list_version', VERSION_SQL, []);
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
  return asks.map((a) => ({ version, acs: (a.uid && byUser.get(a.uid)) || none }));
}

/**
 * A page of the list for the query `key`: the kept page when it holds the database's version, else one built again
 * by `build` (which reads the version before the rows, so a page never claims a change it does not hold); with
 * `uid`, each row's `acCount` is that user's AC count (0 without a record), else null. One statement per request
 * in the steady state, shared with concurrent requests; a change costs the first request after it one build.
 */
export async function cachedListPage(
  ctx: AppContext,
  key: string,
  uid: string | null,
  build: () => Promise<ListPage>,
): Promise<Pick<Page<TrainingVo>, 'records' | 'total'>> {
  const reader = readerOf(ctx);
  const { page, now } = await pagesOf(ctx).get(
    key,
    async () => {
      trainingListStats.builds += 1;
      return build();
    },
    (ids) => reader.read({ uid, ids }),
  );
  return {
    records: page.rows.map((r) => ({ ...r, acCount: uid ? (now.acs.get(r.id) ?? 0) : null })),
    total: page.total,
  };
}
