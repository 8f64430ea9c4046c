import { COMMENT_LIMITS, type CommentVo, type ReplyVo, Role } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { BatchedReads, perApp, preparedRows } from '../../lib/batched-reads.js';
import { type VersionedPage, VersionedPages } from '../../lib/versioned-pages.js';
import { authorRole } from '../discussion/discussion.view.js';

/**
 * Comment pages, built by one statement for discussions and contests (buildCommentPage), and a discussion's pages
 * kept in process (docs/community.md "Speed"): a page (comments by likes then newest, each with its newest replies
 * and reply count) is the same for every viewer of a discussion, so it is built once per thread version; a request reads, in one statement shared with concurrent requests, the discussion's head
 * (for the access rules), the thread version, and which of the page's comments the caller liked.
 *
 * The thread version is the sum of the `cache_versions` rows `comments:<did>` (moved by triggers on comments and
 * replies of that discussion: added, removed, liked, edited) and `community_epoch` (authors' names, avatars,
 * titles and roles; TRUNCATE), migration 0014. Contest pages are built by the same statement but not kept: while
 * a contest runs each viewer sees other comments.
 */

/** A built page of comments (a discussion's or a contest's). */
export interface CommentPage extends VersionedPage {
  records: CommentVo[];
  total: number;
}

/** What the access rules read of a discussion. */
export interface DiscussionHead {
  id: number;
  uid: string | null;
  gid: number | null;
  status: number;
}

/** A request's read: the discussion, the caller, and the comment ids of the page it holds. */
interface Ask {
  did: number;
  uid: string | null;
  ids: readonly (number | string)[];
}

/** The discussion's head (null when it does not exist), its thread version, and the caller's liked comments. */
export interface ThreadNow {
  version: number;
  head: DiscussionHead | null;
  liked: Set<number>;
}

/** Pages built and statements run by this process (tests, the bench). */
export const commentPageStats = { builds: 0, reads: 0 };

const THREAD_VERSION_SQL = (did: string) =>
  `(SELECT coalesce(sum(version), 0)::bigint FROM cache_versions WHERE name IN ('comments:' || ${did}, 'community_epoch'))`;

/** The discussions' heads and thread versions (no caller holds a page yet). */
const HEAD_SQL = `SELECT d.id AS did, d.uid, d.gid, d.status, ${THREAD_VERSION_SQL('d.id')} AS v,
    NULL::bigint AS comment_id, NULL::text AS liker
  FROM discussions d WHERE d.id = ANY($1::bigint[])`;
/** HEAD_SQL with the callers' likes among the comments of the pages they hold. */
const NOW_SQL = `${HEAD_SQL}
  UNION ALL
  SELECT NULL, NULL, NULL, NULL, NULL, comment_id, uid FROM comment_likes
    WHERE uid = ANY($2::text[]) AND comment_id = ANY($3::bigint[])`;

/**
 * For a batch of requests in one statement: each discussion's head and thread version, and each caller's likes
 * among the comments of the page it holds (primary-key probes; a page built after this read is read again for them).
 */
async function readNow(ctx: AppContext, asks: Ask[]): Promise<ThreadNow[]> {
  commentPageStats.reads += 1;
  const dids = new Set<number>();
  const uids = new Set<string>();
  const ids = new Set<number>();
  for (const a of asks) {
    dids.add(a.did);
    if (!a.uid) continue;
    uids.add(a.uid);
    for (const id of a.ids) ids.add(Number(id));
  }
  type Row = {
    did: string | number | null;
    uid: string | null;
    gid: string | number | null;
    status: number | null;
    v: string | number | null;
    comment_id: string | number | null;
    liker: string | null;
  };
  const rows = ids.size
    ? await preparedRows<Row>(ctx, 'comment_page_now', NOW_SQL, [[...dids], [...uids], [...ids]])
    : await preparedRows<Row>(ctx, 'comment_page_head', HEAD_SQL, [[...dids]]);
  const heads = new Map<number, { head: DiscussionHead; version: number }>();
  const likes = new Map<string, Set<number>>();
  for (const r of rows) {
    if (r.liker == null) {
      const id = Number(r.did);
      heads.set(id, {
        head: { id, uid: r.uid, gid: r.gid == null ? null : Number(r.gid), status: Number(r.status) },
        version: Number(r.v ?? 0),
      });
    } else {
      const set = likes.get(r.liker) ?? new Set<number>();
      set.add(Number(r.comment_id));
      likes.set(r.liker, set);
    }
  }
  return asks.map((a) => {
    const h = heads.get(a.did);
    const mine = a.uid ? likes.get(a.uid) : undefined;
    const asked = new Set(a.ids.map(Number));
    return {
      version: h?.version ?? 0,
      head: h?.head ?? null,
      liked: new Set([...(mine ?? [])].filter((id) => asked.has(id))),
    };
  });
}

// One statement of each kind at a time: larger batches (measured: 2,200 -> 2,500-2,650 random pages a second).
const readerOf = perApp((ctx) => new BatchedReads<Ask, ThreadNow>((asks) => readNow(ctx, asks), 1));
const pagesOf = perApp(() => new VersionedPages<CommentPage>(512));

/**
 * The statement that builds comment pages of several discussions (`column` did) or contests (cid) at once, as plain
 * rows (building JSON in PostgreSQL cost it twice the CPU): one row per comment and newest reply of each asked page
 * (`ord`), the comment's columns repeated on each of its replies' rows, a comment without replies on one row with
 * null reply columns. Parameters: `$1` the targets, `$2` page sizes, `$3` offsets, `$4` replies shown; contests
 * also `$5` whether each ask is restricted, `$6`/`$7` the visible authors' uids and the ask each belongs to, `$8`
 * the super admin role: a restricted ask sees only the comments and replies of its authors and of super admins, and
 * counts only those replies. Discussions are never restricted, and their statement carries no visibility test at
 * all: with one, PostgreSQL joined all users by hash on every page (0.47 ms a page against 0.27 ms).
 */
function buildSql(column: 'did' | 'cid'): string {
  const restricted = column === 'cid';
  const visible = (uid: string, role: string) =>
    restricted ? ` AND (NOT q.restricted OR ${uid} = ANY(f.uids) OR ${role} = $8::int)` : '';
  const asks = restricted
    ? `unnest($1::bigint[], $2::int[], $3::int[], $5::bool[]) WITH ORDINALITY AS q(target, lim, off, restricted, ord)
  CROSS JOIN LATERAL (SELECT coalesce(array_agg(a.uid), '{}'::text[]) AS uids
    FROM unnest($6::text[], $7::int[]) AS a(uid, ord) WHERE a.ord = q.ord) f`
    : 'unnest($1::bigint[], $2::int[], $3::int[]) WITH ORDINALITY AS q(target, lim, off, ord)';
  const replyCount = restricted
    ? `(SELECT count(*) FROM replies x JOIN users xu ON xu.uid = x.from_uid
        WHERE x.comment_id = p.id${visible('x.from_uid', 'xu.role')})`
    : '(SELECT count(*) FROM replies x WHERE x.comment_id = p.id)';
  const newest = restricted
    ? `SELECT y.* FROM replies y JOIN users yu ON yu.uid = y.from_uid
      WHERE y.comment_id = p.id${visible('y.from_uid', 'yu.role')} ORDER BY y.id DESC LIMIT $4::int`
    : 'SELECT * FROM replies y WHERE y.comment_id = p.id ORDER BY y.id DESC LIMIT $4::int';
  return `SELECT q.ord, p.id, p.content, p.from_uid, p.username, p.avatar, p.role, p.title_name, p.title_color,
    p.like_num, p.gmt_create, p.total, ${replyCount} AS reply_num,
    r.id AS r_id, r.content AS r_content, r.from_uid AS r_from_uid, fu.username AS r_username, fu.avatar AS r_avatar,
    fu.role AS r_role, fu.title_name AS r_title_name, fu.title_color AS r_title_color, r.to_uid AS r_to_uid,
    tu.username AS r_to_name, tu.avatar AS r_to_avatar, r.gmt_create AS r_gmt_create
  FROM ${asks}
  CROSS JOIN LATERAL (
    SELECT c.id, c.content, c.from_uid, u.username, u.avatar, u.role, u.title_name, u.title_color, c.like_num,
      c.gmt_create, count(*) OVER () AS total
    FROM comments c JOIN users u ON u.uid = c.from_uid
    WHERE c.${column} = q.target${visible('c.from_uid', 'u.role')}
    ORDER BY c.like_num DESC, c.id DESC LIMIT q.lim OFFSET q.off) p
  LEFT JOIN LATERAL (${newest}) r ON true
  LEFT JOIN users fu ON fu.uid = r.from_uid
  LEFT JOIN users tu ON tu.uid = r.to_uid
  ORDER BY q.ord, p.like_num DESC, p.id DESC, r.id DESC`;
}

const BUILD_SQL = { did: buildSql('did'), cid: buildSql('cid') };

/**
 * The total of a page past the end: the target's comments visible to the ask (BUILD_SQL's rule, by column like it:
 * a discussion counts on its index alone; a contest takes `$2` restricted, `$3` the visible authors, `$4` the super
 * admin role).
 */
const TOTAL_SQL = {
  did: 'SELECT count(*) AS n FROM comments c WHERE c.did = $1::bigint',
  cid: `SELECT count(*) AS n FROM comments c JOIN users u ON u.uid = c.from_uid
  WHERE c.cid = $1::bigint AND (NOT $2::bool OR c.from_uid = ANY($3::text[]) OR u.role = $4::int)`,
};

/** A row of BUILD_SQL. */
type BuildRow = {
  ord: string | number;
  id: string | number;
  content: string;
  from_uid: string;
  username: string;
  avatar: string | null;
  role: number | null;
  title_name: string | null;
  title_color: string | null;
  like_num: number;
  gmt_create: Date | string;
  total: string | number;
  reply_num: string | number;
  r_id: string | number | null;
  r_content: string;
  r_from_uid: string;
  r_username: string;
  r_avatar: string | null;
  r_role: number | null;
  r_title_name: string | null;
  r_title_color: string | null;
  r_to_uid: string | null;
  r_to_name: string | null;
  r_to_avatar: string | null;
  r_gmt_create: Date | string;
};

/**
 * Whose comments and replies a page shows: null for everyone, else only those of `uids` and of super admins
 * (comment.scope.ts visibleAuthors: a running contest's participant).
 */
export type AuthorFilter = { uids: readonly string[] } | null;

/** Where a page's comments live: a discussion or a contest. */
export type PageTarget = { did: number; cid?: undefined } | { cid: number; did?: undefined };

/** One page to build: the target, page from 1, comments per page, and the authors shown. */
interface BuildAsk {
  target: PageTarget;
  current: number;
  size: number;
  authors: AuthorFilter;
}

/** The comment of a row (no replies yet). */
const commentOf = (r: BuildRow): CommentVo => ({
  id: Number(r.id),
  content: r.content,
  fromUid: r.from_uid,
  fromName: r.username,
  fromAvatar: r.avatar,
  fromRole: authorRole(r.role),
  fromTitleName: r.title_name,
  fromTitleColor: r.title_color,
  likeNum: r.like_num,
  totalReplyNum: Number(r.reply_num),
  gmtCreate: new Date(r.gmt_create).toISOString(),
  replyList: [],
});

/** The reply of a row that has one. */
const replyOf = (r: BuildRow): ReplyVo => ({
  id: Number(r.r_id),
  commentId: Number(r.id),
  content: r.r_content,
  fromUid: r.r_from_uid,
  fromName: r.r_username,
  fromAvatar: r.r_avatar,
  fromRole: authorRole(r.r_role),
  fromTitleName: r.r_title_name,
  fromTitleColor: r.r_title_color,
  toUid: r.r_to_uid,
  toName: r.r_to_name,
  toAvatar: r.r_to_avatar,
  gmtCreate: new Date(r.r_gmt_create).toISOString(),
});

/**
 * Builds the asked pages (versions filled in by the callers) in one statement; an empty page past the first counts
 * its target's visible comments on its own (the total of a page past the end).
 */
async function buildBatch(ctx: AppContext, asks: BuildAsk[]): Promise<Omit<CommentPage, 'version'>[]> {
  const column = asks[0].target.did != null ? 'did' : 'cid';
  const params: unknown[] = [
    asks.map((a) => a.target.did ?? a.target.cid),
    asks.map((a) => a.size),
    asks.map((a) => (a.current - 1) * a.size),
    COMMENT_LIMITS.repliesShown,
  ];
  if (column === 'cid') {
    const authorUids: string[] = [];
    const authorOrds: number[] = [];
    asks.forEach((a, i) => {
      for (const uid of a.authors?.uids ?? []) {
        authorUids.push(uid);
        authorOrds.push(i + 1);
      }
    });
    params.push(
      asks.map((a) => a.authors != null),
      authorUids,
      authorOrds,
      Role.ROOT,
    );
  }
  const rows = await preparedRows<BuildRow>(ctx, `comment_page_build_${column}`, BUILD_SQL[column], params);
  const pages = asks.map(() => ({ records: [] as CommentVo[], total: 0 }));
  for (const r of rows) {
    const page = pages[Number(r.ord) - 1];
    let comment = page.records[page.records.length - 1];
    if (!comment || comment.id !== Number(r.id)) {
      comment = commentOf(r);
      page.records.push(comment);
      page.total = Number(r.total);
    }
    if (r.r_id != null) comment.replyList.push(replyOf(r));
  }
  return Promise.all(
    pages.map(async (page, i) => {
      const a = asks[i];
      if (!page.records.length && a.current > 1) {
        const [n] = await preparedRows<{ n: string | number }>(
          ctx,
          `comment_page_total_${column}`,
          TOTAL_SQL[column],
          column === 'did'
            ? [a.target.did]
            : [a.target.cid, a.authors != null, [...(a.authors?.uids ?? [])], Role.ROOT],
        );
        page.total = Number(n?.n ?? 0);
      }
      return { ...page, ids: page.records.map((c) => c.id) };
    }),
  );
}

/** One batch of discussion pages and one of contest pages at a time (buildBatch builds one kind per statement). */
const buildersOf = perApp((ctx) => ({
  did: new BatchedReads<BuildAsk, Omit<CommentPage, 'version'>>((asks) => buildBatch(ctx, asks), 1),
  cid: new BatchedReads<BuildAsk, Omit<CommentPage, 'version'>>((asks) => buildBatch(ctx, asks), 1),
}));

/**
 * Builds page `current` (from 1, `size` comments) of the comments of `target` (a discussion or a contest) that
 * `authors` lets through (null: all), in one statement with the other pages being built at the time: comments by
 * likes then newest with their authors, each with its newest COMMENT_LIMITS.repliesShown visible replies and its
 * count of visible replies, and the total of visible comments. `version` is the thread version the caller read
 * before this started (0 for pages that are not kept: contests).
 */
export async function buildCommentPage(
  ctx: AppContext,
  target: PageTarget,
  current: number,
  size: number,
  authors: AuthorFilter,
  version: number,
): Promise<CommentPage> {
  // Discussions have no author filter (their statement has no visibility test): a filter there is a caller's bug.
  if (target.did != null && authors != null)
    throw new Error('a discussion comment page has no author filter');
  const builder = buildersOf(ctx)[target.did != null ? 'did' : 'cid'];
  return { version, ...(await builder.read({ target, current, size, authors })) };
}

/**
 * Page `key` of discussion `did`'s comments for `uid`: `check(head)` runs on the discussion read now (it throws to
 * refuse: 404 when `head` is null, the access rules) before anything is built or sent; then the kept page when it
 * holds the thread version, else one built by `build(version read)` (buildCommentPage). Returns
 * the page and the caller's liked comments on it.
 */
export async function cachedCommentPage(
  ctx: AppContext,
  did: number,
  key: string,
  uid: string | null,
  check: (head: DiscussionHead | null) => Promise<void>,
  build: (version: number) => Promise<CommentPage>,
): Promise<{ page: CommentPage; liked: Set<number> }> {
  const reader = readerOf(ctx);
  const { page, now } = await pagesOf(ctx).get(
    `${did}:${key}`,
    async (now: ThreadNow) => {
      commentPageStats.builds += 1;
      return build(now.version);
    },
    async (ids) => {
      const n = await reader.read({ did, uid: ids.length ? uid : null, ids });
      await check(n.head);
      return n;
    },
  );
  return { page, liked: now.liked };
}
