/** Query keys of the signed-in user's messages; removed as a whole at sign-out. */
export const messageKeys = {
  all: ['msg'] as const,
  unread: (uid: string | undefined) => [...messageKeys.all, 'unread', uid] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (uid: string | undefined, tab: string, currentPage: number) =>
    [...messageKeys.lists(), uid, tab, currentPage] as const,
};
