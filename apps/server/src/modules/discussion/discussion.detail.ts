import type { AppContext } from '../../context.js';
import { BatchedReads, perApp, preparedRows } from '../../lib/batched-reads.js';
import { notFound } from '../../lib/errors.js';
import type { DiscussionRow } from './discussion.view.js';
import { VIEW_WINDOW_MS } from './discussion.views.js';

/**
 * The detail page's reads and view counts, shared by concurrent requests (docs/community.md "Speed"):
 * - one statement reads, for every waiting request, its discussion with the author and category, whether the caller
 *   liked it, and whether the viewer's view was counted within the hour;
 * - the views to count are written together: one statement marks them (`discussion_views`) and raises each
 *   discussion's `view_num` by its new marks, one batch at a time per process (rows taken in id order), without
 *   waiting for the WAL flush (a crash may forget the last moment's view counts).
 */

/** A request's read: the discussion, the caller (likes) and the viewer key (views). */
interface Ask {
  did: number;
  uid: string | null;
  viewer: string;
}

/** A discussion as the detail reads it: the row, the caller's like, and whether this viewer counts as seen. */
export type DetailRow = DiscussionRow & { liked: boolean; seen: boolean };

const READ_SQL = `SELECT q.ord, d.id, d.category_id, c.name AS category_name, d.title, d.description, d.content, d.pid,
    d.uid, d.author, u.avatar, u.title_name, u.title_color, u.role, d.view_num, d.like_num, d.comment_num,
    d.top_priority, d.gid, d.status, d.gmt_create, d.gmt_modified,
    (q.uid IS NOT NULL AND EXISTS (SELECT 1 FROM discussion_likes l WHERE l.did = d.id AND l.uid = q.uid)) AS liked,
    EXISTS (SELECT 1 FROM discussion_views v WHERE v.did = d.id AND v.viewer = q.viewer
      AND v.viewed_at > now() - make_interval(secs => ${VIEW_WINDOW_MS / 1000})) AS seen
  FROM unnest($1::bigint[], $2::text[], $3::text[]) WITH ORDINALITY AS q(did, uid, viewer, ord)
  JOIN discussions d ON d.id = q.did
  LEFT JOIN users u ON u.uid = d.uid
  LEFT JOIN discussion_categories c ON c.id = d.category_id`;

type Raw = {
  ord: string | number;
  id: string | number;
  category_id: string | number | null;
  category_name: string | null;
  title: string;
  description: string;
  content: string;
  pid: string | null;
  uid: string | null;
  author: string;
  avatar: string | null;
  title_name: string | null;
  title_color: string | null;
  role: number | null;
  view_num: number;
  like_num: number;
  comment_num: number;
  top_priority: boolean;
  gid: string | number | null;
  status: number;
  gmt_create: Date | string;
  gmt_modified: Date | string;
  liked: boolean;
  seen: boolean;
};

const toRow = (r: Raw): DetailRow => ({
  id: Number(r.id),
  categoryId: r.category_id == null ? null : Number(r.category_id),
  categoryName: r.category_name,
  title: r.title,
  description: r.description,
  content: r.content,
  pid: r.pid,
  uid: r.uid,
  author: r.author,
  avatar: r.avatar,
  titleName: r.title_name,
  titleColor: r.title_color,
  authorRoleCode: r.role,
  viewNum: r.view_num,
  likeNum: r.like_num,
  commentNum: r.comment_num,
  topPriority: r.top_priority,
  gid: r.gid == null ? null : Number(r.gid),
  status: r.status,
  gmtCreate: new Date(r.gmt_create),
  gmtModified: new Date(r.gmt_modified),
  liked: r.liked,
  seen: r.seen,
});

async function readBatch(ctx: AppContext, asks: Ask[]): Promise<(DetailRow | null)[]> {
  const rows = await preparedRows<Raw>(ctx, 'discussion_detail', READ_SQL, [
    asks.map((a) => a.did),
    asks.map((a) => a.uid),
    asks.map((a) => a.viewer),
  ]);
  const byOrd = new Map(rows.map((r) => [Number(r.ord), toRow(r)]));
  return asks.map((_, i) => byOrd.get(i + 1) ?? null);
}

// `cfg` turns off the WAL-flush wait for this statement's own transaction; the final SELECT reads it so that it runs.
const COUNT_SQL = `WITH cfg AS (SELECT set_config('synchronous_commit', 'off', true) AS s),
  v AS (SELECT did, viewer FROM unnest($1::bigint[], $2::text[]) AS t(did, viewer)),
  mark AS (
    INSERT INTO discussion_views (did, viewer, viewed_at) SELECT did, viewer, now() FROM v ORDER BY did, viewer
    ON CONFLICT (did, viewer) DO UPDATE SET viewed_at = now()
      WHERE discussion_views.viewed_at <= now() - make_interval(secs => ${VIEW_WINDOW_MS / 1000})
    RETURNING did, viewer),
  n AS (SELECT did, count(*)::int AS n FROM mark GROUP BY did),
  locked AS (SELECT d.id FROM discussions d JOIN n ON n.did = d.id ORDER BY d.id FOR UPDATE OF d),
  up AS (UPDATE discussions d SET view_num = d.view_num + n.n FROM n, locked
    WHERE d.id = n.did AND locked.id = d.id RETURNING d.id, d.view_num)
  SELECT m.did, m.viewer, up.view_num, (SELECT s FROM cfg) AS s FROM mark m JOIN up ON up.id = m.did`;

/** How many times a batch of view counts is tried when PostgreSQL picks it as a deadlock victim. */
const COUNT_TRIES = 3;

/** Counts the asked views not counted within the hour; each ask gets its discussion's view count, or null. */
async function countBatch(ctx: AppContext, asks: Ask[]): Promise<(number | null)[]> {
  const keys = [...new Set(asks.map((a) => JSON.stringify([a.did, a.viewer])))]
    .map((k) => JSON.parse(k) as [number, string])
    .sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  let rows: { did: string | number; viewer: string; view_num: number }[] = [];
  for (let attempt = 1; ; attempt += 1) {
    try {
      rows = await preparedRows(ctx, 'discussion_view_count', COUNT_SQL, [
        keys.map((k) => k[0]),
        keys.map((k) => k[1]),
      ]);
      break;
    } catch (e) {
      if ((e as { code?: string }).code !== '40P01' || attempt >= COUNT_TRIES) throw e;
    }
  }
  const counted = new Map(rows.map((r) => [`${Number(r.did)}\u0000${r.viewer}`, Number(r.view_num)]));
  const answered = new Set<string>();
  return asks.map((a) => {
    const k = `${a.did}\u0000${a.viewer}`;
    if (answered.has(k)) return null; // the same viewer twice in one batch counts once
    answered.add(k);
    return counted.get(k) ?? null;
  });
}

const readerOf = perApp((ctx) => new BatchedReads<Ask, DetailRow | null>((asks) => readBatch(ctx, asks)));
const counterOf = perApp(
  (ctx) => new BatchedReads<Ask, number | null>((asks) => countBatch(ctx, asks), 1, 256),
);

/**
 * Discussion `did` with its author and category, whether `uid` liked it, and whether `viewer` was counted within
 * the hour (`seen`); 404 "The discussion does not exist" when absent.
 */
export async function readDetail(
  ctx: AppContext,
  did: number,
  uid: string | null,
  viewer: string,
): Promise<DetailRow> {
  const row = await readerOf(ctx).read({ did, uid, viewer });
  if (!row) throw notFound('discussion.notFound');
  return row;
}

/**
 * Counts a view of `did` by `viewer` unless it was counted within the hour (VIEW_WINDOW_MS), with the other views
 * waiting; returns the discussion's view count after it, or null when it was not counted.
 */
export function countViewBatched(ctx: AppContext, did: number, viewer: string): Promise<number | null> {
  return counterOf(ctx).read({ did, uid: null, viewer });
}
