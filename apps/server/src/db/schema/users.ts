import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Users (doc 1 §3, doc 3 admin User). `uid` is a UUID string as in the API. `role` is a role code 1000-1008. */
export const users = pgTable(
  'users',
  {
    uid: text('uid').primaryKey().default(sql`gen_random_uuid()::text`),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    nickname: text('nickname').notNull().default(''),
    realname: text('realname').notNull().default(''),
    gender: text('gender').notNull().default('secrecy'),
    school: text('school').notNull().default(''),
    number: text('number').notNull().default(''),
    course: text('course').notNull().default(''),
    signature: text('signature').notNull().default(''),
    github: text('github').notNull().default(''),
    blog: text('blog').notNull().default(''),
    cfUsername: text('cf_username').notNull().default(''),
    avatar: text('avatar'),
    titleName: text('title_name'),
    titleColor: text('title_color'),
    role: integer('role').notNull().default(1002),
    /** 0 normal, 1 disabled. */
    status: integer('status').notNull().default(0),
    recentLoginTime: timestamp('recent_login_time', { withTimezone: true }),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
  ],
);

/** Login sessions: a JWT carries `sid`; logout or a password change deletes rows, which revokes tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_uid_idx').on(t.uid)],
);

/**
 * Server-side login throttle (doc 1 §4, issue 8 finding 6): failed logins per username (lower case) AND client
 * address. `gmtModified` is the last failure; counts older than the decay window no longer count.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.username, t.ip] }),
    index('login_failures_modified_idx').on(t.gmtModified),
  ],
);

/** Addresses that signed in to an account: they sign in without a captcha while other addresses fail. */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastLogin: timestamp('last_login', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.ip] })],
);

/** One-time codes: register and change-email codes (6 chars, by email), reset-password codes (by username). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    code: text('code').notNull(),
    attempts: integer('attempts').notNull().default(0),
    used: boolean('used').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_target_idx').on(t.purpose, t.target)],
);

/** Image captchas for the reset-password form; answered once, then deleted. */
export const captchas = pgTable('captchas', {
  key: text('key').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
