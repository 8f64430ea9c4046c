import { Empty, Modal, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProblemCount } from '../api/types.js';

const StatisticsPie = lazy(() => import('./StatisticsPie.js'));

/** The statistics dialog of doc 2 §2.2: a pie of wa, ce, ac, pa, tle, mle, re, pe; ECharts loads on first open. */
export function StatisticsDialog({
  open,
  onClose,
  count,
  title,
}: {
  open: boolean;
  onClose: () => void;
  count: ProblemCount;
  title: string;
}) {
  const { t } = useTranslation('problem');
  const empty = count.total === 0;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={`${title} — ${t('Statistic')}`}
      width={560}
      destroyOnHidden
    >
      {empty ? (
        <Empty description={t('No_submission_yet')} />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <StatisticsPie count={count} />
        </Suspense>
      )}
    </Modal>
  );
}
