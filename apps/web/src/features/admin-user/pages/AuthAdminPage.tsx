import { type AuthVo, ROLE_NAME, type RoleCode } from '@oj/shared';
import { Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuths } from '../api/role-auth.js';

/**
 * /admin/auth, Auth admin (doc 3 back office "Auth admin"; §3 "Auth: id, name, permission"; super admin): the
 * permissions the server checks, whether the Role auth page can assign them, and the roles holding each now.
 */
export default function AuthAdminPage() {
  const { t } = useTranslation('adminUser');
  const q = useAuths();
  return (
    <Card
      title={t('Auth_admin')}
      extra={<Link to="/admin/role-auth">{t('Role_auth')}</Link>}
      styles={{ body: { padding: 0 } }}
    >
      <Table<AuthVo>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="auth-table"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          {
            title: t('Auth_name'),
            key: 'name',
            render: (_: unknown, a) => t(`auth.${a.permission}`),
          },
          {
            title: t('Permission'),
            dataIndex: 'permission',
            render: (p: string) => <Typography.Text code>{p}</Typography.Text>,
          },
          {
            title: t('Assignable'),
            dataIndex: 'editable',
            render: (e: boolean) =>
              e ? <Tag color="blue">{t('Per_role')}</Tag> : <Tag>{t('Fixed_by_role')}</Tag>,
          },
          {
            title: t('Held_by'),
            dataIndex: 'roles',
            render: (roles: number[]) => (
              <Space size={[0, 4]} wrap style={{ maxWidth: 380 }}>
                {roles.map((r) => (
                  <Tag key={r}>{t(`role.${ROLE_NAME[r as RoleCode]}`)}</Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
