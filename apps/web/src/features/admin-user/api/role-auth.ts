import type { AuthVo, RoleAuthVo, SetRoleAuthBody } from '@oj/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { adminUserKeys } from './admin-user.js';

const authKeys = {
  all: [...adminUserKeys.all, 'auth'] as const,
  auths: () => [...authKeys.all, 'list'] as const,
  roles: () => [...authKeys.all, 'roles'] as const,
};

/** GET /api/admin/auth/list (super admin): the permissions the server checks, with the roles holding each. */
export const useAuths = () =>
  useQuery({ queryKey: authKeys.auths(), queryFn: () => apiGet<AuthVo[]>('/admin/auth/list') });

/** GET /api/admin/role-auth/list (super admin): each role with the permissions it holds. */
export const useRoleAuths = () =>
  useQuery({ queryKey: authKeys.roles(), queryFn: () => apiGet<RoleAuthVo[]>('/admin/role-auth/list') });

/** PUT /api/admin/role-auth {role, permissions}: the editable permissions of an ordinary role (1002-1007). */
export const useSetRoleAuth = () =>
  useMutation({
    mutationFn: (b: SetRoleAuthBody) => apiPut<RoleAuthVo[]>('/admin/role-auth', b),
    onSuccess: (roles) => {
      queryClient.setQueryData(authKeys.roles(), roles);
      void queryClient.invalidateQueries({ queryKey: authKeys.auths() });
    },
  });
