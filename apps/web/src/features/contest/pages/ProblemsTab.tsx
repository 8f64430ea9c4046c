import { ContestType } from '@oj/shared';
import { Card, Table, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RowLink, rowOpens } from '../../../lib/row-link.js';
import { MyStatusIcon } from '../../problem/components/MyStatusIcon.js';
import { useContestProblems } from '../api/contest.js';
import type { ContestProblemVo } from '../api/types.js';
import { BalloonId } from '../components/BalloonId.js';
import { useContestShell } from '../components/ContestContext.js';

/**
 * The problem list of doc 2 §2.8: display id, balloon colour, title, my status, AC and total (a question mark when
 * results are not real-time), score in OI contests; a row click (or its title, a link) opens the problem by its
 * display id.
 */
export default function ProblemsTab() {
  const { t } = useTranslation('contest');
  const navigate = useNavigate();
  const { contest: c, containsEnd } = useContestShell();
  const { data, isLoading } = useContestProblems(c.id, containsEnd);
  const oi = c.type === ContestType.OI;
  const problemPath = (r: ContestProblemVo) => `/contest/${c.id}/problem/${encodeURIComponent(r.displayId)}`;
  const count = (v: number | null) =>
    v == null ? (
      <Tooltip title={t('Not_real_time')}>
        <span>?</span>
      </Tooltip>
    ) : (
      v
    );
  return (
    <Card styles={{ body: { padding: 0 } }}>
      <Table<ContestProblemVo>
        rowKey="displayId"
        size="middle"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        data-testid="contest-problems"
        scroll={{ x: 'max-content' }}
        onRow={rowOpens((r) => navigate(problemPath(r)))}
        columns={[
          {
            key: 'mine',
            width: 40,
            render: (_: unknown, r) => <MyStatusIcon status={r.myStatus} />,
          },
          {
            title: '#',
            dataIndex: 'displayId',
            width: 70,
            render: (v: string, r) => <BalloonId displayId={v} color={r.color} />,
          },
          {
            title: t('Title'),
            dataIndex: 'displayTitle',
            render: (v: string, r) => <RowLink to={problemPath(r)}>{v}</RowLink>,
          },
          ...(oi
            ? [
                {
                  title: t('Score'),
                  key: 'score',
                  render: (_: unknown, r: ContestProblemVo) => r.score ?? '-',
                },
              ]
            : []),
          { title: t('AC'), dataIndex: 'ac', render: count, width: 70 },
          { title: t('Total'), dataIndex: 'total', render: count, width: 70 },
        ]}
      />
    </Card>
  );
}
