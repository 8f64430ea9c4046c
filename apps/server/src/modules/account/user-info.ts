import { ROLE_NAME, type RoleCode, type UserInfo } from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

export type UserRow = typeof users.$inferSelect;

/** The role names of a role code, as `roleList` / `roles` carry them (doc 1 §3, §6). */
export function roleNames(role: number): string[] {
  const name = ROLE_NAME[role as RoleCode];
  return name ? [name] : [];
}

/** The session user info (doc 1 §3) of a user row: never the password hash. */
export function toUserInfo(u: UserRow): UserInfo {
  return {
    uid: u.uid,
    username: u.username,
    nickname: u.nickname,
    realname: u.realname,
    email: u.email ?? '',
    mobile: u.mobile ?? '',
    avatar: u.avatar,
    school: u.school,
    gender: u.gender,
    signature: u.signature,
    github: u.github,
    blog: u.blog,
    cfUsername: u.cfUsername,
    titleName: u.titleName,
    titleColor: u.titleColor,
    roleList: roleNames(u.role),
  };
}

/** The user with this uid; throws 404 when absent. */
export async function getUser(ctx: AppContext, uid: string): Promise<UserRow> {
  const [u] = await ctx.db.select().from(users).where(eq(users.uid, uid)).limit(1);
  if (!u) throw notFound('account.userNotFound');
  return u;
}

/** The user whose username matches case-insensitively, or undefined. */
export async function findByUsername(ctx: AppContext, username: string): Promise<UserRow | undefined> {
  const [u] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
    .limit(1);
  return u;
}

/** The user whose email matches case-insensitively, or undefined. */
export async function findByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  const [u] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return u;
}

/** True when a database error is a unique-constraint violation (two requests racing for one name). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}
