import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Comment, reply and like messages (doc 1 §2.8, §3 "Message"; HOJ's msg_remind). `kind` is the message-centre
 * list: Discuss, Reply or Like (both like actions). `state` true once read. Unread counts read the partial index.
 */
export const userMessages = pgTable(
  'user_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipientUid: text('recipient_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    senderUid: text('sender_uid').references(() => users.uid, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    sourceType: text('source_type').notNull(),
    sourceContent: text('source_content'),
    quoteId: bigint('quote_id', { mode: 'number' }),
    quoteType: text('quote_type'),
    url: text('url').notNull(),
    state: boolean('state').notNull().default(false),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_messages_list_idx').on(t.recipientUid, t.kind, t.id.desc().nullsFirst()),
    index('user_messages_unread_idx').on(t.recipientUid, t.kind).where(sql`NOT ${t.state}`),
  ],
);

/**
 * Notices written in the back office (doc 3 "Notification"; HOJ's admin_sys_notice): `type` All, Single (named
 * users, their uids in `recipients`) or Admin; `state` true once delivered. `personal` rows are the server's own
 * "Mine" messages to named users (delivered when written, not listed in the back office).
 */
export const adminNotices = pgTable(
  'admin_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    type: text('type').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    state: boolean('state').notNull().default(false),
    personal: boolean('personal').notNull().default(false),
    adminUid: text('admin_uid').references(() => users.uid, { onDelete: 'set null' }),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_notices_pending_idx').on(t.id).where(sql`NOT ${t.state}`),
    index('admin_notices_list_idx').on(t.personal, t.type, t.id.desc().nullsFirst()),
  ],
);

/**
 * A notice delivered to one user (doc 1 §2.8 system and mine lists; HOJ's user_sys_notice): `type` Sys or Mine,
 * `state` true once read. One row per notice and recipient (unique): delivery can never double.
 */
export const userNotices = pgTable(
  'user_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => adminNotices.id, { onDelete: 'cascade' }),
    recipientUid: text('recipient_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    state: boolean('state').notNull().default(false),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_notices_uq').on(t.noticeId, t.recipientUid),
    index('user_notices_list_idx').on(t.recipientUid, t.type, t.id.desc().nullsFirst()),
    index('user_notices_unread_idx').on(t.recipientUid, t.type).where(sql`NOT ${t.state}`),
  ],
);
