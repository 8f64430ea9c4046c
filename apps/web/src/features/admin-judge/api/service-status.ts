import type { HealthInfo, ServiceInfo } from '@oj/shared';
import { LIMITS } from '@oj/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api.js';
import { adminJudgeKeys } from './keys.js';

/**
 * GET /api/health -> HealthInfo: database, migrations, judgehosts, queue. A 503 (database down, shutting down)
 * carries the same body: it is shown, not thrown.
 */
export async function getHealth(): Promise<HealthInfo> {
  try {
    return await apiGet<HealthInfo>('/health', undefined, { silent: true });
  } catch (e) {
    if (e instanceof ApiError && e.data && typeof e.data === 'object' && 'status' in e.data)
      return e.data as HealthInfo;
    throw e;
  }
}
export const healthQuery = () =>
  queryOptions({
    queryKey: [...adminJudgeKeys.all, 'health'] as const,
    queryFn: getHealth,
    refetchInterval: LIMITS.adminHelperRefreshMs,
    staleTime: 0,
  });
export const useHealth = () => useQuery(healthQuery());

/** GET /api/admin/config/get-service-info (admin roles): this server process, its cores and loads. */
export const serviceInfoQuery = () =>
  queryOptions({
    queryKey: [...adminJudgeKeys.all, 'service'] as const,
    queryFn: () => apiGet<ServiceInfo>('/admin/config/get-service-info'),
    refetchInterval: LIMITS.adminHelperRefreshMs,
    staleTime: 0,
  });
export const useServiceInfo = () => useQuery(serviceInfoQuery());
