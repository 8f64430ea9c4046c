import { CONTEST_HELPER_LIMITS, type ContestPrintVo, type Page } from '@oj/shared';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contestPrints, users } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound, tooMany } from '../../lib/errors.js';
import { enterContest } from './contest.access.js';
import { loadAdministeredContest } from './contest.admin.js';

/** A print job's `status` (doc 2 §3 "Contest print"): waiting, then printed once a contest admin checks it. */
const PRINT_PRINTED = 1;

/**
 * Contest printing (issue 10 §1; doc 2 §2.7 print and admin-print tabs, §3 "Contest print", §5, §7). Participants
 * send text while the contest has `openPrint`; only the contest's admins list, mark and download the jobs, so a
 * participant never sees anybody's job (their own included: the paper is handed to them).
 */

type Row = typeof contestPrints.$inferSelect;

/**
 * POST /api/submit-print-text {cid, content} -> null. The contest access rule (401, 404, 403 private or not
 * started), then 400 when the contest has no printing, 403 when the caller may not submit to it (private or
 * protected without registration), 400 under 50 characters (trimmed), 429 within 30 s of the caller's last job
 * in this contest (checked under a per-user lock, so parallel requests cannot both pass).
 */
export async function submitPrint(ctx: AppContext, user: SessionUser | null, cid: number, content: string) {
  const { user: u, contest, standing } = await enterContest(ctx, user, cid);
  if (!contest.openPrint) throw badRequest('contest.printClosed');
  if (!standing.canSubmit) throw forbidden('contest.registerBeforeSubmit');
  const min = CONTEST_HELPER_LIMITS.printMin;
  if (content.trim().length < min) throw badRequest('contest.printTooShort', { min });
  const seconds = CONTEST_HELPER_LIMITS.printIntervalS;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`print:${cid}:${u.uid}`}, 0))`);
    const [last] = await tx
      .select({ at: contestPrints.gmtCreate })
      .from(contestPrints)
      .where(and(eq(contestPrints.cid, cid), eq(contestPrints.uid, u.uid)))
      .orderBy(desc(contestPrints.gmtCreate))
      .limit(1);
    if (last && Date.now() - last.at.getTime() < seconds * 1000) {
      throw tooMany('contest.printTooFrequent', { seconds });
    }
    await tx.insert(contestPrints).values({ cid, uid: u.uid, content, gmtCreate: new Date() });
  });
}

const listColumns = {
  id: contestPrints.id,
  cid: contestPrints.cid,
  username: users.username,
  realname: users.realname,
  gmtCreate: contestPrints.gmtCreate,
  status: contestPrints.status,
  content: contestPrints.content,
};

/**
 * GET /api/get-contest-print?cid&currentPage&limit (15) -> Page<ContestPrintVo>: not printed first, then oldest
 * first (the order they go to the printer). Contest admins; 401 anonymous, 403 others, 404 unknown contest.
 */
export async function listPrints(
  ctx: AppContext,
  user: SessionUser,
  q: { cid: number; currentPage: number; limit: number },
): Promise<Page<ContestPrintVo>> {
  await loadAdministeredContest(ctx, user, q.cid);
  const where = eq(contestPrints.cid, q.cid);
  const [{ n }] = await ctx.db.select({ n: count() }).from(contestPrints).where(where);
  const rows = await ctx.db
    .select(listColumns)
    .from(contestPrints)
    .innerJoin(users, eq(users.uid, contestPrints.uid))
    .where(where)
    .orderBy(asc(contestPrints.status), asc(contestPrints.id))
    .limit(q.limit)
    .offset((q.currentPage - 1) * q.limit);
  return {
    records: rows.map((r) => ({ ...r, gmtCreate: r.gmtCreate.toISOString() })),
    total: n,
    current: q.currentPage,
    size: q.limit,
  };
}

/** The job `id` (404 "The print job does not exist in this contest" when absent or of another contest `cid`). */
async function loadJob(ctx: AppContext, id: number, cid?: number): Promise<Row> {
  const [row] = await ctx.db.select().from(contestPrints).where(eq(contestPrints.id, id)).limit(1);
  if (!row || (cid != null && row.cid !== cid)) throw notFound('contest.printNotFound');
  return row;
}

/** PUT /api/check-contest-print-status?id=&cid= -> null: marks the job printed (1). 404 unknown job, 403 not its contest's admin. */
export async function markPrinted(ctx: AppContext, user: SessionUser, id: number, cid: number) {
  await loadJob(ctx, id, cid);
  await loadAdministeredContest(ctx, user, cid);
  await ctx.db.update(contestPrints).set({ status: PRINT_PRINTED }).where(eq(contestPrints.id, id));
}

/**
 * GET /api/file/download-contest-print-text?id= -> { name, text }: the job as a text file headed with the
 * username, real name and time (doc 2 §7). 404 unknown job, 403 not its contest's admin.
 */
export async function printFile(ctx: AppContext, user: SessionUser, id: number) {
  const job = await loadJob(ctx, id);
  await loadAdministeredContest(ctx, user, job.cid);
  const [who] = await ctx.db
    .select({ username: users.username, realname: users.realname })
    .from(users)
    .where(eq(users.uid, job.uid));
  const username = who?.username ?? '';
  const header = [
    `Username: ${username}`,
    `Real name: ${who?.realname ?? ''}`,
    `Time: ${job.gmtCreate.toISOString()}`,
  ].join('\n');
  const safe = username.replace(/[^A-Za-z0-9_.-]/g, '_');
  return { name: `print_${job.id}_${safe}.txt`, text: `${header}\n\n${job.content}` };
}
