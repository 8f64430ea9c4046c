import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { formatTime } from '../../../lib/time.js';
import {
  type Notice,
  useDeleteNotice,
  useNotices,
  usePushNotice,
  useSaveNotice,
} from '../api/admin-notice.js';
import { NoticeEditor } from '../components/NoticeEditor.js';

const PAGE_SIZE = 10;

/**
 * /admin/notice (doc 3 "Notification"; super admin): the notices with recipients and pushed state, create, edit
 * and delete. Notices reach the recipients' system messages by the hourly push (doc 1 §9), or at once with "Push
 * now" (an urgent notice).
 */
export default function NoticeAdminPage() {
  const { t } = useTranslation('adminNotice');
  const [page, setPage] = useState(1);
  const q = useNotices({ currentPage: page, limit: PAGE_SIZE });
  const save = useSaveNotice();
  const remove = useDeleteNotice();
  const push = usePushNotice();
  const [editing, setEditing] = useState<Notice | null | 'new'>(null);

  return (
    <Card
      title={t('Notice_list')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          data-testid="notice-create"
        >
          {t('Create_notice')}
        </Button>
      }
    >
      <Table<Notice>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="notice-table"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: q.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          {
            title: t('Title'),
            dataIndex: 'title',
            render: (v: string) => <span style={{ overflowWrap: 'anywhere' }}>{v}</span>,
          },
          {
            title: t('Recipients'),
            key: 'type',
            render: (_: unknown, r) =>
              r.type === 'Single' ? (
                <span>
                  {t('recipient.Single')}: {(r.recipients ?? []).join(', ')}
                </span>
              ) : (
                t(`recipient.${r.type}`)
              ),
          },
          {
            title: t('Pushed'),
            dataIndex: 'state',
            render: (v: boolean) => (
              <Tag color={v ? 'green' : 'default'} data-testid="notice-pushed">
                {v ? t('Pushed') : t('Not_pushed')}
              </Tag>
            ),
          },
          { title: t('Author'), dataIndex: 'adminUsername' },
          { title: t('Created'), dataIndex: 'gmtCreate', render: (v: string) => formatTime(v) },
          {
            title: t('Actions'),
            key: 'actions',
            render: (_: unknown, r) => (
              <Space>
                {!r.state && (
                  <Popconfirm
                    title={t('Push_now_tips')}
                    okText={t('Push_now')}
                    cancelText={t('common:Cancel')}
                    onConfirm={async () => {
                      try {
                        const { messages } = await push.mutateAsync(r.id);
                        notify.success(t('Pushed_to', { n: messages }));
                      } catch {
                        // shown by the api client
                      }
                    }}
                  >
                    <Button size="small" type="primary" ghost data-testid="notice-push">
                      {t('Push_now')}
                    </Button>
                  </Popconfirm>
                )}
                <Button size="small" onClick={() => setEditing(r)} data-testid="notice-edit">
                  {t('common:Edit')}
                </Button>
                <Popconfirm
                  title={t('Delete_notice_tips')}
                  okText={t('common:Delete')}
                  cancelText={t('common:Cancel')}
                  onConfirm={async () => {
                    try {
                      await remove.mutateAsync(r.id);
                      notify.success(t('Deleted_successfully'));
                    } catch {
                      // shown by the api client
                    }
                  }}
                >
                  <Button size="small" danger data-testid="notice-delete">
                    {t('common:Delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <NoticeEditor
        open={editing !== null}
        initial={editing === 'new' ? null : editing}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={async (v) => {
          try {
            await save.mutateAsync({ ...v, ...(editing && editing !== 'new' ? { id: editing.id } : {}) });
            notify.success(
              editing === 'new' ? t('common:Create_successfully') : t('common:Update_successfully'),
            );
            setEditing(null);
          } catch {
            // shown by the api client
          }
        }}
      />
    </Card>
  );
}
