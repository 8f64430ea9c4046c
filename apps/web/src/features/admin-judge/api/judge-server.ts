import { LIMITS } from '@oj/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { adminJudgeKeys } from './keys.js';

/** One judgehost as the server last heard of it. `load` is the 1-minute load average. */
export interface JudgeServer {
  id: string;
  name: string;
  hostname: string;
  version: string;
  cpuCount: number;
  workers: number;
  running: number;
  load: number;
  languages: { name: string; version: string; available: boolean }[];
  enabled: boolean;
  lastHeartbeat: string;
  online: boolean;
}

export interface JudgeServerStatus {
  judgeServerList: JudgeServer[];
  queue: { queued: number; leased: number };
}

/** GET /api/admin/judge/get-judge-server-status (admin roles): judgehosts and queue counts, polled every 10 s. */
export const judgeServerStatusQuery = () =>
  queryOptions({
    queryKey: adminJudgeKeys.servers(),
    queryFn: () => apiGet<JudgeServerStatus>('/admin/judge/get-judge-server-status'),
    refetchInterval: LIMITS.adminHelperRefreshMs,
    staleTime: 0,
  });
export const useJudgeServerStatus = () => useQuery(judgeServerStatusQuery());
