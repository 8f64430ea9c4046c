/** Query keys of the home page panels. */
export const homeKeys = {
  all: ['home'] as const,
  carousel: () => [...homeKeys.all, 'carousel'] as const,
  recentContests: () => [...homeKeys.all, 'recent-contest'] as const,
  recentSevenAcRank: () => [...homeKeys.all, 'recent-seven-ac-rank'] as const,
  recentUpdatedProblems: () => [...homeKeys.all, 'recent-updated-problem'] as const,
  lastWeekStatistics: () => [...homeKeys.all, 'last-week-submission-statistics'] as const,
};
