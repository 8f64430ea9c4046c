import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  NotificationOutlined,
  PlusOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { CONTEST_AUTH_INFO, type ContestAuthCode, ContestType } from '@oj/shared';
import { Button, Card, Grid, Input, Popconfirm, Space, Switch, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { notify } from '../../../lib/notify.js';
import { isSuperAdminRoles, useSession } from '../../../lib/session.js';
import { formatTime } from '../../../lib/time.js';
import { AuthTag, StatusTag } from '../../contest/components/ContestTags.js';
import { SimilarityButton } from '../../similarity/components/SimilarityButton.js';
import {
  type AdminContestListItem,
  useAdminContests,
  useChangeVisible,
  useDeleteContest,
} from '../api/admin-contest.js';
import { AcDownloadDialog } from '../components/AcDownloadDialog.js';

/**
 * The contest admin list (doc 3 contest admin list): keyword search, paging, and per row id, title, rule, auth tag
 * (with its meaning in a tooltip), status, the visible switch, times and creator, and the actions edit, problems,
 * announcements, download AC submissions (dialog) and delete (confirmed) — the switch and actions only where
 * `canManage` (the site: the contest's creator or a super admin; a group: also its roots). In a group's admin scope
 * the group's contests through its calls.
 */
export function ContestAdminList(props: { canManage?: (r: AdminContestListItem) => boolean }) {
  const { t } = useTranslation(['adminContest', 'contest']);
  const navigate = useNavigate();
  const { gid, paths } = useAdminScope();
  const { roles, userInfo } = useSession();
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const q = useAdminContests({ keyword, currentPage, limit }, gid);
  const visible = useChangeVisible(gid);
  const remove = useDeleteContest(gid);
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const canManage =
    props.canManage ?? ((r: AdminContestListItem) => isSuperAdminRoles(roles) || r.uid === userInfo?.uid);
  const [downloadCid, setDownloadCid] = useState<number | null>(null);

  return (
    <Card
      title={t('Contest_list')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.contestCreate)}>
          {t('Create_contest')}
        </Button>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('Search_keyword')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320, marginBottom: 12 }}
        data-testid="admin-contest-search"
      />
      <Table<AdminContestListItem>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('common:No_data') }}
        data-testid="admin-contest-table"
        pagination={{
          current: currentPage,
          pageSize: limit,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 30, 50, 100],
          onChange: (p, s) => {
            setPage(p);
            setLimit(s);
          },
        }}
        columns={[
          ...(narrow ? [] : [{ title: 'ID', dataIndex: 'id', width: 60 }]),
          { title: t('Title'), dataIndex: 'title' },
          {
            title: t('Rule_type'),
            dataIndex: 'type',
            render: (v: number) => (v === ContestType.OI ? 'OI' : 'ACM'),
          },
          {
            title: t('Auth'),
            dataIndex: 'auth',
            render: (v: number) => (
              <Tooltip title={t(`auth_tip.${CONTEST_AUTH_INFO[v as ContestAuthCode]?.name ?? 'Public'}`)}>
                <span>
                  <AuthTag auth={v} />
                </span>
              </Tooltip>
            ),
          },
          { title: t('Status'), dataIndex: 'status', render: (v: number) => <StatusTag status={v} /> },
          {
            title: t('Visible'),
            dataIndex: 'visible',
            render: (v: boolean, r) => (
              <Switch
                size="small"
                checked={v}
                disabled={!canManage(r)}
                onChange={(on) =>
                  visible.mutate(
                    { cid: r.id, visible: on },
                    { onSuccess: () => notify.success(t('common:Update_successfully')) },
                  )
                }
                data-testid="contest-visible"
              />
            ),
          },
          ...(narrow
            ? []
            : [
                {
                  title: t('Info'),
                  key: 'info',
                  render: (_: unknown, r: AdminContestListItem) => (
                    <div style={{ fontSize: 12, lineHeight: 1.6 }}>
                      <div>
                        {t('Start_time')}: {formatTime(r.startTime)}
                      </div>
                      <div>
                        {t('End_time')}: {formatTime(r.endTime)}
                      </div>
                      <div>
                        {t('Created')}: {formatTime(r.gmtCreate)}
                      </div>
                      <div>
                        {t('Creator')}: {r.author}
                      </div>
                    </div>
                  ),
                },
              ]),
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
                      onClick={() => navigate(paths.contestEdit(r.id))}
                    />
                  </Tooltip>
                  <Tooltip title={t('Contest_problems')}>
                    <Button
                      size="small"
                      icon={<UnorderedListOutlined />}
                      aria-label={t('Contest_problems')}
                      onClick={() => navigate(paths.contestProblems(r.id))}
                      data-testid="contest-problems-link"
                    />
                  </Tooltip>
                  <Tooltip title={t('Contest_announcements')}>
                    <Button
                      size="small"
                      icon={<NotificationOutlined />}
                      aria-label={t('Contest_announcements')}
                      onClick={() => navigate(paths.contestAnnouncements(r.id))}
                      data-testid="contest-announcements-link"
                    />
                  </Tooltip>
                  <Tooltip title={t('Download_ac_submissions')}>
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      aria-label={t('Download_ac_submissions')}
                      onClick={() => setDownloadCid(r.id)}
                      data-testid="contest-ac-download"
                    />
                  </Tooltip>
                  <SimilarityButton scope="contest" id={r.id} />
                  <Popconfirm
                    title={t('Delete_contest_confirm')}
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
      <AcDownloadDialog cid={downloadCid} onClose={() => setDownloadCid(null)} />
    </Card>
  );
}

/** /admin/contest: the site's contest admin list. */
export default function AdminContestListPage() {
  return <ContestAdminList />;
}
