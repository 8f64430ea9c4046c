import { ApplyPublicProgress } from '@oj/shared';
import { Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/notify.js';
import { formatTime } from '../../../lib/time.js';
import {
  type GroupProblemApplyRow,
  useDecideGroupProblem,
  useGroupProblemApplications,
} from '../api/group-problem-apply.js';

/** The apply-public progress as a tag: none, applying (orange), public (green), refused (red). */
function ProgressTag({ progress }: { progress: number | null }) {
  const { t } = useTranslation('adminGroupProblem');
  if (progress === ApplyPublicProgress.APPLYING) return <Tag color="orange">{t('progress.Applying')}</Tag>;
  if (progress === ApplyPublicProgress.PUBLIC) return <Tag color="green">{t('progress.Public')}</Tag>;
  if (progress === ApplyPublicProgress.REFUSED) return <Tag color="red">{t('progress.Refused')}</Tag>;
  return <Tag>{t('progress.None')}</Tag>;
}

/**
 * /admin/group-problem/apply (doc 3 "group problem examine"; admin roles): the groups' problems, those applying to
 * become public first, with keyword search and paging; each waiting one is made public (it then appears in the
 * main problem list) or refused, both confirmed.
 */
export default function GroupProblemApplyPage() {
  const { t } = useTranslation('adminGroupProblem');
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const q = useGroupProblemApplications({ currentPage, limit, keyword });
  const decide = useDecideGroupProblem();
  const onDecide = (r: GroupProblemApplyRow, progress: number) =>
    decide.mutate(
      { pid: r.id, progress },
      { onSuccess: () => notify.success(t('common:Update_successfully')) },
    );

  return (
    <Card title={t('Group_problem_examine')}>
      <Input.Search
        allowClear
        placeholder={t('Search_keyword')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320, marginBottom: 12 }}
        data-testid="group-problem-apply-search"
      />
      <Table<GroupProblemApplyRow>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('common:No_data') }}
        data-testid="group-problem-apply-table"
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
          { title: 'ID', dataIndex: 'id', width: 60, responsive: ['md'] },
          { title: t('Problem_ID'), dataIndex: 'problemId' },
          { title: t('Title'), dataIndex: 'title' },
          {
            title: t('Group'),
            key: 'group',
            render: (_: unknown, r) => <Link to={`/group/${r.gid}`}>{r.groupName ?? r.gid}</Link>,
          },
          { title: t('Author'), dataIndex: 'author', responsive: ['md'] },
          {
            title: t('Progress'),
            dataIndex: 'applyPublicProgress',
            render: (v: number | null) => <ProgressTag progress={v} />,
          },
          {
            title: t('Modified'),
            dataIndex: 'gmtModified',
            render: (v: string) => formatTime(v),
            responsive: ['lg'],
          },
          {
            title: t('Option'),
            key: 'option',
            render: (_: unknown, r) =>
              r.applyPublicProgress === ApplyPublicProgress.APPLYING ? (
                <Space size={4} wrap>
                  <Popconfirm
                    title={t('Make_public_confirm', { id: r.problemId })}
                    okText={t('common:Confirm')}
                    cancelText={t('common:Cancel')}
                    onConfirm={() => onDecide(r, ApplyPublicProgress.PUBLIC)}
                  >
                    <Button size="small" type="primary" data-testid="group-problem-approve">
                      {t('Approve')}
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title={t('Refuse_confirm', { id: r.problemId })}
                    okText={t('common:Confirm')}
                    cancelText={t('common:Cancel')}
                    onConfirm={() => onDecide(r, ApplyPublicProgress.REFUSED)}
                  >
                    <Button size="small" danger data-testid="group-problem-refuse">
                      {t('Refuse')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
