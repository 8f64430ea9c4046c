/** Query keys of the notice back office. */
export const adminNoticeKeys = {
  all: ['admin', 'notice'] as const,
  lists: () => [...adminNoticeKeys.all, 'list'] as const,
  list: (params: { currentPage: number; limit: number }) => [...adminNoticeKeys.lists(), params] as const,
};
