import {
  JudgeStatus,
  type Page,
  ProblemAuth,
  type ProblemListFilter,
  type ProblemListItem,
  resolveTleRecheck,
  type TagVo,
} from '@oj/shared';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import {
  codeTemplates,
  languages,
  problemLanguages,
  problems,
  problemTags,
  tags,
} from '../../db/schema/index.js';
import { cachedTotal } from '../../lib/cached-total.js';
import { notFound } from '../../lib/errors.js';
import { assertCanViewProblem, loadProblemByProblemId, type ProblemRow } from './problem.access.js';
import { publicProblemCounts } from './problem.counts.js';
import { userProblemStatus } from './problem.status.js';
import { statementHtml } from './statement-html.js';

/** Escapes LIKE wildcards so a keyword matches literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * ORDER BY keys putting the problem whose id is exactly `keyword` (case-insensitive) first: one key (0 for it, 1
 * for the rest), none without a keyword (spread it before the list's own order). The "add from public problems"
 * searches (doc 3 §2) sort by it first, so a teacher typing `1001` sees problem 1001 above 10010, 21001….
 */
export function exactProblemIdFirst(keyword: string | undefined): SQL[] {
  const kw = keyword?.trim();
  return kw ? [sql`case when upper(${problems.problemId}) = upper(${kw}) then 0 else 1 end`] : [];
}

/** SQL condition for the `oj` filter of the problem list and tag lists. */
export function ojCondition(oj: string | undefined): SQL | undefined {
  if (!oj || oj.toUpperCase() === 'ALL') return undefined;
  if (oj.toUpperCase() === 'ME') return eq(problems.isRemote, false);
  return and(eq(problems.isRemote, true), eq(problems.remoteOj, oj.toUpperCase()));
}

/** Tags of the given problems, by pid (ordered by tag id). One query. */
export async function tagsByPid(ctx: AppContext, pids: number[]): Promise<Map<number, TagVo[]>> {
  const out = new Map<number, TagVo[]>();
  if (pids.length === 0) return out;
  const rows = await ctx.db
    .select({ pid: problemTags.pid, id: tags.id, name: tags.name, color: tags.color })
    .from(problemTags)
    .innerJoin(tags, eq(tags.id, problemTags.tid))
    .where(inArray(problemTags.pid, pids))
    .orderBy(asc(tags.id));
  for (const r of rows) {
    const list = out.get(r.pid) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color });
    out.set(r.pid, list);
  }
  return out;
}

/**
 * The public problem list (doc 2 §2.1, §7 GET /api/get-problem-list): only public (auth 1), non-group problems,
 * sorted by id; keyword matches problemId or title (case-insensitive). Uses `problems_list_idx` (auth, is_group,
 * id). With `gid`, the public (auth 1) problems of that group instead (the group's problem list; the caller checks
 * membership). Returns a page of rows with tags and judge counts.
 */
export async function listPublicProblems(
  ctx: AppContext,
  f: ProblemListFilter,
  gid?: number,
): Promise<Page<ProblemListItem>> {
  const conds: (SQL | undefined)[] = [
    eq(problems.auth, ProblemAuth.PUBLIC),
    gid != null ? eq(problems.gid, gid) : eq(problems.isGroup, false),
  ];
  const kw = f.keyword?.trim();
  if (kw) conds.push(or(ilike(problems.problemId, likePattern(kw)), ilike(problems.title, likePattern(kw))));
  if (f.difficulty != null) conds.push(eq(problems.difficulty, f.difficulty));
  conds.push(ojCondition(f.oj));
  if (f.tagId != null)
    conds.push(
      sql`exists (select 1 from ${problemTags} where ${problemTags.pid} = ${problems.id} and ${problemTags.tid} = ${f.tagId})`,
    );
  const where = and(...conds);
  // Tags come in one query for the page's ids (a per-row subquery would also run for rows skipped by OFFSET);
  // the total comes from a 2-second cache per filter.
  const key = JSON.stringify([kw ?? '', f.difficulty ?? null, f.oj ?? '', f.tagId ?? null, gid ?? null]);
  const [rows, total] = await Promise.all([
    ctx.db
      .select({
        pid: problems.id,
        problemId: problems.problemId,
        title: problems.title,
        difficulty: problems.difficulty,
        type: problems.type,
        total: problems.countTotal,
        ac: problems.countAc,
        wa: problems.countWa,
        tle: problems.countTle,
        mle: problems.countMle,
        re: problems.countRe,
        pe: problems.countPe,
        ce: problems.countCe,
        se: problems.countSe,
        pa: problems.countPa,
      })
      .from(problems)
      .where(where)
      .orderBy(asc(problems.id))
      .limit(f.limit)
      .offset((f.currentPage - 1) * f.limit),
    cachedTotal(ctx, key, async () =>
      Number((await ctx.db.select({ total: count() }).from(problems).where(where))[0].total),
    ),
  ]);
  const tagMap = await tagsByPid(
    ctx,
    rows.map((r) => r.pid),
  );
  const counted = await publicProblemCounts(ctx, rows);
  const page: Page<ProblemListItem> = {
    records: counted.map((r) => ({ ...r, tags: tagMap.get(r.pid) ?? [] })),
    total,
    current: f.currentPage,
    size: f.limit,
  };
  return page;
}

/** A random public local problem's problemId (doc 2 §2.1 random pick); 404 when there is none. */
export async function randomProblemId(ctx: AppContext): Promise<string> {
  const where = and(eq(problems.auth, ProblemAuth.PUBLIC), eq(problems.isGroup, false));
  const [{ n }] = await ctx.db.select({ n: count() }).from(problems).where(where);
  if (Number(n) === 0) throw notFound('problem.noneAvailable');
  const [row] = await ctx.db
    .select({ problemId: problems.problemId })
    .from(problems)
    .where(where)
    .orderBy(asc(problems.id))
    .offset(Math.floor(Math.random() * Number(n)))
    .limit(1);
  if (!row) throw notFound('problem.noneAvailable');
  return row.problemId;
}

/** Language names enabled for a problem, in the languages' display order. */
export async function problemLanguageNames(ctx: AppContext, pid: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ name: languages.name })
    .from(problemLanguages)
    .innerJoin(languages, eq(languages.id, problemLanguages.lid))
    .where(eq(problemLanguages.pid, pid))
    .orderBy(asc(languages.seq), asc(languages.id));
  return rows.map((r) => r.name);
}

/** Code templates of a problem with their language names; `onlyEnabled` keeps those with status true. */
export async function problemCodeTemplates(ctx: AppContext, pid: number, onlyEnabled: boolean) {
  return ctx.db
    .select({
      id: codeTemplates.id,
      pid: codeTemplates.pid,
      lid: codeTemplates.lid,
      language: languages.name,
      code: codeTemplates.code,
      status: codeTemplates.status,
    })
    .from(codeTemplates)
    .innerJoin(languages, eq(languages.id, codeTemplates.lid))
    .where(and(eq(codeTemplates.pid, pid), onlyEnabled ? eq(codeTemplates.status, true) : undefined))
    .orderBy(asc(languages.seq), asc(languages.id));
}

/** The problem fields shown to users (doc 2 §3); checker code and judge-side files are never included. */
export function displayProblem(p: ProblemRow) {
  return {
    id: p.id,
    problemId: p.problemId,
    title: p.title,
    author: p.author,
    type: p.type,
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    description: p.description,
    input: p.input,
    output: p.output,
    examples: p.examples,
    hint: p.hint,
    source: p.source,
    difficulty: p.difficulty,
    auth: p.auth,
    ioScore: p.ioScore,
    codeShare: p.codeShare,
    judgeMode: p.judgeMode,
    judgeCaseMode: p.judgeCaseMode,
    isRemoveEndBlank: p.isRemoveEndBlank,
    openCaseResult: p.openCaseResult,
    isFileIO: p.isFileIO,
    ioReadFileName: p.ioReadFileName,
    ioWriteFileName: p.ioWriteFileName,
    isRemote: p.isRemote,
    remoteOj: p.remoteOj,
    /** A remote problem's page on its site (issue 27), null otherwise. */
    remoteUrl: p.isRemote ? p.remoteUrl : null,
    gid: p.gid,
    isGroup: p.isGroup,
    userExtraFile: p.userExtraFile ?? null,
    userExtraFileNames: p.userExtraFile ? Object.keys(p.userExtraFile) : [],
    gmtCreate: p.gmtCreate.toISOString(),
    gmtModified: p.gmtModified.toISOString(),
  };
}

/**
 * The problem detail (doc 2 §2.2, §7 GET /api/get-problem-detail): display fields, tags, language names, the
 * enabled code templates by language name, judge counts and the caller's status (-10 when never submitted or
 * anonymous). 404 when absent, 403 for problems the caller may not view (assertCanViewProblem: private, contest-only, other groups').
 */
export async function problemDetail(
  ctx: AppContext,
  user: SessionUser | null,
  problemId: string,
  gid?: number | null,
) {
  const p = await loadProblemByProblemId(ctx, problemId);
  await assertCanViewProblem(ctx, user, p, gid);
  const status = user ? await userProblemStatus(ctx, user.uid, { pidList: [p.id], gid: gid ?? null }) : null;
  return {
    ...(await problemDetailOf(ctx, p)),
    problemCount: await publicPracticeCount(ctx, p),
    myStatus: status?.[p.id]?.status ?? JudgeStatus.NOT_SUBMITTED,
  };
}

/**
 * The parts of a problem's detail page that do not depend on the scope (practice, contest, training): display
 * fields (with `tleRecheckMargin`: the borderline TLE re-check's margin % in force, null when off), the statement
 * sections as safe HTML (`statementHtml`), tags, language names and enabled code templates by language name. No
 * access check: callers check.
 */
export async function problemDetailOf(ctx: AppContext, p: ProblemRow) {
  const [tagMap, langs, templates, site] = await Promise.all([
    tagsByPid(ctx, [p.id]),
    problemLanguageNames(ctx, p.id),
    problemCodeTemplates(ctx, p.id, true),
    ctx.config.get('switch'),
  ]);
  const codeTemplate: Record<string, string> = {};
  for (const t of templates) codeTemplate[t.language] = t.code;
  // the borderline TLE re-check in force (the problem's switch over the site default): margin %, null when off
  const tleRecheckMargin = resolveTleRecheck(p, site)?.marginPercent ?? null;
  return {
    problem: { ...displayProblem(p), tleRecheckMargin },
    statementHtml: statementHtml(p),
    tags: tagMap.get(p.id) ?? [],
    languages: langs,
    codeTemplate,
  };
}

/**
 * The judge counts of a problem as the public sees them (doc 2 §3 problemCount; issue 23 §2a): practiceCount less
 * the verdicts a sealed contest hides (publicProblemCounts). Every public view of problemCount goes through it.
 */
export async function publicPracticeCount(ctx: AppContext, p: ProblemRow) {
  const [c] = await publicProblemCounts(ctx, [practiceCount(p)]);
  return c;
}

/** The stored judge counts of a problem (problems.count_*, every verdict counted); shown through publicPracticeCount. */
export function practiceCount(p: ProblemRow) {
  return {
    pid: p.id,
    total: p.countTotal,
    ac: p.countAc,
    wa: p.countWa,
    ce: p.countCe,
    pa: p.countPa,
    tle: p.countTle,
    mle: p.countMle,
    re: p.countRe,
    pe: p.countPe,
    se: p.countSe,
  };
}

/** Tags shown in public lists: site-wide tags (no group), optionally of one oj. */
export function publicTagCondition(oj: string | undefined): SQL | undefined {
  const conds: (SQL | undefined)[] = [isNull(tags.gid)];
  if (oj && oj.toUpperCase() !== 'ALL') conds.push(eq(tags.oj, oj.toUpperCase()));
  return and(...conds);
}
