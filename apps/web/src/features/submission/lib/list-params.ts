import { LIMITS } from '@oj/shared';
import type { SubmissionListFilter } from '../api/types.js';

const int = (v: string | null): number | undefined => {
  if (v == null || v === '') return undefined;
  const n = Number(v);
  return Number.isInteger(n) ? n : undefined;
};

/** Reads the status-page filters from the address (doc 2 §2.4); page size 15 by default. */
export function readSubmissionFilter(sp: URLSearchParams): SubmissionListFilter {
  const page = int(sp.get('currentPage'));
  const limit = int(sp.get('limit'));
  return {
    currentPage: page && page >= 1 ? page : 1,
    limit: limit && limit >= 1 && limit <= 100 ? limit : LIMITS.submissionPageSize,
    onlyMine: sp.get('onlyMine') === 'true',
    status: int(sp.get('status')),
    username: sp.get('username') || undefined,
    problemID: sp.get('problemID') || undefined,
    completeProblemID: sp.get('completeProblemID') === 'true',
  };
}

/** Writes the filters as query parameters, leaving out empty values and defaults. */
export function writeSubmissionFilter(f: SubmissionListFilter): URLSearchParams {
  const sp = new URLSearchParams();
  if (f.onlyMine) sp.set('onlyMine', 'true');
  if (f.status != null) sp.set('status', String(f.status));
  if (f.username && !f.onlyMine) sp.set('username', f.username);
  if (f.problemID) sp.set('problemID', f.problemID);
  if (f.problemID && f.completeProblemID) sp.set('completeProblemID', 'true');
  if (f.currentPage > 1) sp.set('currentPage', String(f.currentPage));
  if (f.limit !== LIMITS.submissionPageSize) sp.set('limit', String(f.limit));
  return sp;
}
