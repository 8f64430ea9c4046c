import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Discussion categories (doc 2 §2.12, §3 "Category"): the super admin edits the list. A fresh site starts with
 * four (inserted by the migration).
 */
export const discussionCategories = pgTable('discussion_categories', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
});

/** `status` of a discussion shown in the public lists (DiscussionStatus.NORMAL in packages/shared). */
const SHOWN = sql.raw('0');

/**
 * Discussions (doc 2 §3 "Discussion"; doc 3 "Group discussion" adds `gid`). `pid` is the problem's display id
 * (null: not about a problem). `status` 0 normal, 1 disabled. `commentNum` counts comments and replies. The author's
 * avatar, title and role are read from `users`, so they follow the account. List order: pinned, then newest.
 */
export const discussions = pgTable(
  'discussions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    categoryId: bigint('category_id', { mode: 'number' }).references(() => discussionCategories.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    content: text('content').notNull().default(''),
    pid: text('pid'),
    /** The author; null once the account is deleted (`author` keeps the name). */
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    author: text('author').notNull().default(''),
    viewNum: integer('view_num').notNull().default(0),
    likeNum: integer('like_num').notNull().default(0),
    commentNum: integer('comment_num').notNull().default(0),
    topPriority: boolean('top_priority').notNull().default(false),
    status: integer('status').notNull().default(0),
    gid: bigint('gid', { mode: 'number' }),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    // The condition every public list query carries: the list indexes are partial on it.
    const listed = sql`${t.status} = ${SHOWN} AND ${t.gid} IS NULL`;
    return [
      index('discussions_list_idx')
        .on(t.topPriority.desc().nullsFirst(), t.gmtCreate.desc().nullsFirst(), t.id.desc().nullsFirst())
        .where(listed),
      index('discussions_category_idx')
        .on(
          t.categoryId,
          t.topPriority.desc().nullsFirst(),
          t.gmtCreate.desc().nullsFirst(),
          t.id.desc().nullsFirst(),
        )
        .where(listed),
      index('discussions_pid_idx')
        .on(
          t.pid,
          t.topPriority.desc().nullsFirst(),
          t.gmtCreate.desc().nullsFirst(),
          t.id.desc().nullsFirst(),
        )
        .where(listed),
      // onlyMine lists and the posts-per-day count.
      index('discussions_uid_idx').on(t.uid, t.gmtCreate.desc().nullsFirst()),
      // The back office list (every discussion): newest first.
      index('discussions_admin_idx').on(
        t.topPriority.desc().nullsFirst(),
        t.gmtCreate.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      ),
    ];
  },
);

/** One like per user and discussion (doc 2 §4.6: cannot be undone). `gmtCreate` drives the like throttle. */
export const discussionLikes = pgTable(
  'discussion_likes',
  {
    did: bigint('did', { mode: 'number' })
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.did, t.uid] }),
    index('discussion_likes_uid_idx').on(t.uid, t.gmtCreate.desc().nullsFirst()),
  ],
);

/**
 * The last counted view of a discussion per viewer (a uid, or `ip:<address>` when signed out): a view counts when
 * there is none within the hour. Rows older than an hour are dropped by the hourly job.
 */
export const discussionViews = pgTable(
  'discussion_views',
  {
    did: bigint('did', { mode: 'number' })
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.did, t.viewer] }), index('discussion_views_at_idx').on(t.viewedAt)],
);

/**
 * Reports of discussions (doc 2 §3 "Report", §5): `content` is `#tag#…` then the reason; `status` true once an
 * admin marked it handled.
 */
export const discussionReports = pgTable(
  'discussion_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    did: bigint('did', { mode: 'number' })
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    reporterUid: text('reporter_uid').references(() => users.uid, { onDelete: 'set null' }),
    reporter: text('reporter').notNull(),
    content: text('content').notNull(),
    status: boolean('status').notNull().default(false),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discussion_reports_list_idx').on(t.status, t.id.desc().nullsFirst()),
    index('discussion_reports_did_idx').on(t.did, t.reporterUid),
  ],
);
