/** Query keys of the admin home, sessions, site configuration and announcement pages. */
export const adminKeys = {
  all: ['admin'] as const,
  announcements: () => [...adminKeys.all, 'announcement'] as const,
  announcementList: (currentPage: number, limit: number) =>
    [...adminKeys.announcements(), currentPage, limit] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  sessions: () => [...adminKeys.all, 'sessions'] as const,
  webConfig: () => [...adminKeys.all, 'web-config'] as const,
  emailConfig: () => [...adminKeys.all, 'email-config'] as const,
  switches: () => [...adminKeys.all, 'switch'] as const,
};
