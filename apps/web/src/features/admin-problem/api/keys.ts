/** Query keys of the admin problem pages: problems (list, editor, cases) and local tags / classifications. */
export const adminProblemKeys = {
  all: ['admin', 'problem'] as const,
  lists: () => [...adminProblemKeys.all, 'list'] as const,
  list: (params: { keyword: string; currentPage: number; limit: number; gid?: number | null }) =>
    [...adminProblemKeys.lists(), params] as const,
  details: () => [...adminProblemKeys.all, 'detail'] as const,
  /** The problem in the editor, by numeric pid. */
  detail: (pid: number | null) => [...adminProblemKeys.details(), pid] as const,
  /** The stored test cases of a problem, by numeric pid. */
  cases: (pid: number | null) => [...adminProblemKeys.all, 'cases', pid] as const,
  tags: () => ['admin', 'tag'] as const,
  /** The tags a group's problem form offers (the site's, read through the group's call). */
  groupTags: (gid: number) => [...adminProblemKeys.tags(), 'group', gid] as const,
  classifications: () => ['admin', 'tag-classification'] as const,
};
