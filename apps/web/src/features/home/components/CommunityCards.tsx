import { ReloadOutlined } from '@ant-design/icons';
import { ProblemType } from '@oj/shared';
import { Button, Col, Empty, Row, Skeleton, Spin, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '../../../components/Panel.js';
import { queryClient } from '../../../lib/query-client.js';
import { formatTime } from '../../../lib/time.js';
import {
  getLastWeekStatistics,
  lastWeekStatisticsQuery,
  useLastWeekStatistics,
  useRecentUpdatedProblems,
} from '../api/community.js';

const SubmissionChart = lazy(() => import('./SubmissionChart.js'));

/** Last week's submission statistics (doc 1 §7): the line chart, with Refresh asking for fresh figures. */
function SubmissionStatisticsCard() {
  const { t } = useTranslation('homeCards');
  const q = useLastWeekStatistics();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      queryClient.setQueryData(lastWeekStatisticsQuery().queryKey, await getLastWeekStatistics(true));
    } catch {
      // shown by the api client
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <Panel
      title={t('Last_week_submissions')}
      testId="last-week-submissions"
      extra={
        <Button
          size="small"
          type="text"
          icon={<ReloadOutlined />}
          loading={refreshing}
          onClick={refresh}
          aria-label={t('Refresh')}
          title={t('Refresh')}
        />
      }
    >
      {q.isLoading ? (
        <Spin style={{ display: 'block', margin: 16 }} />
      ) : !q.data || q.data.dateStrList.length === 0 ? (
        <Empty description={t('No_submission')} />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <SubmissionChart stats={q.data} />
        </Suspense>
      )}
    </Panel>
  );
}

/** Recently updated problems (doc 1 §7): problem id, title (to the problem), type, update time. */
function RecentUpdatedProblemsCard() {
  const { t } = useTranslation('homeCards');
  const { data, isLoading } = useRecentUpdatedProblems();
  const list = data ?? [];
  return (
    <Panel title={t('Recent_updated_problems')} testId="recent-updated-problems">
      {isLoading ? (
        <Spin style={{ display: 'block', margin: 16 }} />
      ) : list.length === 0 ? (
        <Empty description={t('No_problem')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((p) => (
            <li
              key={p.id}
              style={{
                padding: '8px 4px',
                borderBottom: '1px solid var(--oj-border-split)',
                display: 'flex',
                gap: 8,
              }}
            >
              <div style={{ flex: 1, minWidth: 0 }}>
                <Link to={`/problem/${encodeURIComponent(p.problemId)}`} style={{ overflowWrap: 'anywhere' }}>
                  {p.problemId} {p.title}
                </Link>
                <div style={{ color: 'var(--oj-text-tertiary)', fontSize: 13 }}>
                  {formatTime(p.gmtModified)}
                </div>
              </div>
              <Tag color={p.type === ProblemType.OI ? 'orange' : 'blue'} style={{ alignSelf: 'center' }}>
                {p.type === ProblemType.OI ? 'OI' : 'ACM'}
              </Tag>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/**
 * The home page's lower cards (doc 1 §7), a lazy chunk loaded when they come into view: last week's submission
 * statistics and the recently updated problems.
 */
export default function CommunityCards() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        <SubmissionStatisticsCard />
      </Col>
      <Col xs={24} lg={8}>
        <RecentUpdatedProblemsCard />
      </Col>
    </Row>
  );
}
