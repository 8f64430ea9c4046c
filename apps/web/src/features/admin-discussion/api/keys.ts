/** Query keys of the discussion back office: discussion pages and report pages. */
export const adminDiscussionKeys = {
  all: ['admin', 'discussion'] as const,
  lists: () => [...adminDiscussionKeys.all, 'list'] as const,
  list: (params: { currentPage: number; limit: number; keyword?: string }) =>
    [...adminDiscussionKeys.lists(), params] as const,
  reports: () => [...adminDiscussionKeys.all, 'report'] as const,
  reportPage: (params: { currentPage: number; limit: number }) =>
    [...adminDiscussionKeys.reports(), params] as const,
};
