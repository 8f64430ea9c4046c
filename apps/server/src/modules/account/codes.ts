import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { AppContext } from '../../context.js';
import { captchas, verificationCodes } from '../../db/schema/index.js';
import { badRequest, tooMany } from '../../lib/errors.js';

/** Wrong answers a code tolerates before it is spent (guards the 10^6 space of 6-digit codes). */
export const MAX_CODE_ATTEMPTS = 5;
/** Lifetime of mail codes and reset links (ms). */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Lifetime of an image captcha (ms). */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/** Purposes of rows in `verification_codes`. */
export type CodePurpose = 'register' | 'change-email' | 'reset';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** A random 6-digit code (mail codes, doc 1 §5). */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Stores a new one-time code for `purpose` + `target` (only its sha256 is kept), spending older unused ones.
 * Throws 429 when the previous code for the same target is younger than `resendMs`. Returns the row id so the
 * caller can withdraw the code when the mail could not be sent.
 */
export async function issueCode(
  ctx: AppContext,
  opts: { purpose: CodePurpose; target: string; code: string; resendMs: number },
): Promise<number> {
  const now = Date.now();
  const [last] = await ctx.db
    .select({ gmtCreate: verificationCodes.gmtCreate })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, opts.purpose), eq(verificationCodes.target, opts.target)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (last && now - last.gmtCreate.getTime() < opts.resendMs) {
    const wait = Math.ceil((opts.resendMs - (now - last.gmtCreate.getTime())) / 1000);
    throw tooMany('account.mailWait', { seconds: wait });
  }
  await ctx.db
    .update(verificationCodes)
    .set({ used: true })
    .where(
      and(
        eq(verificationCodes.purpose, opts.purpose),
        eq(verificationCodes.target, opts.target),
        eq(verificationCodes.used, false),
      ),
    );
  const [row] = await ctx.db
    .insert(verificationCodes)
    .values({
      purpose: opts.purpose,
      target: opts.target,
      code: digest(opts.code).toString('hex'),
      expiresAt: new Date(now + CODE_TTL_MS),
      gmtCreate: new Date(now),
    })
    .returning({ id: verificationCodes.id });
  return row!.id;
}

/** Deletes a code (the mail carrying it could not be sent, so the resend wait must not apply). */
export async function withdrawCode(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

/**
 * Spends the live code of `purpose` + `target` if `code` matches. A wrong answer counts an attempt; after
 * MAX_CODE_ATTEMPTS the code is spent. Throws 400 "The code is wrong or has expired" on any failure.
 */
export async function consumeCode(
  ctx: AppContext,
  opts: { purpose: CodePurpose; target: string; code: string },
): Promise<void> {
  const fail = () => badRequest('account.codeWrong');
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, opts.purpose),
        eq(verificationCodes.target, opts.target),
        eq(verificationCodes.used, false),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= MAX_CODE_ATTEMPTS) throw fail();
  const expected = Buffer.from(row.code, 'hex');
  const given = digest(opts.code.trim());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await ctx.db
      .update(verificationCodes)
      .set({
        attempts: sql`${verificationCodes.attempts} + 1`,
        used: sql`${verificationCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS}`,
      })
      .where(eq(verificationCodes.id, row.id));
    throw fail();
  }
  // Conditional update: of two requests racing with the right code, only one spends it.
  const spent = await ctx.db
    .update(verificationCodes)
    .set({ used: true })
    .where(and(eq(verificationCodes.id, row.id), eq(verificationCodes.used, false)))
    .returning({ id: verificationCodes.id });
  if (spent.length === 0) throw fail();
}

/**
 * Creates an image captcha (doc 1 §3 "Captcha"): `img` is an SVG data URL, `captchaKey` identifies the answer
 * kept on the server for CAPTCHA_TTL_MS. Expired captchas are swept on the way.
 */
export async function createCaptcha(ctx: AppContext): Promise<{ img: string; captchaKey: string }> {
  const c = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0o1ilIO',
    color: true,
    background: '#f5f7fa',
  });
  const key = randomUUID();
  await ctx.db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  await ctx.db
    .insert(captchas)
    .values({ key, answer: c.text.toLowerCase(), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
  return { img: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`, captchaKey: key };
}

/**
 * Checks a captcha answer ON THE SERVER, case-insensitively; each captcha answers once, right or wrong.
 * Throws 400 naming the captcha when it is wrong, unknown or expired.
 */
export async function checkCaptcha(ctx: AppContext, key: string, answer: string): Promise<void> {
  const [row] = await ctx.db.delete(captchas).where(eq(captchas.key, key)).returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) {
    throw badRequest('account.captchaExpired');
  }
  if (row.answer !== answer.trim().toLowerCase()) throw badRequest('account.captchaWrong');
}
