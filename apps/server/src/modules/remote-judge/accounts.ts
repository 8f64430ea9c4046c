import { accountPoolOf, type RemoteAccountOj, type RemoteAccountView, type RemoteOjName } from '@oj/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { remoteJudgeAccounts } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { seal, sealingKey } from '../../lib/secret-box.js';
import { rowsOf } from '../../lib/sql-rows.js';
import type { Tx } from '../problem/problem.store.js';

type AccountRow = typeof remoteJudgeAccounts.$inferSelect;

/** An account row as the API shows it: never the password (sealed or not). */
export function accountView(a: AccountRow): RemoteAccountView {
  return {
    id: a.id,
    oj: a.oj as RemoteAccountOj,
    username: a.username,
    enabled: a.enabled,
    busy: a.busyJobId != null,
    claimedAt: a.claimedAt?.toISOString() ?? null,
    gmtCreate: a.gmtCreate.toISOString(),
  };
}

/** The judging accounts (System Config, super admin), of one OJ or all, by OJ then id. */
export async function listAccounts(ctx: AppContext, oj?: RemoteAccountOj): Promise<RemoteAccountView[]> {
  const rows = await ctx.db
    .select()
    .from(remoteJudgeAccounts)
    .where(oj ? eq(remoteJudgeAccounts.oj, oj) : undefined)
    .orderBy(asc(remoteJudgeAccounts.oj), asc(remoteJudgeAccounts.id));
  return rows.map(accountView);
}

async function assertFreeName(db: Db, oj: string, username: string, exceptId?: number): Promise<void> {
  const [clash] = await db
    .select({ id: remoteJudgeAccounts.id })
    .from(remoteJudgeAccounts)
    .where(and(eq(remoteJudgeAccounts.oj, oj), eq(remoteJudgeAccounts.username, username)));
  if (clash && clash.id !== exceptId) throw badRequest('remoteJudge.accountExists', { oj, username });
}

/**
 * Adds an account; the password is sealed (lib/secret-box.ts) before it reaches the database. 400 for a taken name.
 */
export async function addAccount(
  ctx: AppContext,
  input: { oj: RemoteAccountOj; username: string; password: string; enabled: boolean },
): Promise<RemoteAccountView> {
  await assertFreeName(ctx.db, input.oj, input.username);
  const [row] = await ctx.db
    .insert(remoteJudgeAccounts)
    .values({
      oj: input.oj,
      username: input.username,
      passwordEnc: seal(sealingKey(ctx), input.password),
      enabled: input.enabled,
    })
    .returning();
  return accountView(row);
}

/** Changes an account's name, password (absent or "" keeps it) or enabled flag. 404 unknown id, 400 taken name. */
export async function updateAccount(
  ctx: AppContext,
  input: { id: number; username?: string; password?: string; enabled?: boolean },
): Promise<RemoteAccountView> {
  const [old] = await ctx.db.select().from(remoteJudgeAccounts).where(eq(remoteJudgeAccounts.id, input.id));
  if (!old) throw notFound('remoteJudge.accountNotFound');
  if (input.username !== undefined) await assertFreeName(ctx.db, old.oj, input.username, old.id);
  const [row] = await ctx.db
    .update(remoteJudgeAccounts)
    .set({
      ...(input.username !== undefined ? { username: input.username } : {}),
      ...(input.password ? { passwordEnc: seal(sealingKey(ctx), input.password) } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      gmtModified: new Date(),
    })
    .where(eq(remoteJudgeAccounts.id, input.id))
    .returning();
  return accountView(row);
}

/** Deletes an account (a submission using it now finishes with it). 404 unknown id. */
export async function deleteAccount(ctx: AppContext, id: number): Promise<void> {
  const gone = await ctx.db
    .delete(remoteJudgeAccounts)
    .where(eq(remoteJudgeAccounts.id, id))
    .returning({ id: remoteJudgeAccounts.id });
  if (!gone.length) throw notFound('remoteJudge.accountNotFound');
}

/**
 * 400 `remoteJudge.noAccount` unless an enabled account of `oj`'s pool exists (GYM: CF's), busy or not: a submission
 * with no account at all would never be judged (HOJ let it end in System Error).
 */
export async function assertPoolConfigured(db: Db | Tx, oj: RemoteOjName): Promise<void> {
  const pool = accountPoolOf(oj);
  const [row] = await db
    .select({ id: remoteJudgeAccounts.id })
    .from(remoteJudgeAccounts)
    .where(and(eq(remoteJudgeAccounts.oj, pool), eq(remoteJudgeAccounts.enabled, true)))
    .limit(1);
  if (!row) throw badRequest('remoteJudge.noAccount', { oj });
}

/**
 * Frees every account held by a job that is no longer leased (its result came, its lease lapsed, it was given back,
 * rejudged or cancelled). Run by the sweeper and after results; returns how many were freed.
 */
export async function releaseIdleAccounts(db: Db | Tx): Promise<number> {
  const res = await db.execute(sql`
    UPDATE remote_judge_accounts a SET busy_job_id = NULL, busy_submit_id = NULL, gmt_modified = now()
    WHERE a.busy_job_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM judge_jobs j WHERE j.id = a.busy_job_id AND j.state = 'leased')
    RETURNING a.id`);
  return rowsOf(res).length;
}

/** Frees the account held by job `jobId` (its result arrived). */
export async function releaseAccountOf(db: Db | Tx, jobId: number): Promise<void> {
  await db.execute(sql`UPDATE remote_judge_accounts SET busy_job_id = NULL, busy_submit_id = NULL,
    gmt_modified = now() WHERE busy_job_id = ${jobId}`);
}
