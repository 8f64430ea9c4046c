import { ContestStatus, ContestType, LIMITS } from '@oj/shared';
import type { ContestListFilter } from '../api/contest.js';

const int = (v: string | null): number | undefined => {
  if (v == null || v === '') return undefined;
  const n = Number(v);
  return Number.isInteger(n) ? n : undefined;
};

/** Reads the contest-list filters of doc 2 §2.6 from the address (currentPage, status, type, keyword). */
export function readListFilter(sp: URLSearchParams): ContestListFilter {
  const page = int(sp.get('currentPage'));
  const status = int(sp.get('status'));
  const type = int(sp.get('type'));
  return {
    currentPage: page && page >= 1 ? page : 1,
    limit: LIMITS.contestPageSize,
    status:
      status != null && (Object.values(ContestStatus) as number[]).includes(status) ? status : undefined,
    type: type === ContestType.ACM || type === ContestType.OI ? type : undefined,
    keyword: sp.get('keyword') || undefined,
  };
}

/** Writes the filters back, leaving out empty values and page 1. */
export function writeListFilter(f: ContestListFilter): URLSearchParams {
  const sp = new URLSearchParams();
  if (f.currentPage > 1) sp.set('currentPage', String(f.currentPage));
  if (f.status != null) sp.set('status', String(f.status));
  if (f.type != null) sp.set('type', String(f.type));
  if (f.keyword) sp.set('keyword', f.keyword);
  return sp;
}
