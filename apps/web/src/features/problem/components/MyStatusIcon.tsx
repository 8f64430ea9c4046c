import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { JudgeStatus } from '@oj/shared';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusInfo, statusKey } from '../../submission/lib/format.js';

/**
 * The signed-in user's status on a problem (doc 2 §2.1 myStatus): a tick when accepted, a minus when tried, nothing
 * when never submitted (-10) or unknown.
 */
export function MyStatusIcon({ status }: { status: number | undefined }) {
  const { t } = useTranslation('submission');
  if (status === undefined || status === JudgeStatus.NOT_SUBMITTED) return null;
  const ac = status === JudgeStatus.ACCEPTED;
  return (
    <Tooltip title={t(statusKey(status))}>
      {ac ? (
        <CheckOutlined style={{ color: statusInfo(JudgeStatus.ACCEPTED).color }} data-testid="my-status-ac" />
      ) : (
        <MinusOutlined
          style={{ color: statusInfo(JudgeStatus.WRONG_ANSWER).color }}
          data-testid="my-status-tried"
        />
      )}
    </Tooltip>
  );
}
