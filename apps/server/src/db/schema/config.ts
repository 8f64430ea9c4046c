import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Site configuration as key -> JSON value (website, email, switch, judge secrets). Read through the config service. */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
});

/** Announcements (doc 1 §2.6, §3). `cid` 0 for site announcements; contest and group ones set cid / gid. */
export const announcements = pgTable(
  'announcements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    status: integer('status').notNull().default(0),
    cid: bigint('cid', { mode: 'number' }),
    gid: bigint('gid', { mode: 'number' }),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_list_idx').on(t.cid, t.gid, t.status, t.gmtCreate)],
);

/** Uploaded files (avatars, carousel images, markdown images, problem annexes). Bytes live under OJ_DATA_DIR/files. */
export const files = pgTable(
  'files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    /** avatar | carousel | markdown | group_avatar | annex */
    type: text('type').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** Storage key: file name under the storage dir (content hash + extension). */
    storageKey: text('storage_key').notNull(),
    gid: bigint('gid', { mode: 'number' }),
    deleted: boolean('deleted').notNull().default(false),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_type_idx').on(t.type, t.uid)],
);
