/**
 * Query keys of the practice problem pages (TanStack Query): every key starts with `problemKeys.all`, so
 * invalidating it (admin problem and tag edits) refreshes the lists, details, languages, tags and statuses at once.
 */
export const problemKeys = {
  all: ['problem'] as const,
  lists: () => [...problemKeys.all, 'list'] as const,
  /** A problem list page; `params` without empty values. */
  list: (params: Record<string, unknown>) => [...problemKeys.lists(), params] as const,
  details: () => [...problemKeys.all, 'detail'] as const,
  /** GET /api/get-problem-detail by display id (problemId). */
  detail: (problemId: string) => [...problemKeys.details(), problemId] as const,
  /** The languages one problem accepts, by numeric pid, asked in a contest (`cid`) or group (`gid`), 0 for none. */
  languages: (pid: number, cid = 0, gid = 0) => [...problemKeys.all, 'languages', pid, cid, gid] as const,
  tagsAndClassification: (oj: string) => [...problemKeys.all, 'tags-and-classification', oj] as const,
  /** The signed-in user's status on the listed problems. */
  userStatus: (pidList: number[]) => [...problemKeys.all, 'user-status', pidList] as const,
};
