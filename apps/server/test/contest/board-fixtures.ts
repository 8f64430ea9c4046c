import type { AwardConfigItem, ScoreboardPage } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context.js';
import { contestProblems, contests, submissions } from '../../src/db/schema/index.js';
import { enqueue } from '../../src/modules/judge/queue.js';
import { makeProblem } from '../account/judged.js';
import { call } from '../judge/judge-helpers.js';

export const MIN = 60_000;

/** A contest row straight in the database (the admin routes are contest-core's); times relative to now. */
export async function makeContest(
  ctx: AppContext,
  opts: {
    type?: number;
    creatorUid: string;
    startAgoMin: number;
    endInMin: number;
    sealAgoMin?: number | null;
    autoRealRank?: boolean;
    openRank?: boolean;
    auth?: number;
    starAccount?: string[];
    awardType?: number;
    awardConfig?: AwardConfigItem[];
    oiRankScoreType?: string;
    rankShowName?: string;
  },
): Promise<{ cid: number; start: Date }> {
  const now = Date.now();
  const start = new Date(now - opts.startAgoMin * MIN);
  const [c] = await ctx.db
    .insert(contests)
    .values({
      title: 'Board contest',
      type: opts.type ?? 0,
      auth: opts.auth ?? 0,
      pwd: opts.auth ? 'pw' : null,
      startTime: start,
      endTime: new Date(now + opts.endInMin * MIN),
      sealRank: opts.sealAgoMin != null,
      sealRankTime: opts.sealAgoMin != null ? new Date(now - opts.sealAgoMin * MIN) : null,
      autoRealRank: opts.autoRealRank ?? true,
      openRank: opts.openRank ?? false,
      starAccount: opts.starAccount ?? [],
      awardType: opts.awardType ?? 0,
      awardConfig: opts.awardConfig ?? [],
      oiRankScoreType: opts.oiRankScoreType ?? 'Recent',
      rankShowName: opts.rankShowName ?? 'username',
      uid: opts.creatorUid,
      author: 'creator',
    })
    .returning({ id: contests.id });
  return { cid: c.id, start };
}

/** Adds problems shown as `displayIds` (A, B, …) to the contest; returns displayId -> pid. */
export async function addProblems(
  ctx: AppContext,
  cid: number,
  displayIds: string[],
  type = 0,
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const d of displayIds) {
    const pid = await makeProblem(ctx, `B${cid}${d}`, { type });
    await ctx.db.insert(contestProblems).values({ cid, pid, displayId: d });
    out[d] = pid;
  }
  return out;
}

/** A contest submission with a final verdict made `min` minutes after `start` (no hook: rebuild afterwards). */
export async function judged(
  ctx: AppContext,
  s: {
    cid: number;
    start: Date;
    uid: string;
    pid: number;
    min: number;
    status: number;
    score?: number;
    time?: number;
  },
): Promise<void> {
  await ctx.db.insert(submissions).values({
    pid: s.pid,
    displayPid: String(s.pid),
    uid: s.uid,
    username: 'x',
    cid: s.cid,
    code: 'x',
    language: 'C++',
    length: 1,
    status: s.status,
    score: s.score ?? null,
    time: s.time ?? 10,
    submitTime: new Date(s.start.getTime() + s.min * MIN),
  });
}

/**
 * A contest submission as contest-core's submit makes it: Pending, queued, the `submission/queued` listeners run in
 * the same transaction (the board's cell shows the pending try). Returns the submission id.
 */
export async function queued(
  ctx: AppContext,
  s: { cid: number; uid: string; pid: number; at?: Date },
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(submissions)
      .values({
        pid: s.pid,
        displayPid: String(s.pid),
        uid: s.uid,
        username: 'x',
        cid: s.cid,
        code: 'int main(){}',
        language: 'C++',
        length: 12,
        status: 5,
        submitTime: s.at ?? new Date(),
      })
      .returning();
    await enqueue(tx, { kind: 'judge', submitId: row.id, submissionVersion: 0, language: 'C++', cid: s.cid });
    await ctx.events.emit('submission/queued', tx, {
      submitId: row.id,
      pid: row.pid,
      uid: row.uid,
      cid: row.cid,
    });
    return row.id;
  });
}

/** POST a board route and return status code and page. */
export async function board(
  app: FastifyInstance,
  token: string | undefined,
  payload: Record<string, unknown>,
  route = '/api/get-contest-rank',
): Promise<{ code: number; page: ScoreboardPage; msg: string }> {
  const r = await call(app, 'POST', route, { token, payload });
  return { code: r.code, page: r.body.data, msg: r.body.msg };
}
