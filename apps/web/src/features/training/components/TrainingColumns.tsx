import type { TrainingVo } from '@oj/shared';
import { Progress, type TableColumnsType, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowLink } from '../../../lib/row-link.js';
import { formatTime } from '../../../lib/time.js';
import { progressPercent } from '../lib/progress.js';
import { CategoryTag, TrainingAuthTag } from './TrainingTags.js';

/**
 * The columns of a training list (doc 2 §2.13, doc 3 §2 group trainings): number, title, auth tag, category tag in
 * its colour, AC progress (`progress`: signed-in viewers), problem count, author and last update. Shared by the
 * site's list and a group's. The title is the row's link (`linkTo`; `onOpen` replaces a plain click, as
 * `RowLink`), the keyboard's way in.
 */
export function useTrainingColumns(
  progress: boolean,
  linkTo: (r: TrainingVo) => string,
  onOpen?: (r: TrainingVo) => void,
): TableColumnsType<TrainingVo> {
  const { t } = useTranslation('training');
  return [
    { title: '#', dataIndex: 'rank', width: 70 },
    {
      title: t('Title'),
      dataIndex: 'title',
      render: (v: string, r) => (
        <RowLink to={linkTo(r)} onOpen={onOpen && (() => onOpen(r))} testId="training-title">
          {v}
        </RowLink>
      ),
    },
    { title: t('Auth'), dataIndex: 'auth', render: (v: string) => <TrainingAuthTag auth={v} /> },
    {
      title: t('Category'),
      key: 'category',
      render: (_: unknown, r) => <CategoryTag name={r.categoryName} color={r.categoryColor} />,
    },
    ...(progress
      ? [
          {
            title: t('Progress'),
            key: 'progress',
            width: 160,
            render: (_: unknown, r: TrainingVo) => (
              <Tooltip title={`${r.acCount ?? 0} / ${r.problemCount}`}>
                <Progress
                  percent={progressPercent(r.acCount, r.problemCount)}
                  size="small"
                  aria-label={t('Progress')}
                  data-testid="training-progress"
                />
              </Tooltip>
            ),
          },
        ]
      : []),
    { title: t('Problems'), dataIndex: 'problemCount', width: 90 },
    { title: t('Author'), dataIndex: 'author' },
    {
      title: t('Last_update'),
      dataIndex: 'gmtModified',
      render: (v: string) => formatTime(v),
    },
  ];
}
