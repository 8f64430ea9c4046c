import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColorTag } from '../../../components/ColorTag.js';
import { difficultyInfo } from '../lib/problem-math.js';

/** A difficulty code as a tag in its colour (DIFFICULTIES) with the translated name. */
export function DifficultyTag({ difficulty }: { difficulty: number }) {
  const { t } = useTranslation('problem');
  const d = difficultyInfo(difficulty);
  if (!d) return <Tag>{difficulty}</Tag>;
  return (
    <ColorTag color={d.color} data-testid="difficulty-tag">
      {t(`difficulty.${d.code}`)}
    </ColorTag>
  );
}
