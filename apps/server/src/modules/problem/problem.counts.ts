import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { submissions } from '../../db/schema/index.js';
import { publicVerdicts } from '../contest/contest.public-verdicts.js';
import { type CounterField, counterFieldOf } from '../judge/counters.js';

/** A problem's judge counts as shown (doc 2 §3 problemCount): `total` and per verdict. */
export type ProblemCounts = { pid: number; total: number } & Partial<Record<CounterField, number>>;

/**
 * The public judge counts of problems (issue 23 §2a): the stored counters (problems.count_*, moved by every
 * verdict, contest ones included) less the verdicts the public may not see now (`publicVerdicts`: a sealed
 * contest's hidden ones, the owner's own hidden OI verdict too). Nothing is stored for the difference, so the counts
 * grow back the moment a seal lifts. One grouped query over the hidden submissions of the given problems, none when
 * no contest is sealed. Takes rows carrying `pid`, `total` and any of the verdict fields; returns copies.
 */
export async function publicProblemCounts<T extends ProblemCounts>(ctx: AppContext, rows: T[]): Promise<T[]> {
  if (!rows.length) return rows;
  const hidden = (await publicVerdicts(ctx.db)).hiddenSql(submissions);
  if (!hidden) return rows;
  const found = await ctx.db
    .select({ pid: submissions.pid, status: submissions.countedStatus, n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(
      and(
        inArray(
          submissions.pid,
          rows.map((r) => r.pid),
        ),
        isNotNull(submissions.countedStatus),
        hidden,
      ),
    )
    .groupBy(submissions.pid, submissions.countedStatus);
  if (!found.length) return rows;
  const byPid = new Map(rows.map((r) => [r.pid, { ...r }]));
  for (const f of found) {
    const c = byPid.get(Number(f.pid)) as Record<string, number> | undefined;
    if (!c || f.status == null) continue;
    const n = Number(f.n);
    c.total = Math.max(0, c.total - n);
    const field = counterFieldOf(Number(f.status));
    if (field && typeof c[field] === 'number') c[field] = Math.max(0, c[field] - n);
  }
  return rows.map((r) => byPid.get(r.pid) as T);
}
