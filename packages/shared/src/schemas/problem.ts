/** Shapes of the public problem API (doc 2 §2.1, §3 "Problem"). */

export interface TagVo {
  id: number;
  name: string;
  color: string;
}

/** Filters of the problem list (doc 2 §2.1). */
export interface ProblemListFilter {
  keyword?: string;
  difficulty?: number;
  /** 'ME' local problems, a remote OJ name (HDU, CF…), absent or 'All' for every problem. */
  oj?: string;
  tagId?: number;
  currentPage: number;
  limit: number;
}

/** A row of GET /api/get-problem-list. */
export interface ProblemListItem {
  pid: number;
  problemId: string;
  title: string;
  difficulty: number;
  /** 0 ACM, 1 OI. */
  type: number;
  tags: TagVo[];
  total: number;
  ac: number;
  wa: number;
  tle: number;
  mle: number;
  re: number;
  pe: number;
  ce: number;
  se: number;
  pa: number;
}
