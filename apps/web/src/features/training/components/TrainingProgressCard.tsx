import { Card, Empty, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTrainingList } from '../api/training.js';
import { progressPercent } from '../lib/progress.js';

/**
 * User home's "training progress" (doc 1 §2.9): the trainings the user takes part in (registered or with a
 * submission to one of their problems) with their AC progress, from GET /api/get-training-list?uid=.
 */
export function TrainingProgressCard({ uid }: { uid: string }) {
  const { t } = useTranslation('training');
  const { data } = useTrainingList({ currentPage: 1, limit: 30, uid });
  const rows = data?.records ?? [];
  return (
    <Card title={t('Training_progress')} style={{ marginTop: 16 }} data-testid="user-training-progress">
      {rows.length === 0 ? (
        <Empty description={t('No_training_progress')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        rows.map((r) => (
          <div key={r.id} style={{ marginBottom: 8 }}>
            <Link to={`/training/${r.id}`}>{r.title}</Link>
            <Progress
              percent={progressPercent(r.acCount, r.problemCount)}
              format={(p) => `${r.acCount ?? 0} / ${r.problemCount} (${p}%)`}
              aria-label={r.title}
              size="small"
            />
          </div>
        ))
      )}
    </Card>
  );
}
