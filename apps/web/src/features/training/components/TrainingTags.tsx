import { TrainingAuth } from '@oj/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColorTag } from '../../../components/ColorTag.js';

/** The auth tag of a training (Public green, Private red). */
export function TrainingAuthTag({ auth }: { auth: string }) {
  const { t } = useTranslation('training');
  return (
    <Tag color={auth === TrainingAuth.PRIVATE ? 'red' : 'green'} style={{ marginInlineEnd: 0 }}>
      {t(auth === TrainingAuth.PRIVATE ? 'Private' : 'Public')}
    </Tag>
  );
}

/** The category tag in the category's colour (nothing without a category). */
export function CategoryTag({ name, color }: { name: string | null; color: string | null }) {
  if (!name) return null;
  return (
    <ColorTag color={color ?? undefined} style={{ marginInlineEnd: 0 }}>
      {name}
    </ColorTag>
  );
}
