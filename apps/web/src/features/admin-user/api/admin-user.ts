import type { AdminGenerateUserBody, AdminUserRow, Page, SessionItem } from '@oj/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiDownload, apiGet, apiPost, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';

/** Query keys of the admin users page. */
export const adminUserKeys = {
  all: ['admin', 'user'] as const,
  list: (p: UserListParams) => [...adminUserKeys.all, 'list', p] as const,
};

/** A row of GET /api/admin/user/get-user-list (doc 3 admin "User"). */
export type { AdminUserRow };

export interface UserListParams {
  keyword: string;
  currentPage: number;
  limit: number;
}
/** A refused import or generate row, from `data.refused` of a 400. */
export interface RefusedRow {
  row: number;
  username: string;
  reason: string;
}

/** GET /api/admin/user/get-user-list?keyword&currentPage&limit (super admin). */
export const useAdminUsers = (p: UserListParams) =>
  useQuery({
    queryKey: adminUserKeys.list(p),
    queryFn: () => apiGet<Page<AdminUserRow>>('/admin/user/get-user-list', p),
    placeholderData: keepPreviousData,
  });

const refresh = () => void queryClient.invalidateQueries({ queryKey: adminUserKeys.all });

/** PUT /api/admin/user/edit-user {uid, role, status, password?}. */
export const useEditUser = () =>
  useMutation({
    mutationFn: (b: { uid: string; role: number; status: number; password?: string }) =>
      apiPut<null>('/admin/user/edit-user', b),
    onSuccess: refresh,
  });

/** DELETE /api/admin/user/delete-user with body {ids} -> {deleted}. */
export const useDeleteUsers = () =>
  useMutation({
    mutationFn: async (ids: string[]) =>
      apiDelete<{ deleted: number }>('/admin/user/delete-user', undefined, undefined, { ids }),
    onSuccess: refresh,
  });

/** POST /api/admin/user/insert-batch-user {users}: all or nothing; a 400 carries data.refused. */
export const useImportUsers = () =>
  useMutation({
    mutationFn: (users: string[][]) =>
      apiPost<{ count: number }>('/admin/user/insert-batch-user', { users }, { silent: true }),
    onSuccess: refresh,
  });

/** POST /api/admin/user/generate-user -> {key}; then GET /api/file/generate-user-excel?key= gives the sheet. */
export const useGenerateUsers = () =>
  useMutation({
    mutationFn: (b: AdminGenerateUserBody) => apiPost<{ key: string }>('/admin/user/generate-user', b),
    onSuccess: refresh,
  });

/** The xlsx sheet of generated usernames and passwords. */
export const downloadGenerated = (key: string) => apiDownload('/file/generate-user-excel', { key });

/** GET /api/admin/user/get-user-sessions?uid -> the user's live sessions, newest first (super admin). */
export const useUserSessions = (uid: string | null) =>
  useQuery({
    queryKey: [...adminUserKeys.all, 'sessions', uid] as const,
    queryFn: () => apiGet<SessionItem[]>('/admin/user/get-user-sessions', { uid }),
    enabled: uid !== null,
    staleTime: 0,
  });

/**
 * POST /api/admin/user/revoke-sessions {uid, sessionId?} -> {revoked}: signs the user out of one session, or of
 * all without `sessionId`; the user's next request answers 401.
 */
export const useRevokeSessions = () =>
  useMutation({
    mutationFn: (b: { uid: string; sessionId?: string }) =>
      apiPost<{ revoked: number }>('/admin/user/revoke-sessions', b),
    onSuccess: refresh,
  });
