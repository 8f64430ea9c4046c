import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { submissions } from '../../db/schema/index.js';
import { rejudge } from '../judge/judge.admin.service.js';
import { progressStep, progressSubmissions, progressTotal } from '../progress/progress.js';
import { loadContest } from './contest.access.js';
import { loadContestProblem } from './contest.problem.admin.js';

/**
 * Rejudge every submission of one contest problem (issue 10 §1; doc 2 §2.7 Rejudge tab; HOJ's
 * `/api/admin/judge/rejudge-contest-problem`). Each submission goes through the single `rejudge`: its own
 * transaction, a version bump, the reset hooks (the board shows the tries as pending, AC info drops the record)
 * and a new job in the judge queue; the verdicts then reach the board through `contest/verdict` (ctx.events).
 * 404 for an unknown contest or a problem not in it. Remote-judge submissions are queued for remote judgehosts
 * again (`rejudge`; a POJ one on its original account). Returns how many
 * submissions were queued again; under a progress record (issue 28) each one counts a step.
 */
export async function rejudgeContestProblem(
  ctx: AppContext,
  cid: number,
  pid: number,
): Promise<{ count: number }> {
  await loadContest(ctx, cid);
  await loadContestProblem(ctx, cid, pid);
  const rows = await ctx.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.cid, cid), eq(submissions.pid, pid)))
    .orderBy(asc(submissions.id));
  progressTotal(rows.length);
  progressSubmissions(rows.map((r) => r.id));
  for (const r of rows) {
    await rejudge(ctx, r.id);
    progressStep();
  }
  return { count: rows.length };
}
