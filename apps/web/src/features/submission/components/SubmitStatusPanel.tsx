import { LoadingOutlined } from '@ant-design/icons';
import { isFinishedStatus, JudgeStatus } from '@oj/shared';
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { runMemory, runTime, statusInfo } from '../lib/format.js';
import { useQueuePositions } from '../lib/useQueuePositions.js';
import type { PollState } from '../lib/useSubmissionPoll.js';
import { StatusTag } from './StatusTag.js';

/**
 * The status panel under the editor after a submit (doc 2 §4.3): Pending (with its queue position and estimated
 * wait, issue 29), Compiling, Judging (k/n) as the judge reports, then the verdict in its colour (spinner while unfinished), time, memory, score for OI, and a link to
 * the submission detail (`detailPath`, the scope's detail page; /submission-detail/{id} by default).
 */
export function SubmitStatusPanel({
  state,
  showScore,
  detailPath,
}: {
  state: PollState;
  showScore?: boolean;
  detailPath?: string;
}) {
  const { t } = useTranslation('submission');
  const finished = isFinishedStatus(state.status);
  const ac = state.status === JudgeStatus.ACCEPTED;
  const queue = useQueuePositions(state.status === JudgeStatus.PENDING ? [state.submitId] : []);
  return (
    <Alert
      data-testid="submit-status-panel"
      type={finished ? (ac ? 'success' : 'error') : 'info'}
      style={{ marginTop: 8, borderColor: statusInfo(state.status).color }}
      showIcon={false}
      message={
        <Space wrap>
          {!finished && <LoadingOutlined />}
          <span>{t('Status')}:</span>
          <StatusTag
            status={state.status}
            testId="submit-status"
            progress={state}
            queue={queue.get(state.submitId)}
          />
          {finished && (
            <>
              <span>
                {t('Time')}: {runTime(state.status, state.time)}
              </span>
              <span>
                {t('Memory')}: {runMemory(state.status, state.memory)}
              </span>
              {showScore && state.score != null && (
                <span>
                  {t('Score')}: {state.score}
                </span>
              )}
            </>
          )}
          {state.gaveUp && <span>{t('Still_judging_check_later')}</span>}
          <Link
            to={detailPath ?? `/submission-detail/${state.submitId}`}
            data-testid="submission-detail-link"
          >
            {t('View_detail')} #{state.submitId}
          </Link>
        </Space>
      }
    />
  );
}
