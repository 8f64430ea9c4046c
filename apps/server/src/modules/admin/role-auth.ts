import {
  ALL_ROLE_CODES,
  AUTHS,
  type AuthVo,
  defaultRolePermissions,
  EDITABLE_ROLES,
  type EditablePermission,
  fixedRolePermissions,
  isAdminRole,
  type Permission,
  ROLE_DESCRIPTION,
  ROLE_NAME,
  type RoleAuthVo,
  type RoleCode,
  setRoleAuthBody,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { needRoot } from '../../plugins/auth.js';

/**
 * The editable permissions `role` holds now: every one for the admin roles, else the Role auth page's choice
 * (System Config section roleAuth, read through the 2 s config cache, so every server instance follows a change
 * within 2 s), or the role's defaults when it was never set.
 */
export async function rolePermissions(ctx: AppContext, role: number): Promise<EditablePermission[]> {
  if (isAdminRole(role)) return ['submit', 'discussion_post', 'comment'];
  const { grants } = await ctx.config.get('roleAuth');
  return grants[String(role)] ?? defaultRolePermissions(role as RoleCode);
}

/** True when `role` holds the editable permission `perm` (submit, discussion_post, comment). */
export async function roleMay(ctx: AppContext, role: number, perm: EditablePermission): Promise<boolean> {
  return (await rolePermissions(ctx, role)).includes(perm);
}

/** One RoleAuthVo per role code, in code order. */
async function roleAuthList(ctx: AppContext): Promise<RoleAuthVo[]> {
  return Promise.all(
    ALL_ROLE_CODES.slice()
      .sort((a, b) => a - b)
      .map(async (role) => ({
        role,
        name: ROLE_NAME[role],
        description: ROLE_DESCRIPTION[role],
        editable: (EDITABLE_ROLES as number[]).includes(role),
        permissions: [...(await rolePermissions(ctx, role)), ...fixedRolePermissions(role)] as Permission[],
      })),
  );
}

/**
 * Auth admin and Role auth (doc 3 back-office screens "Auth admin", "Role auth"; §3 "Auth: id, name, permission;
 * role auth"), super admin only: the spec names no paths, these follow the back office's /api/admin/<area>/ style.
 */
const roleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/admin/auth/list -> AuthVo[]: the permissions the server checks and the roles holding each now. */
  app.get('/admin/auth/list', { onRequest: needRoot }, async () => {
    const roles = await roleAuthList(app.ctx);
    const data: AuthVo[] = AUTHS.map((a) => ({
      id: a.id,
      name: a.name,
      permission: a.permission,
      editable: a.editable,
      roles: roles.filter((r) => r.permissions.includes(a.permission)).map((r) => r.role),
    }));
    return ok(data);
  });

  /** GET /api/admin/role-auth/list -> RoleAuthVo[]: each role with the permissions it holds. */
  app.get('/admin/role-auth/list', { onRequest: needRoot }, async () => ok(await roleAuthList(app.ctx)));

  /**
   * PUT /api/admin/role-auth {role, permissions} -> RoleAuthVo[]: sets the editable permissions of an ordinary role
   * (1002-1007); its users' next submit, post or comment follows it. 400 for an admin role or an unknown permission.
   */
  app.put('/admin/role-auth', { onRequest: needRoot, schema: { body: setRoleAuthBody } }, async (req) => {
    const { grants } = await app.ctx.config.get('roleAuth');
    const permissions = [...new Set(req.body.permissions)];
    await app.ctx.config.set('roleAuth', { grants: { ...grants, [String(req.body.role)]: permissions } });
    return ok(await roleAuthList(app.ctx), 'Updated successfully');
  });
};

export default roleAuthRoutes;
