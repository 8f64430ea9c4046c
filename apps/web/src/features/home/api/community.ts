import type { SubmissionStatistics } from '@oj/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { homeKeys } from './keys.js';

/** A recently updated public problem (doc 1 §7 GET /api/get-recent-updated-problem). */
export interface RecentUpdatedProblem {
  id: number;
  problemId: string;
  title: string;
  type: number;
  gmtModified: string;
}

/** Last week's submissions per day (doc 1 §7): the shared `SubmissionStatistics`. */
export type LastWeekSubmissionStatistics = SubmissionStatistics;

/** GET /api/get-recent-updated-problem. */
export const getRecentUpdatedProblems = () =>
  apiGet<RecentUpdatedProblem[]>('/get-recent-updated-problem', undefined, { silent404: true });
export const recentUpdatedProblemsQuery = () =>
  queryOptions({ queryKey: homeKeys.recentUpdatedProblems(), queryFn: getRecentUpdatedProblems });
export const useRecentUpdatedProblems = () => useQuery(recentUpdatedProblemsQuery());

/** GET /api/get-last-week-submission-statistics?forceRefresh (the server caches the figures; refresh skips it). */
export const getLastWeekStatistics = (forceRefresh = false) =>
  apiGet<LastWeekSubmissionStatistics>(
    '/get-last-week-submission-statistics',
    { forceRefresh },
    { silent404: true },
  );
export const lastWeekStatisticsQuery = () =>
  queryOptions({ queryKey: homeKeys.lastWeekStatistics(), queryFn: () => getLastWeekStatistics() });
export const useLastWeekStatistics = () => useQuery(lastWeekStatisticsQuery());
