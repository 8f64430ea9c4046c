import { RedoOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { JobProgressBar, useJobProgress } from '../../../components/JobProgress.js';
import { notify } from '../../../lib/notify.js';
import { useContestProblems } from '../api/contest.js';
import { useRejudgeContestProblem } from '../api/rejudge.js';
import type { ContestProblemVo } from '../api/types.js';
import { BalloonId } from '../components/BalloonId.js';
import { useContestShell } from '../components/ContestContext.js';

/**
 * The Rejudge tab (doc 2 §2.7, §2.10; super admin): the contest's problems, each with a Rejudge All button that,
 * after a confirmation (doc 2 §5), sends every submission of that problem back to the judge; the board and the
 * other tabs follow as the new verdicts arrive.
 */
export default function RejudgeTab() {
  const { t } = useTranslation('contest');
  const { contest: c } = useContestShell();
  const problems = useContestProblems(c.id, true);
  const rejudge = useRejudgeContestProblem(c.id);
  const job = useJobProgress();

  return (
    <Card title={t('tab.rejudge')} styles={{ body: { padding: 0 } }}>
      <Table<ContestProblemVo>
        rowKey="pid"
        size="middle"
        loading={problems.isLoading}
        dataSource={problems.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="rejudge-table"
        columns={[
          {
            title: '#',
            dataIndex: 'displayId',
            width: 70,
            render: (v: string, r) => <BalloonId displayId={v} color={r.color} />,
          },
          { title: t('Title'), dataIndex: 'displayTitle' },
          { title: t('AC'), dataIndex: 'ac', width: 70, render: (v: number | null) => v ?? '?' },
          { title: t('Total'), dataIndex: 'total', width: 70, render: (v: number | null) => v ?? '?' },
          {
            title: t('Option'),
            key: 'option',
            render: (_: unknown, r) => (
              <Popconfirm
                title={t('Rejudge_all_confirm', { id: r.displayId })}
                okText={t('Rejudge_all')}
                cancelText={t('common:Cancel')}
                onConfirm={() =>
                  rejudge.mutateAsync({ pid: r.pid, progressId: job.begin() }).then(
                    (d) => notify.success(t('Rejudge_all_done', { count: d.count })),
                    () => undefined,
                  )
                }
              >
                <Button
                  size="small"
                  danger
                  icon={<RedoOutlined />}
                  loading={rejudge.isPending && rejudge.variables?.pid === r.pid}
                  data-testid="rejudge-all"
                >
                  {t('Rejudge_all')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <div style={{ padding: job.progress ? 16 : 0 }}>
        <JobProgressBar progress={job.progress} />
      </div>
    </Card>
  );
}
