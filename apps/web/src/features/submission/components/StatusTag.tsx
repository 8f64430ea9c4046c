import { HighlightOutlined } from '@ant-design/icons';
import { JudgeStatus, type QueuePosition } from '@oj/shared';
import { Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ColorTag } from '../../../components/ColorTag.js';
import { statusInfo, statusKey } from '../lib/format.js';

export interface StatusTagProps {
  status: number;
  /** Manually judged: a hand icon with a tooltip (doc 2 §4.3). */
  isManual?: boolean;
  /** Makes the tag a button (keyboard: Tab, Enter or Space) that runs this. */
  onClick?: () => void;
  testId?: string;
  /** While Judging: cases finished and cases of the task (the judgehost's report); shown as `(k/n)`, k the case being run. */
  progress?: { judged: number | null; total: number | null } | null;
  /** Lets a long name wrap inside a narrow box (case cards at 375 px) instead of overflowing it. */
  wrap?: boolean;
  /** While Pending: its place in the judge queue and the estimated wait (useQueuePositions); shown as `· #k · ~t`. */
  queue?: QueuePosition | null;
  /** The queue position in its short form (`#3`), for narrow list cells. */
  compact?: boolean;
}

/** `(k/n)` for a Judging status with a known case count (k = the case being run), else ''. */
export function progressText(status: number, progress?: StatusTagProps['progress']): string {
  if (status !== JudgeStatus.JUDGING || !progress?.total || progress.judged == null) return '';
  return ` (${Math.min(progress.judged + 1, progress.total)}/${progress.total})`;
}

/** An estimated wait in seconds as seconds under a minute, else whole minutes (rounded up), in the user's language. */
function waitText(t: TFunction<'submission'>, seconds: number): string {
  return seconds < 60
    ? t('Queue_wait_seconds', { n: Math.max(1, seconds) })
    : t('Queue_wait_minutes', { n: Math.ceil(seconds / 60) });
}

/**
 * A Pending submission's place in the judge queue and estimated wait (issue 29; useQueuePositions), with a tooltip
 * saying what they are: `#3 in queue · ~40 s`, or with `compact` (narrow list cells) `#3 · ~40 s`. Used inside
 * StatusTag and beside the detail page's status banner.
 */
export function QueueText({ queue, compact }: { queue: QueuePosition; compact?: boolean }) {
  const { t } = useTranslation('submission');
  return (
    <Tooltip title={t('Queue_hint')}>
      <span data-testid="queue-position" data-position={queue.position}>
        {t(compact ? 'Queue_position_short' : 'Queue_position', { position: queue.position })}
        {queue.waitSeconds != null && ` · ${waitText(t, queue.waitSeconds)}`}
      </span>
    </Tooltip>
  );
}

/**
 * A judge status as a tag in its colour (JUDGE_STATUS_INFO) with the translated name (and `(k/n)` while judging, the
 * queue position and estimated wait while pending, when known); inside a real button when `onClick` is given.
 */
export function StatusTag({
  status,
  isManual,
  onClick,
  testId,
  progress,
  wrap,
  queue,
  compact,
}: StatusTagProps) {
  const { t } = useTranslation('submission');
  const info = statusInfo(status);
  const inQueue = status === JudgeStatus.PENDING && queue ? queue : null;
  const tag = (
    <ColorTag
      color={info.color}
      data-testid={testId ?? 'status-tag'}
      data-status={status}
      style={wrap ? { marginInlineEnd: 0, whiteSpace: 'normal', maxWidth: '100%' } : { marginInlineEnd: 0 }}
    >
      {isManual && (
        <Tooltip title={t('Has_Been_Manually_Judged')}>
          <HighlightOutlined style={{ marginRight: 4 }} />
        </Tooltip>
      )}
      {t(statusKey(status))}
      {progressText(status, progress)}
      {inQueue && (
        <>
          {' · '}
          <QueueText queue={inQueue} compact={compact} />
        </>
      )}
    </ColorTag>
  );
  if (!onClick) return tag;
  return (
    <button type="button" className="oj-plain-button" onClick={onClick}>
      {tag}
    </button>
  );
}
