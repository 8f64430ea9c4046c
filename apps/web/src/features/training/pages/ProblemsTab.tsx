import type { TrainingProblemVo } from '@oj/shared';
import { Card, Progress, Space, Switch, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ColorTag } from '../../../components/ColorTag.js';
import { RowLink, rowOpens } from '../../../lib/row-link.js';
import { DifficultyTag } from '../../problem/components/DifficultyTag.js';
import { MyStatusIcon } from '../../problem/components/MyStatusIcon.js';
import { useTrainingProblems } from '../api/training.js';
import { useTrainingShell } from '../components/TrainingContext.js';

/**
 * The Problem List tab (doc 2 §2.13): my status (tick, minus, nothing), display id, title, level, tags (shown
 * with a switch), AC rate bar (ac / total); a row click (or its title, a link) opens the problem in
 * the training.
 */
export default function ProblemsTab() {
  const { t } = useTranslation('training');
  const navigate = useNavigate();
  const { training: tr, base } = useTrainingShell();
  const { data, isLoading } = useTrainingProblems(tr.id);
  const [showTags, setShowTags] = useState(false);
  const problemPath = (r: TrainingProblemVo) => `${base}/problem/${encodeURIComponent(r.displayId)}`;
  return (
    <Card
      styles={{ body: { padding: 0 } }}
      extra={
        <Space>
          {t('Show_tags')}
          <Switch size="small" checked={showTags} onChange={setShowTags} />
        </Space>
      }
      title={t('tab.problems')}
    >
      <Table<TrainingProblemVo>
        rowKey="id"
        size="middle"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        data-testid="training-problems"
        scroll={{ x: 'max-content' }}
        onRow={rowOpens((r) => navigate(problemPath(r)))}
        columns={[
          { key: 'mine', width: 40, render: (_: unknown, r) => <MyStatusIcon status={r.myStatus} /> },
          { title: '#', dataIndex: 'displayId', width: 70 },
          {
            title: t('Title'),
            dataIndex: 'title',
            render: (v: string, r) => <RowLink to={problemPath(r)}>{v}</RowLink>,
          },
          {
            title: t('Level'),
            dataIndex: 'difficulty',
            render: (v: number) => <DifficultyTag difficulty={v} />,
          },
          ...(showTags
            ? [
                {
                  title: t('Tags'),
                  key: 'tags',
                  render: (_: unknown, r: TrainingProblemVo) =>
                    r.tags.map((g) => (
                      <ColorTag key={g.id} color={g.color ?? undefined}>
                        {g.name}
                      </ColorTag>
                    )),
                },
              ]
            : []),
          {
            title: t('AC_rate'),
            key: 'rate',
            width: 160,
            render: (_: unknown, r) => (
              <Tooltip title={`${r.ac} / ${r.total}`}>
                <Progress
                  size="small"
                  percent={r.total ? Math.round((r.ac / r.total) * 10000) / 100 : 0}
                  status="normal"
                />
              </Tooltip>
            ),
          },
        ]}
      />
    </Card>
  );
}
