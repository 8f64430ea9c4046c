import { type ContestAcInfoVo, ContestType, JudgeStatus, type Page } from '@oj/shared';
import { and, asc, count, eq, lt, or, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contestAcRecords, contestProblems, contests, submissions, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Tx } from '../problem/problem.store.js';
import { loadAdministeredContest } from './contest.admin.js';
import type { ContestVerdictEvent } from './contest.events.js';

/**
 * AC info, the balloon list (issue 10 §1; doc 2 §2.7 AC info tab, §3 "AC info", §7). `contest_ac_records` holds
 * the first accepted submission per participant and problem made before the contest's end, kept by the contest
 * verdict seam: an AC adds or moves the row, a rejudge reset, manual verdict or cancel of the counted submission
 * moves it to the next AC or drops it. First blood (the earliest row per problem, ties by submission id) is read
 * from this table, so a rejudge moves it too. Only contest admins read and check the list.
 */

/** Keeps the record of (cid, uid, pid) in step with a verdict or reset of one of its submissions. */
export async function syncAcRecord(tx: Tx, e: ContestVerdictEvent): Promise<void> {
  const key = and(
    eq(contestAcRecords.cid, e.cid),
    eq(contestAcRecords.uid, e.uid),
    eq(contestAcRecords.pid, e.pid),
  );
  const [rec] = await tx.select().from(contestAcRecords).where(key).limit(1);
  if (e.status !== JudgeStatus.ACCEPTED && rec?.submitId !== e.submitId) return;
  const [c] = await tx.select({ endTime: contests.endTime }).from(contests).where(eq(contests.id, e.cid));
  if (!c) return;
  const tries = await tx
    .select({ id: submissions.id, status: submissions.status, submitTime: submissions.submitTime })
    .from(submissions)
    .where(
      and(
        eq(submissions.cid, e.cid),
        eq(submissions.uid, e.uid),
        eq(submissions.pid, e.pid),
        lt(submissions.submitTime, c.endTime),
        or(eq(submissions.status, JudgeStatus.ACCEPTED), eq(submissions.id, e.submitId)),
      ),
    )
    .orderBy(asc(submissions.submitTime), asc(submissions.id));
  // The event's own status wins over the row (a listener may run before the row is rewritten).
  const first = tries.find((s) => (s.id === e.submitId ? e.status : s.status) === JudgeStatus.ACCEPTED);
  if (!first) {
    if (rec) await tx.delete(contestAcRecords).where(eq(contestAcRecords.id, rec.id));
    return;
  }
  if (!rec) {
    await tx
      .insert(contestAcRecords)
      .values({ cid: e.cid, uid: e.uid, pid: e.pid, submitId: first.id, submitTime: first.submitTime })
      .onConflictDoUpdate({
        target: [contestAcRecords.cid, contestAcRecords.uid, contestAcRecords.pid],
        set: { submitId: first.id, submitTime: first.submitTime },
      });
  } else if (rec.submitId !== first.id) {
    await tx
      .update(contestAcRecords)
      .set({ submitId: first.id, submitTime: first.submitTime })
      .where(eq(contestAcRecords.id, rec.id));
  }
}

/** True when no record of the same problem is earlier (by submit time, then submission id). */
const FIRST_BLOOD = sql<boolean>`not exists (select 1 from contest_ac_records x where x.cid = "contest_ac_records"."cid"
  and x.pid = "contest_ac_records"."pid" and (x.submit_time, x.submit_id) <
  ("contest_ac_records"."submit_time", "contest_ac_records"."submit_id"))`;

/** The contest (ACM) whose AC info `user` may read: 404 unknown, 403 not a contest admin, 400 an OI contest. */
async function acmContestOfAdmin(ctx: AppContext, user: SessionUser, cid: number) {
  const c = await loadAdministeredContest(ctx, user, cid);
  if (c.type !== ContestType.ACM) throw badRequest('contest.acInfoAcmOnly');
  return c;
}

/**
 * GET /api/get-contest-ac-info?cid&currentPage&limit (default 20) -> Page<ContestAcInfoVo>: unchecked first, then
 * by submit time (oldest first: the order balloons go out). Contest admins of ACM contests; 401 anonymous, 403
 * others, 404 unknown contest, 400 OI contest.
 */
export async function listAcInfo(
  ctx: AppContext,
  user: SessionUser,
  q: { cid: number; currentPage: number; limit: number },
): Promise<Page<ContestAcInfoVo>> {
  await acmContestOfAdmin(ctx, user, q.cid);
  const r = contestAcRecords;
  const where = eq(r.cid, q.cid);
  const [{ n }] = await ctx.db.select({ n: count() }).from(r).where(where);
  const rows = await ctx.db
    .select({
      id: r.id,
      cid: r.cid,
      submitId: r.submitId,
      pid: r.pid,
      uid: r.uid,
      username: users.username,
      realname: users.realname,
      displayId: contestProblems.displayId,
      color: contestProblems.color,
      submitTime: r.submitTime,
      checked: r.checked,
      firstBlood: FIRST_BLOOD,
    })
    .from(r)
    .innerJoin(users, eq(users.uid, r.uid))
    .leftJoin(contestProblems, and(eq(contestProblems.cid, r.cid), eq(contestProblems.pid, r.pid)))
    .where(where)
    .orderBy(asc(r.checked), asc(r.submitTime), asc(r.id))
    .limit(q.limit)
    .offset((q.currentPage - 1) * q.limit);
  return {
    records: rows.map((row) => ({
      ...row,
      displayId: row.displayId ?? '',
      color: row.color ?? null,
      firstBlood: row.firstBlood === true || String(row.firstBlood) === 'true',
      submitTime: row.submitTime.toISOString(),
    })),
    total: n,
    current: q.currentPage,
    size: q.limit,
  };
}

/**
 * PUT /api/check-contest-ac-info {id, cid, checked} -> null: marks a balloon delivered (or not). 404 for a record
 * not in that contest (checked first), then the rules of the list (403 not a contest admin, 400 OI).
 */
export async function checkAcInfo(
  ctx: AppContext,
  user: SessionUser,
  b: { id: number; cid: number; checked: boolean },
): Promise<void> {
  const [rec] = await ctx.db
    .select({ cid: contestAcRecords.cid })
    .from(contestAcRecords)
    .where(eq(contestAcRecords.id, b.id))
    .limit(1);
  if (!rec || rec.cid !== b.cid) throw notFound('contest.acInfoNotFound');
  await acmContestOfAdmin(ctx, user, b.cid);
  await ctx.db.update(contestAcRecords).set({ checked: b.checked }).where(eq(contestAcRecords.id, b.id));
}
