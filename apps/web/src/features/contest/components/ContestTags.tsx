import { LockOutlined, TrophyOutlined } from '@ant-design/icons';
import {
  CONTEST_AUTH_INFO,
  CONTEST_STATUS_INFO,
  ContestAuth,
  type ContestAuthCode,
  type ContestStatusCode,
  ContestType,
} from '@oj/shared';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColorTag } from '../../../components/ColorTag.js';

/** The auth tag of doc 2 §2.6 (public green, private red, protected orange). */
export function AuthTag({ auth }: { auth: number }) {
  const { t } = useTranslation('contest');
  const info = CONTEST_AUTH_INFO[auth as ContestAuthCode];
  return info ? <ColorTag color={info.color}>{t(`auth.${info.name}`)}</ColorTag> : null;
}

/** The status tag (scheduled, running, ended) in the status colour. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('contest');
  const info = CONTEST_STATUS_INFO[status as ContestStatusCode] ?? CONTEST_STATUS_INFO[1];
  return (
    <ColorTag color={info.color} data-testid="contest-status">
      {t(`status.${info.name}`)}
    </ColorTag>
  );
}

/** Lock icon by auth: private red, protected orange, none for public. */
export function AuthLock({ auth }: { auth: number }) {
  if (auth === ContestAuth.PRIVATE) return <LockOutlined style={{ color: 'var(--oj-error)' }} />;
  if (auth === ContestAuth.PROTECTED) return <LockOutlined style={{ color: 'var(--oj-warning)' }} />;
  return null;
}

/** Trophy by rule type (ACM blue, OI gold). */
export function TypeIcon({ type, size = 28 }: { type: number; size?: number }) {
  return (
    <TrophyOutlined
      style={{ fontSize: size, color: type === ContestType.OI ? 'var(--oj-gold)' : 'var(--oj-info)' }}
    />
  );
}

/** The rule button: ACM or OI; OI explains its rank basis (recent or highest score per problem) in a tooltip. */
export function RuleTag({ type, oiRankScoreType }: { type: number; oiRankScoreType?: string }) {
  const { t } = useTranslation('contest');
  if (type !== ContestType.OI) return <Tag color="blue">ACM</Tag>;
  return (
    <Tooltip title={oiRankScoreType === 'Highest' ? t('OI_rank_highest') : t('OI_rank_recent')}>
      <Tag color="gold">OI</Tag>
    </Tooltip>
  );
}
