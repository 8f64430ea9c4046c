/** Filters of the training list (doc 2 §2.13), as kept in the address; `uid` for a user home's progress. */
export interface TrainingListFilter {
  currentPage: number;
  limit: number;
  keyword?: string;
  categoryId?: number;
  auth?: string;
  uid?: string;
}

/**
 * Query keys of the training area: everything of one training sits under `trainingKeys.one(tid)`, so registering
 * or a verdict refreshes the whole page with one invalidation; admin edits invalidate `trainingKeys.all`.
 */
export const trainingKeys = {
  all: ['training'] as const,
  lists: () => ['training', 'list'] as const,
  list: (f: TrainingListFilter) => ['training', 'list', f] as const,
  categories: () => ['training', 'categories'] as const,
  one: (tid: number) => ['training', tid] as const,
  detail: (tid: number) => ['training', tid, 'detail'] as const,
  access: (tid: number) => ['training', tid, 'access'] as const,
  problems: (tid: number) => ['training', tid, 'problems'] as const,
  problem: (tid: number, displayId: string) => ['training', tid, 'problem', displayId] as const,
  rank: (tid: number, q: object) => ['training', tid, 'rank', q] as const,
};
