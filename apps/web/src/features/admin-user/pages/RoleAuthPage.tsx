import {
  AUTHS,
  EDITABLE_PERMISSIONS,
  type EditablePermission,
  type Permission,
  type RoleAuthVo,
} from '@oj/shared';
import { Alert, Card, Checkbox, Table, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useRoleAuths, useSetRoleAuth } from '../api/role-auth.js';

/**
 * /admin/role-auth, Role auth (doc 3 back office "Role auth"; super admin): one row per role, one checkbox per
 * permission. The ordinary roles' submit, post and comment permissions are set here and take effect at their
 * users' next request; the admin roles' permissions are fixed by the role (greyed).
 */
export default function RoleAuthPage() {
  const { t } = useTranslation('adminUser');
  const q = useRoleAuths();
  const save = useSetRoleAuth();
  const isEditable = (x: Permission): x is EditablePermission =>
    (EDITABLE_PERMISSIONS as readonly string[]).includes(x);
  const toggle = async (r: RoleAuthVo, p: EditablePermission, on: boolean) => {
    const permissions = r.permissions.filter((x): x is EditablePermission => isEditable(x) && x !== p);
    if (on) permissions.push(p);
    try {
      await save.mutateAsync({ role: r.role, permissions });
      notify.success(t('common:Update_successfully'));
    } catch {
      // shown by the api client
    }
  };
  return (
    <Card title={t('Role_auth')} styles={{ body: { padding: 0 } }}>
      <Alert type="info" showIcon banner message={t('Role_auth_tips')} />
      <Table<RoleAuthVo>
        rowKey="role"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="role-auth-table"
        columns={[
          {
            title: t('Role'),
            key: 'role',
            fixed: 'left',
            render: (_: unknown, r) => (
              <span>
                {t(`role.${r.name}`)} <span style={{ color: 'var(--oj-text-tertiary)' }}>{r.role}</span>
              </span>
            ),
          },
          ...AUTHS.map((a) => ({
            title: <Tooltip title={a.permission}>{t(`auth.${a.permission}`)}</Tooltip>,
            key: a.permission,
            align: 'center' as const,
            render: (_: unknown, r: RoleAuthVo) => (
              <Checkbox
                checked={r.permissions.includes(a.permission)}
                disabled={!isEditable(a.permission) || !r.editable || save.isPending}
                data-testid={`role-auth-${r.role}-${a.permission}`}
                onChange={(e) => {
                  if (isEditable(a.permission)) void toggle(r, a.permission, e.target.checked);
                }}
              />
            ),
          })),
        ]}
      />
    </Card>
  );
}
