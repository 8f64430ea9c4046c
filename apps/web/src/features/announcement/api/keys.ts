/** Query keys of the public site announcements. */
export const announcementKeys = {
  all: ['announcement'] as const,
  lists: () => [...announcementKeys.all, 'list'] as const,
  list: (currentPage: number, limit: number) => [...announcementKeys.lists(), currentPage, limit] as const,
};
