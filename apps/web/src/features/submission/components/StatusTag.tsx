import { HighlightOutlined } from '@ant-design/icons';
import { JudgeStatus } from '@oj/shared';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusInfo, statusKey } from '../lib/format.js';

export interface StatusTagProps {
  status: number;
  /** Manually judged: a hand icon with a tooltip (doc 2 §4.3). */
  isManual?: boolean;
  onClick?: () => void;
  testId?: string;
  /** While Judging: cases finished and cases of the task (the judgehost's report); shown as `(k/n)`, k the case being run. */
  progress?: { judged: number | null; total: number | null } | null;
  /** Lets a long name wrap inside a narrow box (case cards at 375 px) instead of overflowing it. */
  wrap?: boolean;
}

/** `(k/n)` for a Judging status with a known case count (k = the case being run), else ''. */
export function progressText(status: number, progress?: StatusTagProps['progress']): string {
  if (status !== JudgeStatus.JUDGING || !progress?.total || progress.judged == null) return '';
  return ` (${Math.min(progress.judged + 1, progress.total)}/${progress.total})`;
}

/** A judge status as a tag in its colour (JUDGE_STATUS_INFO) with the translated name (and `(k/n)` while judging). */
export function StatusTag({ status, isManual, onClick, testId, progress, wrap }: StatusTagProps) {
  const { t } = useTranslation('submission');
  const info = statusInfo(status);
  return (
    <Tag
      color={info.color}
      onClick={onClick}
      className={onClick ? 'oj-clickable' : undefined}
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
    </Tag>
  );
}
