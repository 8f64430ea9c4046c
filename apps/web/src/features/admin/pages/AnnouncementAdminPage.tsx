import { PlusOutlined } from '@ant-design/icons';
import type { AnnouncementItem } from '@oj/shared';
import { Button, Card, Popconfirm, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { formatTime } from '../../../lib/time.js';
import {
  useAdminAnnouncements,
  useCreateAnnouncement,
  useDeleteAnnouncement,
  useUpdateAnnouncement,
} from '../api/admin-announcement.js';
import { AnnouncementEditor } from '../components/AnnouncementEditor.js';

/**
 * /admin/announcement (doc 3; super admin): a paged table with create, edit (markdown with preview), delete
 * (confirmed) and the visible switch (status 0 visible, 1 hidden).
 */
export default function AnnouncementAdminPage() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [editing, setEditing] = useState<AnnouncementItem | null>(null);
  const [open, setOpen] = useState(false);
  const q = useAdminAnnouncements(page, limit);
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const remove = useDeleteAnnouncement();

  const onSave = async (v: { title: string; content: string }) => {
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...v, status: editing.status });
      else await create.mutateAsync(v);
      notify.success(editing ? t('common:Update_successfully') : t('common:Create_successfully'));
      setOpen(false);
    } catch {
      // shown by the api client
    }
  };

  return (
    <Card
      title={t('Announcement')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          {t('Create')}
        </Button>
      }
    >
      <Table<AnnouncementItem>
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 720 }}
        pagination={{
          current: page,
          pageSize: limit,
          total: q.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: true,
          pageSizeOptions: [10, 30, 50, 100],
          onChange: (p, s) => {
            setPage(p);
            setLimit(s);
          },
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('Title'), dataIndex: 'title', ellipsis: true },
          { title: t('Created'), dataIndex: 'gmtCreate', width: 170, render: (v: string) => formatTime(v) },
          { title: t('Author'), dataIndex: 'username', width: 120 },
          {
            title: t('Visible'),
            dataIndex: 'status',
            width: 90,
            render: (s: number, r) => (
              <Switch
                checked={s === 0}
                onChange={(on) =>
                  update.mutate({ id: r.id, title: r.title, content: r.content, status: on ? 0 : 1 })
                }
              />
            ),
          },
          {
            title: t('Option'),
            width: 170,
            render: (_v, r) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(r);
                    setOpen(true);
                  }}
                >
                  {t('common:Edit')}
                </Button>
                <Popconfirm title={t('Delete_confirm')} onConfirm={() => remove.mutate(r.id)}>
                  <Button size="small" danger>
                    {t('common:Delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <AnnouncementEditor
        open={open}
        initial={editing}
        saving={create.isPending || update.isPending}
        onSave={(v) => void onSave(v)}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}
