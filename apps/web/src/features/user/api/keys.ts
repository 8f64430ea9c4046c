/** Query keys of the user home and settings pages; a user is named by uid or username. */
export const userKeys = {
  all: ['user'] as const,
  homeInfos: () => [...userKeys.all, 'home-info'] as const,
  homeInfo: (uid: string, username: string) => [...userKeys.homeInfos(), uid, username] as const,
  heatmap: (uid: string, username: string) => [...userKeys.all, 'calendar-heatmap', uid, username] as const,
};
