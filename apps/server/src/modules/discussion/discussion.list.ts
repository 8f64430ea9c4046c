import type { DiscussionVo } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { BatchedReads, perApp, preparedRows } from '../../lib/batched-reads.js';
import { readCacheVersion, type VersionedPage, VersionedPages } from '../../lib/versioned-pages.js';

/**
 * The discussion list's pages kept in process (docs/community.md "Speed"): what a page shows is the same for every
 * caller but three counts and the content of the caller's own posts, so the rows are built once per list version
 * and query, and a request reads the version, the counts of its page's discussions and the content of the ones it
 * wrote, in one statement shared with concurrent requests.
 *
 * The version is the sum of the `cache_versions` rows `discussion_list` and `community_epoch` (migration 0014),
 * moved by triggers inside the transaction of any change the rows show (a discussion's listed columns, one added or
 * removed, a category, an author's name, avatar, title or role). Views, likes and comments move only the counts,
 * which are read with every request, so they never rebuild a page.
 */

/** A built page: the rows as sent but `content` (null) and the counts, which each request reads. */
export interface DiscussionListPage extends VersionedPage {
  rows: DiscussionVo[];
  total: number;
}

/** The `cache_versions` rows whose sum is the list's version. */
const VERSION_NAMES = ['discussion_list', 'community_epoch'];
const VERSION_SQL = `SELECT coalesce(sum(version), 0)::bigint FROM cache_versions WHERE name IN ('discussion_list', 'community_epoch')`;
const NOW_SQL = `SELECT (${VERSION_SQL}) AS v, NULL::bigint AS id, NULL::int AS views, NULL::int AS likes,
    NULL::int AS comments, NULL::text AS content
  UNION ALL
  SELECT NULL, id, view_num, like_num, comment_num, CASE WHEN uid = ANY($2::text[]) THEN content END
    FROM discussions WHERE id = ANY($1::bigint[])`;

/** The counts of one discussion now, and its content when an asking caller wrote it. */
interface Live {
  viewNum: number;
  likeNum: number;
  commentNum: number;
  content: string | null;
}

/** A request's read: its caller and its page's discussion ids. */
interface Ask {
  uid: string | null;
  ids: readonly (number | string)[];
}

/** The version now and the live values of the asked discussions (shared by a batch). */
interface ListNow {
  version: number;
  live: Map<number, Live>;
}

/** Pages built and statements run by this process (tests, the bench). */
export const discussionListStats = { builds: 0, reads: 0 };

const pagesOf = perApp(() => new VersionedPages<DiscussionListPage>(256));

/** The version and the live values of every asked discussion, for a batch of requests, in one statement. */
async function readNow(ctx: AppContext, asks: Ask[]): Promise<ListNow[]> {
  discussionListStats.reads += 1;
  const ids = new Set<number>();
  const uids = new Set<string>();
  for (const a of asks) {
    for (const id of a.ids) ids.add(Number(id));
    if (a.uid) uids.add(a.uid);
  }
  type Row = {
    v: string | number | null;
    id: string | number | null;
    views: number;
    likes: number;
    comments: number;
    content: string | null;
  };
  const rows = await preparedRows<Row>(ctx, 'discussion_list_now', NOW_SQL, [[...ids], [...uids]]);
  let version = 0;
  const live = new Map<number, Live>();
  for (const r of rows) {
    if (r.id == null) version = Number(r.v ?? 0);
    else
      live.set(Number(r.id), {
        viewNum: Number(r.views),
        likeNum: Number(r.likes),
        commentNum: Number(r.comments),
        content: r.content,
      });
  }
  const now = { version, live };
  return asks.map(() => now);
}

const readerOf = perApp((ctx) => new BatchedReads<Ask, ListNow>((asks) => readNow(ctx, asks)));

/** The list version now (read by a build before its rows). */
export function readDiscussionListVersion(ctx: AppContext): Promise<number> {
  return readCacheVersion(ctx, VERSION_NAMES);
}

/**
 * A page of the list for the query `key` as `uid` sees it: the kept rows when they hold the database's version,
 * else built again by `build` (which must read readDiscussionListVersion before its rows), with each row's counts
 * read now and `content` only on the caller's own posts (null elsewhere). One statement per request in the steady
 * state.
 */
export async function cachedDiscussionPage(
  ctx: AppContext,
  key: string,
  uid: string | null,
  build: () => Promise<DiscussionListPage>,
): Promise<{ records: DiscussionVo[]; total: number }> {
  const reader = readerOf(ctx);
  const { page, now } = await pagesOf(ctx).get(
    key,
    async () => {
      discussionListStats.builds += 1;
      return build();
    },
    (ids) => reader.read({ uid, ids }),
  );
  return {
    records: page.rows.map((r) => {
      const live = now.live.get(r.id);
      if (!live) return r;
      return {
        ...r,
        viewNum: live.viewNum,
        likeNum: live.likeNum,
        commentNum: live.commentNum,
        content: uid && r.uid === uid ? (live.content ?? '') : null,
      };
    }),
    total: page.total,
  };
}
