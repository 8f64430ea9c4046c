import { z } from 'zod';
import {
  ADMIN_ROLES,
  ALL_ROLE_CODES,
  MUTED_ROLES,
  NO_DISCUSS_ROLES,
  NO_SUBMIT_ROLES,
  Role,
  type RoleCode,
} from './roles.js';

/**
 * Auths (doc 3 §3 "Auth: id, name, permission; role auth"): the permissions the server checks, and which roles hold
 * them. The three `editable` ones are what the ordinary roles (1002-1007) differ by; the super admin sets them per
 * role on the Role auth page (stored in System Config, section roleAuth). The admin permissions are fixed by the
 * role codes (no admin can lock the back office out); admin roles hold every permission. docs/permissions.md.
 */
export const AUTHS = [
  { id: 1, permission: 'submit', name: 'Submit code and test runs', editable: true },
  { id: 2, permission: 'discussion_post', name: 'Post discussions', editable: true },
  { id: 3, permission: 'comment', name: 'Comment, reply and upload editor images', editable: true },
  {
    id: 4,
    permission: 'back_office',
    name: 'Back office: problems, trainings, contests, tags',
    editable: false,
  },
  { id: 5, permission: 'code_and_data', name: 'Read all code and test data', editable: false },
  {
    id: 6,
    permission: 'super_admin',
    name: 'Users, announcements, notices, config, switches, auths',
    editable: false,
  },
] as const;

export type Permission = (typeof AUTHS)[number]['permission'];
export const EDITABLE_PERMISSIONS = ['submit', 'discussion_post', 'comment'] as const;
export type EditablePermission = (typeof EDITABLE_PERMISSIONS)[number];

/** The roles whose editable permissions the Role auth page sets (the ordinary roles 1002-1007). */
export const EDITABLE_ROLES: RoleCode[] = ALL_ROLE_CODES.filter(
  (r) => !(ADMIN_ROLES as number[]).includes(r),
);

/** The editable permissions a role holds by default: what its role code names (doc 1 §6). */
export function defaultRolePermissions(role: RoleCode): EditablePermission[] {
  const out: EditablePermission[] = [];
  if (!(NO_SUBMIT_ROLES as number[]).includes(role)) out.push('submit');
  if (!(NO_DISCUSS_ROLES as number[]).includes(role)) out.push('discussion_post');
  if (!(MUTED_ROLES as number[]).includes(role)) out.push('comment');
  return out;
}

/** The fixed (admin) permissions of a role. */
export function fixedRolePermissions(role: number): Permission[] {
  const out: Permission[] = [];
  if ((ADMIN_ROLES as number[]).includes(role)) out.push('back_office');
  if (role === Role.ROOT || role === Role.PROBLEM_ADMIN) out.push('code_and_data');
  if (role === Role.ROOT) out.push('super_admin');
  return out;
}

/** GET /api/admin/auth/list: one row per auth; `roles` the role codes holding it now. */
export interface AuthVo {
  id: number;
  name: string;
  permission: Permission;
  editable: boolean;
  roles: number[];
}

/** GET /api/admin/role-auth/list: one row per role; `editable` false for the admin roles. */
export interface RoleAuthVo {
  role: number;
  name: string;
  description: string;
  editable: boolean;
  permissions: Permission[];
}

/** PUT /api/admin/role-auth {role, permissions}: the editable permissions `role` (1002-1007) holds from now on. */
export const setRoleAuthBody = z.object({
  role: z
    .number({ error: 'role is required' })
    .int()
    .refine((r) => (EDITABLE_ROLES as number[]).includes(r), 'role must be an ordinary role code 1002-1007'),
  permissions: z
    .array(z.enum(EDITABLE_PERMISSIONS, { error: 'permissions: unknown permission' }))
    .max(EDITABLE_PERMISSIONS.length),
});
export type SetRoleAuthBody = z.infer<typeof setRoleAuthBody>;
