import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Groups (doc 3 §3 "Group"): a class or club with its own members, problems, trainings, contests, announcements and
 * discussions. `auth` 1 public (join at once), 2 protected (apply with a reason), 3 private (apply with the
 * 6-character invitation `code`) (GroupAuth). Hidden groups (`visible` off) show only to their members and super
 * admins; `status` 0 normal, 1 disabled (super admins only). `shortName` prefixes the ids of the group's problems,
 * so it is unique (case-insensitive) like problem ids. The group's other rows point here by `gid`.
 */
export const groups = pgTable(
  'groups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    brief: text('brief').notNull().default(''),
    description: text('description').notNull().default(''),
    /** The served URL of the group avatar, null for the default picture. */
    avatar: text('avatar'),
    auth: integer('auth').notNull().default(1),
    /** The invitation code (exactly 6 characters) of a protected or private group; null for public ones. */
    code: text('code'),
    visible: boolean('visible').notNull().default(true),
    status: integer('status').notNull().default(0),
    /** The owner (always a member at level 5); null once that account is deleted (`owner` keeps the name). */
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    owner: text('owner').notNull().default(''),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('groups_name_uq').on(sql`lower(${t.name})`),
    uniqueIndex('groups_short_name_uq').on(sql`upper(${t.shortName})`),
    index('groups_uid_idx').on(t.uid, t.gmtCreate),
  ],
);

/**
 * Group members and applications (doc 3 §3 "Group member", §4): one row per user and group. `auth` is the level:
 * 1 applying, 2 refused, 3 member, 4 admin, 5 root (GroupMemberAuth); `reason` the application's text.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gid: bigint('gid', { mode: 'number' })
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    auth: integer('auth').notNull(),
    reason: text('reason'),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_members_gid_uid_uq').on(t.gid, t.uid),
    index('group_members_uid_idx').on(t.uid, t.auth),
    index('group_members_list_idx').on(t.gid, t.auth, t.gmtCreate),
  ],
);
