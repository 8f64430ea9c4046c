import {
  JudgeStatus,
  type SimilarityFragment,
  type SimilarityPairDetailVo,
  type SimilarityPairsVo,
  type SimilarityPairVo,
  type SimilarityScope,
} from '@oj/shared';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { submissions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { getJob, jobStatus, type SimilarityJob, type StoredPair } from './similarity.jobs.js';
import { scopeProblems } from './similarity.scope.js';

/** The list shows at most this many pairs (the CSV has them all). */
export const LIST_LIMIT = 500;

export interface PairFilter {
  language?: string;
  threshold: number;
  pid?: number;
}

/** The scope's check when it is done, else null. */
function doneJob(ctx: AppContext, scope: SimilarityScope, id: number): SimilarityJob | null {
  const job = getJob(ctx, scope, id);
  return job?.vo.state === 'done' ? job : null;
}

function side(job: SimilarityJob, id: number) {
  const s = job.submissions.get(id);
  return {
    submitId: id,
    uid: s?.uid ?? '',
    username: s?.username ?? '',
    language: s?.language ?? '',
    // Every compared submission is in the job; the fallback only keeps the type whole.
    status: s?.status ?? JudgeStatus.SYSTEM_ERROR,
  };
}

function toVo(job: SimilarityJob, g: SimilarityJob['groups'][number], p: StoredPair): SimilarityPairVo {
  return {
    pid: g.pid,
    displayId: g.displayId,
    family: g.family,
    similarity: p.similarity,
    longest: p.longest,
    overlap: p.overlap,
    left: side(job, p.left),
    right: side(job, p.right),
  };
}

/** Every pair of the scope's last finished check passing `f`, most similar first (ties: longest fragment). */
export function filteredPairs(
  ctx: AppContext,
  scope: SimilarityScope,
  id: number,
  f: PairFilter,
): SimilarityPairVo[] {
  const job = doneJob(ctx, scope, id);
  if (!job) return [];
  const out: SimilarityPairVo[] = [];
  for (const g of job.groups) {
    if (f.pid != null && g.pid !== f.pid) continue;
    if (f.language && g.family !== f.language) continue;
    for (const p of g.pairs) if (p.similarity >= f.threshold) out.push(toVo(job, g, p));
  }
  return out.sort((a, b) => b.similarity - a.similarity || b.longest - a.longest);
}

/**
 * GET /api/similarity/pairs: the check's state, the scope's problems, the language families found and the pairs
 * passing the filters (at most LIST_LIMIT; `matching` counts them all). Empty pairs until a check is done.
 */
export async function pairList(
  ctx: AppContext,
  scope: SimilarityScope,
  id: number,
  f: PairFilter,
): Promise<SimilarityPairsVo> {
  const job = getJob(ctx, scope, id);
  const all = filteredPairs(ctx, scope, id, f);
  const families = [...new Set((job?.groups ?? []).map((g) => g.family))].sort();
  return {
    job: jobStatus(ctx, scope, id),
    problems: await scopeProblems(ctx, scope, id),
    families,
    pairs: all.slice(0, LIST_LIMIT),
    matching: all.length,
  };
}

/**
 * GET /api/similarity/pair: one pair of the last finished check (submission ids `a` and `b` in either order)
 * with both programs read now and the matched fragments. 404 when the check holds no such pair.
 */
export async function pairDetail(
  ctx: AppContext,
  scope: SimilarityScope,
  id: number,
  a: number,
  b: number,
): Promise<SimilarityPairDetailVo> {
  const job = doneJob(ctx, scope, id);
  if (!job) throw notFound();
  for (const g of job.groups) {
    const p = g.pairs.find((x) => (x.left === a && x.right === b) || (x.left === b && x.right === a));
    if (!p) continue;
    const codes = await ctx.db
      .select({ id: submissions.id, code: submissions.code })
      .from(submissions)
      .where(inArray(submissions.id, [p.left, p.right]));
    const code = new Map(codes.map((c) => [c.id, c.code]));
    const fragments: SimilarityFragment[] = (p.fragments ?? []).map((n) => ({
      left: { startRow: n[0]!, startCol: n[1]!, endRow: n[2]!, endCol: n[3]! },
      right: { startRow: n[4]!, startCol: n[5]!, endRow: n[6]!, endCol: n[7]! },
    }));
    return {
      pair: toVo(job, g, p),
      leftCode: code.get(p.left) ?? '',
      rightCode: code.get(p.right) ?? '',
      fragments,
    };
  }
  throw notFound();
}

const csvCell = (v: string | number) => {
  const s = String(v);
  // Quote separators and quotes; a leading =, +, - or @ would be a formula in a spreadsheet: prefix a quote.
  const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** GET /api/similarity/export: the filtered pairs as CSV (header row, one pair a row, similarity 0-1). */
export function pairsCsv(pairs: SimilarityPairVo[]): string {
  const head = [
    'problem',
    'language',
    'similarity',
    'longest',
    'overlap',
    'left_submission',
    'left_user',
    'left_language',
    'right_submission',
    'right_user',
    'right_language',
  ];
  const lines = pairs.map((p) =>
    [
      p.displayId,
      p.family,
      p.similarity.toFixed(4),
      p.longest,
      p.overlap,
      p.left.submitId,
      p.left.username,
      p.left.language,
      p.right.submitId,
      p.right.username,
      p.right.language,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[head.join(','), ...lines].join('\r\n')}\r\n`;
}
