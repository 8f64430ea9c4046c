import type { AppContext } from '../../src/context.js';
import { problems, submissions } from '../../src/db/schema/index.js';

/** Inserts a public problem and returns its numeric id. */
export async function makeProblem(
  ctx: AppContext,
  problemId: string,
  opts: { difficulty?: number; type?: number } = {},
): Promise<number> {
  const [row] = await ctx.db
    .insert(problems)
    .values({
      problemId,
      title: `Problem ${problemId}`,
      difficulty: opts.difficulty ?? 0,
      type: opts.type ?? 0,
    })
    .returning({ id: problems.id });
  return row!.id;
}

/** Inserts an already judged submission (status code, optional OI rank score, submit time, contest id). */
export async function makeSubmission(
  ctx: AppContext,
  opts: {
    pid: number;
    problemId: string;
    uid: string;
    username: string;
    status: number;
    oiRankScore?: number;
    at?: Date;
    cid?: number;
  },
): Promise<void> {
  await ctx.db.insert(submissions).values({
    pid: opts.pid,
    displayPid: opts.problemId,
    uid: opts.uid,
    username: opts.username,
    code: 'int main(){}',
    language: 'C++',
    length: 12,
    status: opts.status,
    oiRankScore: opts.oiRankScore,
    cid: opts.cid ?? 0,
    submitTime: opts.at ?? new Date(),
  });
}
