import { type Page, ProblemAuth } from '@oj/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { blobs, problems, submissions, testcases } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { loadProblemByPid, type ProblemRow } from './problem.access.js';
import { likePattern, problemCodeTemplates, problemLanguageNames, tagsByPid } from './problem.query.js';
import { newCaseVersion } from './problem.update.js';

/** Full problem row for the admin editor (includes checker code and judge files), times as ISO strings. */
export function adminProblemVo(p: ProblemRow) {
  return { ...p, gmtCreate: p.gmtCreate.toISOString(), gmtModified: p.gmtModified.toISOString() };
}

/**
 * Admin problem list (doc 3 problem admin, GET /api/admin/problem/get-problem-list): site problems (group ones
 * too with `scope.withGroups`, for super admins), or with `scope.gid` every problem of that group (the group admin
 * list), newest first, keyword on problemId / title, optional auth filter. Rows: id, problemId, title, author,
 * gid, auth, type, difficulty, judgeMode, isRemote, applyPublicProgress, modifiedUser, gmtCreate, gmtModified.
 */
export async function adminListProblems(
  ctx: AppContext,
  q: { keyword?: string; auth?: number; currentPage: number; limit: number },
  scope: { gid?: number; withGroups?: boolean } = {},
) {
  const kw = q.keyword?.trim();
  const conds: (SQL | undefined)[] = [];
  if (scope.gid != null) conds.push(eq(problems.gid, scope.gid));
  else if (!scope.withGroups) conds.push(eq(problems.isGroup, false));
  if (kw) conds.push(or(ilike(problems.problemId, likePattern(kw)), ilike(problems.title, likePattern(kw))));
  if (q.auth != null) conds.push(eq(problems.auth, q.auth));
  const where = and(...conds);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        id: problems.id,
        problemId: problems.problemId,
        title: problems.title,
        author: problems.author,
        gid: problems.gid,
        auth: problems.auth,
        type: problems.type,
        difficulty: problems.difficulty,
        judgeMode: problems.judgeMode,
        isRemote: problems.isRemote,
        applyPublicProgress: problems.applyPublicProgress,
        modifiedUser: problems.modifiedUser,
        gmtCreate: problems.gmtCreate,
        gmtModified: problems.gmtModified,
      })
      .from(problems)
      .where(where)
      .orderBy(desc(problems.id))
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
    ctx.db.select({ total: count() }).from(problems).where(where),
  ]);
  const page: Page<Record<string, unknown>> = {
    records: rows.map((r) => ({
      ...r,
      gmtCreate: r.gmtCreate.toISOString(),
      gmtModified: r.gmtModified.toISOString(),
    })),
    total: Number(total),
    current: q.currentPage,
    size: q.limit,
  };
  return page;
}

/** GET /api/admin/problem?pid=: the full row plus tags, language names and every code template. 404 when absent. */
export async function adminGetProblem(ctx: AppContext, pid: number) {
  const p = await loadProblemByPid(ctx, pid);
  const [tagMap, langs, templates] = await Promise.all([
    tagsByPid(ctx, [pid]),
    problemLanguageNames(ctx, pid),
    problemCodeTemplates(ctx, pid, false),
  ]);
  return { ...adminProblemVo(p), tags: tagMap.get(pid) ?? [], languages: langs, codeTemplates: templates };
}

/** Largest case content (bytes) sent inline by get-problem-cases; larger cases are listed by name only. */
export const INLINE_CASE_BYTES = 64 * 1024;

/**
 * GET /api/admin/problem/get-problem-cases?pid=: the test cases in order with names, sizes (bytes), score and
 * group; `input`/`output` carry the text for hand-typed problems (cases up to 64 KB), else the file names.
 */
export async function adminProblemCases(ctx: AppContext, pid: number) {
  const p = await loadProblemByPid(ctx, pid);
  const rows = await ctx.db
    .select()
    .from(testcases)
    .where(eq(testcases.pid, pid))
    .orderBy(asc(testcases.index));
  const inline = !p.isUploadCase;
  const content = new Map<string, string>();
  if (inline) {
    const hashes = rows.flatMap((r) =>
      [
        r.inputSize <= INLINE_CASE_BYTES ? r.inputHash : null,
        r.outputSize <= INLINE_CASE_BYTES ? r.outputHash : null,
      ].filter((h): h is string => !!h),
    );
    if (hashes.length) {
      const bl = await ctx.db
        .select({ hash: blobs.hash, data: blobs.data })
        .from(blobs)
        .where(inArray(blobs.hash, [...new Set(hashes)]));
      for (const b of bl) content.set(b.hash, b.data.toString('utf8'));
    }
  }
  return rows.map((r) => ({
    id: r.id,
    pid: r.pid,
    index: r.index,
    inputName: r.inputName,
    outputName: r.outputName,
    inputSize: r.inputSize,
    outputSize: r.outputSize,
    input: inline ? (content.get(r.inputHash) ?? r.inputName) : r.inputName,
    output: inline ? (content.get(r.outputHash) ?? r.outputName) : r.outputName,
    score: r.score,
    groupNum: r.groupNum,
  }));
}

/**
 * DELETE /api/admin/problem?pid=: deletes the problem with its cases, tag links and templates. 400 when it has
 * submissions (set it private instead), 404 when absent.
 */
export async function adminDeleteProblem(ctx: AppContext, pid: number): Promise<void> {
  await loadProblemByPid(ctx, pid);
  // Deleting would cascade to every submission of the problem (users' records, ranks, AC counts): a problem that
  // has submissions is hidden by making it private instead (issue 8, finding 11).
  const [n] = await ctx.db.select({ n: count() }).from(submissions).where(eq(submissions.pid, pid));
  if (Number(n?.n ?? 0) > 0) {
    throw badRequest('problem.hasSubmissions', { count: Number(n.n) });
  }
  await ctx.db.delete(problems).where(eq(problems.id, pid));
}

/** PUT /api/admin/problem/change-problem-auth {pid, auth}: 1 public, 2 private, 3 contest. */
export async function adminChangeAuth(
  ctx: AppContext,
  pid: number,
  auth: number,
  username: string,
): Promise<void> {
  if (!(Object.values(ProblemAuth) as number[]).includes(auth))
    throw badRequest('problem.badAuth', { field: 'auth' });
  await loadProblemByPid(ctx, pid);
  await ctx.db
    .update(problems)
    .set({ auth, modifiedUser: username, gmtModified: new Date() })
    .where(eq(problems.id, pid));
}

export { newCaseVersion };
