import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { contests } from './contests.js';
import { discussions } from './discussions.js';
import { users } from './users.js';

/**
 * Comments (doc 1 §2.7, §3 "Comment") on a discussion (`did`) or in a contest (`cid`): exactly one is set. The
 * author's name, avatar, title and role are read from `users`. Listed by likes, then newest.
 */
export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    did: bigint('did', { mode: 'number' }).references(() => discussions.id, { onDelete: 'cascade' }),
    cid: bigint('cid', { mode: 'number' }).references(() => contests.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    fromUid: text('from_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    likeNum: integer('like_num').notNull().default(0),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('comments_one_target_ck', sql`(${t.did} IS NULL) <> (${t.cid} IS NULL)`),
    index('comments_did_idx')
      .on(t.did, t.likeNum.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.did} IS NOT NULL`),
    index('comments_cid_idx')
      .on(t.cid, t.likeNum.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.cid} IS NOT NULL`),
    index('comments_from_uid_idx').on(t.fromUid),
  ],
);

/** Replies to a comment (doc 1 §3 "Reply"): `toUid` the author of the comment or reply answered. */
export const replies = pgTable(
  'replies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    fromUid: text('from_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    toUid: text('to_uid').references(() => users.uid, { onDelete: 'set null' }),
    content: text('content').notNull(),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('replies_comment_idx').on(t.commentId, t.id.desc().nullsFirst()),
    index('replies_from_uid_idx').on(t.fromUid),
  ],
);

/** One like per user and comment (doc 1 §4: no unlike). `gmtCreate` drives the like throttle. */
export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.uid] }),
    index('comment_likes_uid_idx').on(t.uid, t.gmtCreate.desc().nullsFirst()),
  ],
);
