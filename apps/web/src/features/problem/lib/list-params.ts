import { LIMITS } from '@oj/shared';
import type { ProblemListFilter } from '../api/types.js';

const int = (v: string | null): number | undefined => {
  if (v == null || v === '') return undefined;
  const n = Number(v);
  return Number.isInteger(n) ? n : undefined;
};

/**
 * Reads the problem-list filters from the address (doc 2 §2.1): keyword, difficulty, oj, tagId, currentPage (at
 * least 1), limit (default 30).
 */
export function readProblemFilter(sp: URLSearchParams): ProblemListFilter {
  const page = int(sp.get('currentPage'));
  const limit = int(sp.get('limit'));
  return {
    keyword: sp.get('keyword') ?? undefined,
    difficulty: int(sp.get('difficulty')),
    oj: sp.get('oj') ?? undefined,
    tagId: int(sp.get('tagId')),
    currentPage: page && page >= 1 ? page : 1,
    limit: limit && limit >= 1 && limit <= 100 ? limit : LIMITS.problemPageSize,
  };
}

/** Writes filters back as query parameters, leaving out empty values and the defaults. */
export function writeProblemFilter(f: ProblemListFilter): URLSearchParams {
  const sp = new URLSearchParams();
  if (f.keyword) sp.set('keyword', f.keyword);
  if (f.difficulty != null) sp.set('difficulty', String(f.difficulty));
  if (f.oj) sp.set('oj', f.oj);
  if (f.tagId != null) sp.set('tagId', String(f.tagId));
  if (f.currentPage > 1) sp.set('currentPage', String(f.currentPage));
  if (f.limit !== LIMITS.problemPageSize) sp.set('limit', String(f.limit));
  return sp;
}
