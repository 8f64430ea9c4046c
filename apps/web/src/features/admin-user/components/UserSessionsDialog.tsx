import type { SessionItem } from '@oj/shared';
import { Button, Modal, Popconfirm, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { formatTime } from '../../../lib/time.js';
import { type AdminUserRow, useRevokeSessions, useUserSessions } from '../api/admin-user.js';

/**
 * A user's live sessions (login time, IP, browser) with "Sign out" per session and "Sign out everywhere" (the
 * admin revokes them: the user's next request is refused and they are signed out). Open while `user` is set.
 */
export function UserSessionsDialog({ user, onClose }: { user: AdminUserRow | null; onClose: () => void }) {
  const { t } = useTranslation('adminUser');
  const q = useUserSessions(user?.uid ?? null);
  const revoke = useRevokeSessions();
  const run = async (sessionId?: string) => {
    if (!user) return;
    try {
      const r = await revoke.mutateAsync({ uid: user.uid, sessionId });
      notify.success(t('Sessions_revoked', { n: r.revoked }));
      await q.refetch();
    } catch {
      // shown by the api client
    }
  };
  const list = q.data ?? [];
  return (
    <Modal
      open={user !== null}
      onCancel={onClose}
      title={t('Sessions_of', { username: user?.username ?? '' })}
      width={760}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('Sessions_close')}
        </Button>,
        <Popconfirm
          key="all"
          title={t('Revoke_all_confirm')}
          disabled={list.length === 0}
          onConfirm={() => run()}
        >
          <Button danger disabled={list.length === 0} data-testid="revoke-all-sessions">
            {t('Revoke_all')}
          </Button>
        </Popconfirm>,
      ]}
    >
      <Table<SessionItem>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={list}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('No_sessions') }}
        data-testid="user-sessions"
        columns={[
          { title: t('Login_time'), dataIndex: 'gmtCreate', render: (v: string) => formatTime(v) },
          { title: 'IP', dataIndex: 'ip' },
          {
            title: t('Browser'),
            dataIndex: 'userAgent',
            ellipsis: true,
            width: 260,
          },
          {
            title: '',
            key: 'op',
            render: (_: unknown, s) =>
              s.current ? (
                <Tag color="green">{t('Current')}</Tag>
              ) : (
                <Button size="small" danger onClick={() => run(s.id)} data-testid="revoke-session">
                  {t('Revoke')}
                </Button>
              ),
          },
        ]}
      />
    </Modal>
  );
}
