import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ContestAnnouncementVo } from '@oj/shared';
import { Button, Card, Popconfirm, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { notify } from '../../../lib/notify.js';
import { formatTime } from '../../../lib/time.js';
import { AnnouncementEditor } from '../../admin/components/AnnouncementEditor.js';
import { useAdminContest } from '../api/admin-contest.js';
import {
  type ContestAnnouncementInput,
  useAdminContestAnnouncements,
  useDeleteContestAnnouncement,
  useSaveContestAnnouncement,
} from '../api/contest-announcement.js';

/**
 * A contest's announcement admin list (doc 3 contest admin "announcement list"; the contest's admins; in a group's
 * admin scope through the group's calls): the contest's announcements, newest first, with create and edit (the site announcements' markdown dialog with
 * preview) and delete (confirmed). Participants see them on the contest's Announcements tab and, while it runs, as
 * a notification within a minute.
 */
export function ContestAnnouncementsAdmin({ cid }: { cid: number }) {
  const { t } = useTranslation(['adminContest', 'admin']);
  const navigate = useNavigate();
  const { gid, paths } = useAdminScope();
  const contest = useAdminContest(cid, gid);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const q = useAdminContestAnnouncements(cid, page, limit, gid);
  const save = useSaveContestAnnouncement(cid, gid);
  const remove = useDeleteContestAnnouncement(cid, gid);
  const [editing, setEditing] = useState<ContestAnnouncementVo | null>(null);
  const [open, setOpen] = useState(false);

  const onSave = (v: Omit<ContestAnnouncementInput, 'id'>) =>
    save.mutate(
      { ...v, id: editing?.id },
      {
        onSuccess: () => {
          notify.success(editing ? t('common:Update_successfully') : t('Create_successfully'));
          setOpen(false);
        },
      },
    );

  return (
    <Card
      title={`${t('Contest_announcements')}${contest.data ? ` — ${contest.data.title}` : ''}`}
      extra={
        <Space wrap>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
            data-testid="create-contest-announcement"
          >
            {t('admin:Create')}
          </Button>
          <Button onClick={() => navigate(paths.contests)}>{t('common:Back')}</Button>
        </Space>
      }
    >
      <Table<ContestAnnouncementVo>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('common:No_data') }}
        data-testid="contest-announcement-table"
        pagination={{
          current: page,
          pageSize: limit,
          total: q.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: true,
          pageSizeOptions: [10, 30, 50],
          onChange: (p, s) => {
            setPage(p);
            setLimit(s);
          },
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          { title: t('Title'), dataIndex: 'title', ellipsis: true },
          { title: t('Created'), dataIndex: 'gmtCreate', render: (v: string) => formatTime(v) },
          { title: t('Creator'), dataIndex: 'username' },
          {
            title: t('Option'),
            key: 'option',
            render: (_: unknown, r) => (
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
                    data-testid="edit-contest-announcement"
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
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('common:Delete')}
                      data-testid="delete-contest-announcement"
                    />
                  </Tooltip>
                </Popconfirm>
              </Space>
            ),
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

/** /admin/contest/:contestId/announcement: a contest's announcements in the site's back office. */
export default function ContestAnnouncementsPage() {
  return <ContestAnnouncementsAdmin cid={Number(useParams().contestId)} />;
}
