import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../../lib/notify.js';
import {
  type ContestAdminProblemRow,
  type ContestProblemLink,
  useAdminContest,
  useContestAdminProblems,
  useRemoveContestProblem,
} from '../api/admin-contest.js';
import { AddFromPublicDialog } from '../components/AddFromPublicDialog.js';
import { ContestProblemDialog } from '../components/ContestProblemDialog.js';

/**
 * /admin/contest/:contestId/problems (doc 3 contest problem list): the contest's problems with display id, display
 * title and balloon colour; edit that contest side, remove a problem from the contest (confirmed), add from the
 * public problems, create a contest-only problem, edit the problem itself.
 */
export default function ContestProblemsPage() {
  const { t } = useTranslation('adminContest');
  const navigate = useNavigate();
  const cid = Number(useParams().contestId);
  const contest = useAdminContest(cid);
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const q = useContestAdminProblems(cid, { keyword, currentPage, limit });
  const remove = useRemoveContestProblem();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ContestProblemLink | null>(null);
  const link = (r: ContestAdminProblemRow) => q.data?.contestProblemMap[String(r.id)];

  return (
    <Card
      title={`${t('Contest_problems')}${contest.data ? ` — ${contest.data.title}` : ''}`}
      extra={
        <Space wrap>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            disabled={!contest.data}
            data-testid="open-add-public"
          >
            {t('Add_from_public')}
          </Button>
          <Button
            icon={<PlusOutlined />}
            onClick={() => navigate(`/admin/contest/${cid}/problem/create`)}
            data-testid="create-contest-problem"
          >
            {t('Create_problem')}
          </Button>
          <Button onClick={() => navigate('/admin/contest')}>{t('common:Back')}</Button>
        </Space>
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
      />
      <Table<ContestAdminProblemRow>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.problemList.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('common:No_data') }}
        data-testid="contest-problem-table"
        pagination={{
          current: currentPage,
          pageSize: limit,
          total: q.data?.problemList.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 30, 50, 100],
          onChange: (p, s) => {
            setPage(p);
            setLimit(s);
          },
        }}
        columns={[
          {
            title: t('Display_id'),
            key: 'displayId',
            render: (_: unknown, r) => {
              const l = link(r);
              return (
                <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
                  {l?.color && (
                    <span
                      style={{ width: 12, height: 12, borderRadius: 6, background: l.color }}
                      aria-hidden
                    />
                  )}
                  {l?.displayId}
                </span>
              );
            },
          },
          {
            title: t('Display_title'),
            key: 'displayTitle',
            render: (_: unknown, r) => link(r)?.displayTitle,
          },
          { title: t('Problem_ID'), dataIndex: 'problemId' },
          { title: t('Title'), dataIndex: 'title', responsive: ['md'] },
          {
            title: t('Option'),
            key: 'option',
            render: (_: unknown, r) => (
              <Space size={4}>
                <Tooltip title={t('Edit_contest_problem')}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('Edit_contest_problem')}
                    onClick={() => setEditing(link(r) ?? null)}
                  />
                </Tooltip>
                <Tooltip title={t('Edit_problem')}>
                  <Button size="small" onClick={() => navigate(`/admin/contest/${cid}/problem/${r.id}/edit`)}>
                    {t('Problem')}
                  </Button>
                </Tooltip>
                <Popconfirm
                  title={t('Remove_problem_confirm')}
                  okText={t('Remove')}
                  cancelText={t('common:Cancel')}
                  onConfirm={() =>
                    remove.mutate(
                      { cid, pid: r.id },
                      { onSuccess: () => notify.success(t('Remove_successfully')) },
                    )
                  }
                >
                  <Tooltip title={t('Remove')}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('Remove')} />
                  </Tooltip>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {contest.data && (
        <AddFromPublicDialog
          cid={cid}
          contestType={contest.data.type}
          open={adding}
          onClose={() => setAdding(false)}
        />
      )}
      <ContestProblemDialog link={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
