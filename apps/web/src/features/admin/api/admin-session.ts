import type { DashboardInfo, LoginBody, SessionItem, UserInfo } from '@oj/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiLogin } from '../../../lib/api.js';
import { session } from '../../../lib/session.js';
import { adminKeys } from './keys.js';

/** POST /api/admin/login {username, password}: user info, token in the Authorization header; non-admins 403. */
export async function adminLogin(body: LoginBody): Promise<UserInfo> {
  const user = await apiLogin<UserInfo>('/admin/login', body);
  session.setUser(user);
  return user;
}
export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });

/** GET /api/admin/dashboard/get-dashboard-info: counts, recent contests and recent logins. */
export const getDashboardInfo = () => apiGet<DashboardInfo>('/admin/dashboard/get-dashboard-info');
export const dashboardInfoQuery = () =>
  queryOptions({ queryKey: adminKeys.dashboard(), queryFn: getDashboardInfo });
export const useDashboardInfo = () => useQuery(dashboardInfoQuery());

/** GET /api/admin/dashboard/get-sessions: the signed-in admin's live sessions, newest first. */
export const getSessions = () => apiGet<SessionItem[]>('/admin/dashboard/get-sessions');
export const sessionsQuery = () => queryOptions({ queryKey: adminKeys.sessions(), queryFn: getSessions });
export const useSessions = () => useQuery(sessionsQuery());
