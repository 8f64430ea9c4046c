import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { difficultyInfo } from '../lib/problem-math.js';

/** A difficulty code as a tag in its colour (DIFFICULTIES) with the translated name. */
export function DifficultyTag({ difficulty }: { difficulty: number }) {
  const { t } = useTranslation('problem');
  const d = difficultyInfo(difficulty);
  if (!d) return <Tag>{difficulty}</Tag>;
  return (
    <Tag color={d.color} data-testid="difficulty-tag">
      {t(`difficulty.${d.code}`)}
    </Tag>
  );
}
