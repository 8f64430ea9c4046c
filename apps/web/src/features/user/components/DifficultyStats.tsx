import { DIFFICULTIES, type SolvedProblem } from '@oj/shared';
import { Empty, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Difficulty statistics of the user home (doc 1 §2.9): one bar per difficulty that has solved problems, in the
 * difficulty's colour, as a share of all solved problems.
 */
export function DifficultyStats({ groups }: { groups: Record<string, SolvedProblem[]> }) {
  const { t } = useTranslation('user');
  const total = Object.values(groups).reduce((n, l) => n + l.length, 0);
  const rows = DIFFICULTIES.map((d) => ({ ...d, n: groups[String(d.code)]?.length ?? 0 })).filter(
    (d) => d.n > 0,
  );
  if (total === 0) return <Empty description={t('No_solved')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rows.map((d) => (
        <div key={d.code} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Typography.Text style={{ width: 96, color: d.color }}>{t(`difficulty.${d.code}`)}</Typography.Text>
          <Progress
            percent={Math.round((d.n / total) * 100)}
            format={() => d.n}
            aria-label={t(`difficulty.${d.code}`)}
            strokeColor={d.color}
            style={{ flex: 1, margin: 0 }}
          />
        </div>
      ))}
    </Space>
  );
}
