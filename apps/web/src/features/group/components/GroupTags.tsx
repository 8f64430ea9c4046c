import { GROUP_AUTH_INFO, type GroupAuthCode, GroupMemberAuth } from '@oj/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColorTag } from '../../../components/ColorTag.js';

/** The group's auth as a coloured tag (doc 3 §4): Public green, Protected orange, Private red. */
export function GroupAuthTag({ auth }: { auth: number }) {
  const { t } = useTranslation('group');
  const info = GROUP_AUTH_INFO[auth as GroupAuthCode] ?? GROUP_AUTH_INFO[1];
  return (
    <ColorTag color={info.color} style={{ marginInlineEnd: 0 }} data-testid="group-auth-tag">
      {t(`auth.${info.name}`)}
    </ColorTag>
  );
}

/** The Hidden tag of a group that only its members see (doc 3 §2). */
export function HiddenTag() {
  const { t } = useTranslation('group');
  return (
    <Tag color="default" style={{ marginInlineEnd: 0 }}>
      {t('Hidden')}
    </Tag>
  );
}

/** Member levels of doc 3 §4 as translation keys: 1 applying … 5 root. */
export const LEVEL_KEYS: Record<number, string> = {
  1: 'level.Applying',
  2: 'level.Refused',
  3: 'level.Member',
  4: 'level.Admin',
  5: 'level.Root',
};

/** A member level as a tag. */
export function LevelTag({ level }: { level: number }) {
  const { t } = useTranslation('group');
  const color =
    level >= GroupMemberAuth.ROOT
      ? 'red'
      : level === GroupMemberAuth.ADMIN
        ? 'orange'
        : level === GroupMemberAuth.MEMBER
          ? 'blue'
          : 'default';
  return <Tag color={color}>{t(LEVEL_KEYS[level] ?? 'level.Member')}</Tag>;
}
