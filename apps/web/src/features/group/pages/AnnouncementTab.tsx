import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type AnnouncementItem, AnnouncementStatus } from '@oj/shared';
import { Button, Card, Popconfirm, Space, Switch, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useSession } from '../../../lib/session.js';
import { formatTime } from '../../../lib/time.js';
import { AnnouncementEditor } from '../../admin/components/AnnouncementEditor.js';
import {
  useDeleteGroupAnnouncement,
  useGroupAnnouncements,
  useSaveGroupAnnouncement,
} from '../api/group-content.js';
import { useGroupShell } from '../components/GroupContext.js';

/**
 * The group announcements tab (doc 3 §2; group admins): every announcement of the group, hidden ones too, with
 * create, edit and delete (confirmed) and the visible switch (status 0 visible, 1 hidden). Edit, delete and the
 * switch for the announcement's author or a group root (doc 3 §6); members read them on the group home.
 */
export default function AnnouncementTab() {
  const { t } = useTranslation(['group', 'admin']);
  const { userInfo } = useSession();
  const { gid, access } = useGroupShell();
  const [page, setPage] = useState(1);
  const q = useGroupAnnouncements(gid, page, 10, true);
  const save = useSaveGroupAnnouncement(gid);
  const remove = useDeleteGroupAnnouncement(gid);
  const [editing, setEditing] = useState<AnnouncementItem | null>(null);
  const [open, setOpen] = useState(false);
  const canManage = (a: AnnouncementItem) => access.isGroupRoot || a.uid === userInfo?.uid;

  const onSave = (v: { title: string; content: string }) =>
    save.mutate(
      { ...v, id: editing?.id, status: editing?.status ?? AnnouncementStatus.VISIBLE },
      {
        onSuccess: () => {
          notify.success(editing ? t('common:Update_successfully') : t('Create_successfully'));
          setOpen(false);
        },
      },
    );

  return (
    <Card
      title={t('tab.announcement')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
          data-testid="group-announcement-create"
        >
          {t('Create')}
        </Button>
      }
      data-testid="group-announcements"
    >
      <Table<AnnouncementItem>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('common:No_data') }}
        pagination={{
          current: page,
          pageSize: 10,
          total: q.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={[
          { title: t('Title'), dataIndex: 'title' },
          {
            title: t('Created'),
            dataIndex: 'gmtCreate',
            render: (v: string) => formatTime(v),
            responsive: ['md'],
          },
          { title: t('Author'), dataIndex: 'username', responsive: ['sm'] },
          {
            title: t('Visible'),
            dataIndex: 'status',
            render: (v: number, r) => (
              <Switch
                size="small"
                checked={v === 0}
                disabled={!canManage(r)}
                onChange={(on) =>
                  save.mutate(
                    { id: r.id, title: r.title, content: r.content, status: on ? 0 : 1 },
                    { onSuccess: () => notify.success(t('common:Update_successfully')) },
                  )
                }
              />
            ),
          },
          {
            title: t('Option'),
            key: 'option',
            render: (_: unknown, r) =>
              canManage(r) ? (
                <Space size={4}>
                  <Tooltip title={t('common:Edit')}>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('common:Edit')}
                      onClick={() => {
                        setEditing(r);
                        setOpen(true);
                      }}
                    />
                  </Tooltip>
                  <Popconfirm
                    title={t('Delete_announcement_confirm')}
                    okText={t('common:Delete')}
                    cancelText={t('common:Cancel')}
                    onConfirm={() =>
                      remove.mutate(r.id, { onSuccess: () => notify.success(t('Delete_successfully')) })
                    }
                  >
                    <Tooltip title={t('common:Delete')}>
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common:Delete')} />
                    </Tooltip>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]}
      />
      <AnnouncementEditor
        open={open}
        initial={editing}
        saving={save.isPending}
        onSave={onSave}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}
