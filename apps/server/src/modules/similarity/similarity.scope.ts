import { JudgeStatus, type SimilarityPick, type SimilarityScope } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { contestAdminIn, loadContest } from '../contest/contest.access.js';
import { loadProblemByPid, readsProblemData } from '../problem/problem.access.js';
import { loadTraining, trainingRights } from '../training/training.access.js';

/** At most this many submissions go into one check (the newest); the job says when a scope had more. */
export const MAX_FILES = 30_000;

/**
 * Who runs and reads a scope's similarity check (issue 29 part 1; doc 2 §6, doc 3 §6), whose code they may read
 * anyway: a contest's admins (its creator and super admins; for a group's contest its roots and its creator while a
 * member: `contestAdminIn`), a training's admins (`trainingRights().isAdmin`: author and super admins; a group's
 * admins for a group's training), a problem's data readers (`readsProblemData`: super admins and problem admins
 * for site problems, the group's admins for a group's problem). 401 anonymous, 404 unknown scope, 403 otherwise.
 */
export async function assertScopeAdmin(
  ctx: AppContext,
  user: SessionUser | null,
  scope: SimilarityScope,
  id: number,
): Promise<void> {
  if (!user) throw unauthorized();
  let allowed: boolean;
  if (scope === 'contest') allowed = await contestAdminIn(ctx, user, await loadContest(ctx, id));
  else if (scope === 'training')
    allowed = (await trainingRights(ctx, user, await loadTraining(ctx, id))).isAdmin;
  else allowed = await readsProblemData(ctx, user, await loadProblemByPid(ctx, id));
  if (!allowed) throw forbidden();
}

/** A submission going into a check (code included). */
export interface ScopeSubmission {
  id: number;
  pid: number;
  displayId: string;
  uid: string;
  username: string;
  language: string;
  status: number;
  code: string;
}

/** The problems of a scope with the id shown in it: contest and training display ids, a problem's own id. */
export async function scopeProblems(
  ctx: AppContext,
  scope: SimilarityScope,
  id: number,
): Promise<{ pid: number; displayId: string; title: string }[]> {
  const q =
    scope === 'contest'
      ? sql`SELECT cp.pid, cp.display_id AS "displayId", COALESCE(NULLIF(cp.display_title, ''), p.title) AS title
            FROM contest_problems cp JOIN problems p ON p.id = cp.pid WHERE cp.cid = ${id} ORDER BY cp.display_id`
      : scope === 'training'
        ? sql`SELECT tp.pid, tp.display_id AS "displayId", p.title FROM training_problems tp
              JOIN problems p ON p.id = tp.pid WHERE tp.tid = ${id} ORDER BY tp.rank, tp.display_id`
        : sql`SELECT p.id AS pid, p.problem_id AS "displayId", p.title FROM problems p WHERE p.id = ${id}`;
  return rowsOf<{ pid: number | string; displayId: string; title: string }>(await ctx.db.execute(q)).map(
    (r) => ({
      ...r,
      pid: Number(r.pid),
    }),
  );
}

/**
 * The submissions a check compares: a contest's (cid), a training's (practice submissions, cid 0, to its
 * problems: the ones its progress counts), a problem's (all of them, contests included). Remote-judge
 * submissions are left out. `accepted`: the last accepted submission per user and problem; `all`: every one.
 * At most MAX_FILES, the newest; `truncated` says when there were more.
 */
export async function loadScopeSubmissions(
  ctx: AppContext,
  scope: SimilarityScope,
  id: number,
  pick: SimilarityPick,
): Promise<{ rows: ScopeSubmission[]; truncated: boolean }> {
  const where =
    scope === 'contest'
      ? sql`s.cid = ${id}`
      : scope === 'training'
        ? sql`s.cid = 0 AND s.pid IN (SELECT pid FROM training_problems WHERE tid = ${id})`
        : sql`s.pid = ${id}`;
  const base = sql`SELECT s.id, s.pid, s.uid, s.username, s.language, s.status, s.code FROM submissions s
    WHERE ${where} AND s.is_remote = false`;
  const picked =
    pick === 'accepted'
      ? sql`SELECT DISTINCT ON (s.uid, s.pid) s.* FROM (${base} AND s.status = ${JudgeStatus.ACCEPTED}) s
            ORDER BY s.uid, s.pid, s.id DESC`
      : base;
  const res = await ctx.db.execute(
    sql`SELECT * FROM (${picked}) x ORDER BY x.id DESC LIMIT ${MAX_FILES + 1}`,
  );
  const raw = rowsOf<Omit<ScopeSubmission, 'displayId'> & { id: number | string; pid: number | string }>(res);
  const shown = new Map((await scopeProblems(ctx, scope, id)).map((p) => [p.pid, p.displayId]));
  const rows = raw.slice(0, MAX_FILES).map((r) => ({
    ...r,
    id: Number(r.id),
    pid: Number(r.pid),
    displayId: shown.get(Number(r.pid)) ?? String(r.pid),
  }));
  return { rows, truncated: raw.length > MAX_FILES };
}
