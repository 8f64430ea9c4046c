import { type JudgeServerStatus, LIMITS } from '@oj/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { adminJudgeKeys } from './keys.js';

export type { JudgeServerStatus, JudgeServerVo as JudgeServer } from '@oj/shared';

/** GET /api/admin/judge/get-judge-server-status (admin roles): judgehosts and queue counts, polled every 10 s. */
export const judgeServerStatusQuery = () =>
  queryOptions({
    queryKey: adminJudgeKeys.servers(),
    queryFn: () => apiGet<JudgeServerStatus>('/admin/judge/get-judge-server-status'),
    refetchInterval: LIMITS.adminHelperRefreshMs,
    staleTime: 0,
  });
export const useJudgeServerStatus = () => useQuery(judgeServerStatusQuery());
