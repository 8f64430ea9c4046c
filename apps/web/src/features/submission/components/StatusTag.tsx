import { HighlightOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusInfo, statusKey } from '../lib/format.js';

export interface StatusTagProps {
  status: number;
  /** Manually judged: a hand icon with a tooltip (doc 2 §4.3). */
  isManual?: boolean;
  onClick?: () => void;
  testId?: string;
}

/** A judge status as a tag in its colour (JUDGE_STATUS_INFO) with the translated name. */
export function StatusTag({ status, isManual, onClick, testId }: StatusTagProps) {
  const { t } = useTranslation('submission');
  const info = statusInfo(status);
  return (
    <Tag
      color={info.color}
      onClick={onClick}
      className={onClick ? 'oj-clickable' : undefined}
      data-testid={testId ?? 'status-tag'}
      data-status={status}
      style={{ marginInlineEnd: 0 }}
    >
      {isManual && (
        <Tooltip title={t('Has_Been_Manually_Judged')}>
          <HighlightOutlined style={{ marginRight: 4 }} />
        </Tooltip>
      )}
      {t(statusKey(status))}
    </Tag>
  );
}
