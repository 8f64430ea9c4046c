import { randomBytes } from 'node:crypto';
import { Role } from '@oj/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { hashPassword } from '../modules/account/password.js';
import { seedLanguages } from '../modules/language/language.seed.js';
import { seedRemoteLanguages } from '../modules/remote-judge/languages.js';
import { users } from './schema/index.js';
import { seedDemoProblems } from './seed-demo.js';

export interface SeedResult {
  /** The generated root password, when one was generated (printed once by the caller). */
  generatedRootPassword?: string;
}

/**
 * First-start seeding, idempotent: the `root` super admin (password OJ_ADMIN_PASSWORD, or a generated one),
 * then every registered seeder (languages, demo problems…) in order.
 */
export async function seed(ctx: AppContext): Promise<SeedResult> {
  const result: SeedResult = {};
  const existing = await ctx.db.select({ uid: users.uid }).from(users).where(eq(users.username, 'root'));
  if (existing.length === 0) {
    const password = ctx.env.OJ_ADMIN_PASSWORD ?? randomBytes(9).toString('base64url').slice(0, 12);
    if (!ctx.env.OJ_ADMIN_PASSWORD) result.generatedRootPassword = password;
    await ctx.db
      .insert(users)
      .values({
        username: 'root',
        passwordHash: await hashPassword(password),
        role: Role.ROOT,
        nickname: 'root',
      })
      .onConflictDoNothing();
  }
  for (const s of seeders) await s(ctx);
  return result;
}

/** Further seeders by area, run after root exists (each must be idempotent). */
export const seeders: ((ctx: AppContext) => Promise<void>)[] = [
  seedLanguages,
  seedRemoteLanguages,
  seedDemoProblems,
];
