import { Role } from '@oj/shared';
import { Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useSession } from '../../../lib/session.js';
import { type AdminUserRow, useAdminUsers, useDeleteUsers } from '../api/admin-user.js';
import { EditUserDialog } from '../components/EditUserDialog.js';
import { GenerateUsers } from '../components/GenerateUsers.js';
import { ImportUsers } from '../components/ImportUsers.js';
import { UserSessionsDialog } from '../components/UserSessionsDialog.js';

/**
 * /admin/user (super admin; doc 3 admin "Users", issue 9 §2): user list with search and paging, edit dialog,
 * batch delete, CSV import with preview and refused rows, account generation with xlsx download, a user's
 * sessions with sign-out (revoke).
 */
export default function UserAdminPage() {
  const { t } = useTranslation('adminUser');
  const [params, setParams] = useState({ keyword: '', currentPage: 1, limit: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const [sessionsOf, setSessionsOf] = useState<AdminUserRow | null>(null);
  const q = useAdminUsers(params);
  const del = useDeleteUsers();
  const me = useSession().userInfo?.uid;

  const onDelete = async (ids: string[]) => {
    try {
      const r = await del.mutateAsync(ids);
      notify.success(t('Deleted_n', { n: r.deleted }));
      setSelected([]);
    } catch {
      // refusals show in the api client's toast
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={t('Users')}
        extra={
          <Input.Search
            allowClear
            placeholder={t('Search_placeholder')}
            onSearch={(keyword) => setParams((p) => ({ ...p, keyword, currentPage: 1 }))}
            style={{ maxWidth: 240 }}
          />
        }
      >
        <Space style={{ marginBottom: 12 }}>
          <Popconfirm
            title={t('Delete_confirm', { n: selected.length })}
            onConfirm={() => onDelete(selected)}
          >
            <Button danger disabled={selected.length === 0}>
              {t('Delete_selected', { n: selected.length })}
            </Button>
          </Popconfirm>
        </Space>
        <Table<AdminUserRow>
          rowKey="uid"
          size="small"
          loading={q.isLoading}
          dataSource={q.data?.records ?? []}
          scroll={{ x: 760 }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as string[]),
            getCheckboxProps: (r) => ({ disabled: r.uid === me || r.role === Role.ROOT }),
          }}
          pagination={{
            current: params.currentPage,
            pageSize: params.limit,
            total: q.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 30, 50, 100],
            onChange: (currentPage, limit) => setParams((p) => ({ ...p, currentPage, limit })),
          }}
          columns={[
            { title: t('col_username'), dataIndex: 'username', ellipsis: true },
            { title: t('col_realname'), dataIndex: 'realname', ellipsis: true },
            { title: t('col_email'), dataIndex: 'email', ellipsis: true },
            { title: t('Role'), dataIndex: 'role', render: (r: number) => t(`role_${r}`) },
            {
              title: t('Status'),
              dataIndex: 'status',
              width: 90,
              render: (s: number) =>
                s === 0 ? <Tag color="green">{t('Normal')}</Tag> : <Tag color="red">{t('Disabled')}</Tag>,
            },
            {
              title: t('Created'),
              dataIndex: 'gmtCreate',
              width: 160,
              render: (v: string) => new Date(v).toLocaleString(),
            },
            {
              title: t('Option'),
              width: 230,
              fixed: 'right',
              render: (_v, r) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(r)}>
                    {t('Edit')}
                  </Button>
                  <Button size="small" onClick={() => setSessionsOf(r)} data-testid="user-sessions-open">
                    {t('Sessions')}
                  </Button>
                  {r.uid !== me && r.role !== Role.ROOT && (
                    <Popconfirm title={t('Delete_confirm', { n: 1 })} onConfirm={() => onDelete([r.uid])}>
                      <Button size="small" danger>
                        {t('Delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <ImportUsers />
      <GenerateUsers />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <UserSessionsDialog user={sessionsOf} onClose={() => setSessionsOf(null)} />
    </Space>
  );
}
