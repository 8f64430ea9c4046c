import { Button, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatTime } from '../../../lib/time.js';
import { useOutsideInfo } from '../api/contest.js';
import { ContestBoard } from '../components/ContestBoard.js';
import { phaseAt } from '../lib/clock.js';
import { useContestClock } from '../lib/useContestClock.js';

/**
 * /contest/acm-scoreboard/:contestID and /contest/oi-scoreboard/:contestID (doc 2 §2.9): the outside board of a
 * contest with openRank, without login; the rule decides the view.
 */
export default function OutsideBoardPage() {
  const { t } = useTranslation('contest');
  const navigate = useNavigate();
  const cid = Number(useParams().contestID);
  const info = useOutsideInfo(cid);
  const now = useContestClock(info.data?.contest);
  if (info.isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (info.isError || !info.data) {
    return (
      <Result
        status="404"
        title={t('Board_not_open')}
        extra={<Button onClick={() => navigate('/contest')}>{t('Back_to_list')}</Button>}
      />
    );
  }
  const { contest, problemList } = info.data;
  return (
    <div className="oj-page" data-testid="outside-board-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {contest.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {formatTime(contest.startTime)} – {formatTime(contest.endTime)}
      </Typography.Paragraph>
      <ContestBoard contest={contest} problems={problemList} phase={phaseAt(contest, now)} outside />
    </div>
  );
}
