import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import {
  SIMILARITY_SCOPES,
  type SimilarityPairVo,
  type SimilarityPick,
  type SimilarityScope,
} from '@oj/shared';
import {
  Alert,
  Button,
  Card,
  Grid,
  InputNumber,
  Progress,
  Radio,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import NotFoundPage from '../../../components/NotFoundPage.js';
import { formatTime } from '../../../lib/time.js';
import {
  downloadPairsCsv,
  type PairFilter,
  useSimilarityPair,
  useSimilarityPairs,
  useSimilarityStatus,
  useStartCheck,
} from '../api/similarity.js';
import { PairView } from '../components/PairView.js';

/**
 * The code similarity page of a contest, training or problem (issue 29 part 1, docs/similarity.md): start a check
 * (last accepted per user and problem, or every submission), its progress while it runs, then the pairs most
 * similar first with filters (problem, language, minimum similarity), a CSV of them, and the chosen pair side by
 * side with its matched fragments highlighted. The server answers only the scope's admins (403 otherwise).
 */
export default function SimilarityPage() {
  const { scope: rawScope, id: rawId } = useParams();
  const scope = rawScope as SimilarityScope;
  const id = Number(rawId);
  if (!SIMILARITY_SCOPES.includes(scope) || !Number.isInteger(id) || id < 1) return <NotFoundPage />;
  return <SimilarityView scope={scope} id={id} />;
}

function SimilarityView({ scope, id }: { scope: SimilarityScope; id: number }) {
  const { t } = useTranslation(['similarity', 'common']);
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const [pick, setPick] = useState<SimilarityPick>('accepted');
  const [filter, setFilter] = useState<PairFilter>({ threshold: 0 });
  const [chosen, setChosen] = useState<{ a: number; b: number } | null>(null);
  const status = useSimilarityStatus(scope, id);
  const start = useStartCheck(scope, id);
  const job = status.data;
  const busy = job?.state === 'queued' || job?.state === 'running';
  const pairs = useSimilarityPairs(scope, id, filter, job?.finishedAt ?? null);
  const pair = useSimilarityPair(scope, id, chosen);
  const problems = pairs.data?.problems ?? [];
  const percent = job && job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="similarity-page">
      <Card title={t('Similarity_check_of', { scope: t(`scope_${scope}`), id })}>
        <Typography.Paragraph type="secondary">{t('Intro')}</Typography.Paragraph>
        <Space wrap>
          <Radio.Group
            value={pick}
            onChange={(e) => setPick(e.target.value)}
            optionType="button"
            options={[
              { value: 'accepted', label: t('Pick_accepted') },
              { value: 'all', label: t('Pick_all') },
            ]}
          />
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            loading={start.isPending}
            disabled={busy}
            onClick={() => start.mutate(pick)}
            data-testid="similarity-start"
          >
            {t('Start_check')}
          </Button>
        </Space>
        <div style={{ marginTop: 12 }} data-testid="similarity-status" aria-live="polite">
          {job?.state === 'none' && <Typography.Text type="secondary">{t('No_check_yet')}</Typography.Text>}
          {busy && (
            <>
              <Typography.Text>
                {t(job.state === 'queued' ? 'State_queued' : 'State_running', {
                  done: job.done,
                  total: job.total,
                })}
              </Typography.Text>
              <Progress percent={percent} status="active" aria-label={t('Progress')} />
            </>
          )}
          {job?.state === 'done' && (
            <Typography.Text>
              {t('State_done', {
                files: job.files,
                pairs: job.pairs,
                seconds: ((job.elapsedMs ?? 0) / 1000).toFixed(1),
                time: formatTime(job.finishedAt ?? ''),
                pick: t(job.pick === 'all' ? 'Pick_all' : 'Pick_accepted'),
              })}
            </Typography.Text>
          )}
          {job?.truncated && (
            <Alert type="warning" showIcon message={t('Truncated')} style={{ marginTop: 8 }} />
          )}
          {job?.state === 'failed' && (
            <Alert type="error" showIcon message={t('State_failed')} description={job.error} />
          )}
        </div>
      </Card>

      <Card
        title={t('Pairs')}
        extra={
          <Button
            icon={<DownloadOutlined />}
            disabled={job?.state !== 'done'}
            onClick={() => void downloadPairsCsv(scope, id, filter)}
            data-testid="similarity-export"
          >
            {narrow ? 'CSV' : t('Export_csv')}
          </Button>
        }
      >
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            allowClear
            placeholder={t('All_problems')}
            aria-label={t('Problem')}
            style={{ minWidth: 140 }}
            value={filter.pid}
            onChange={(pid) => setFilter({ ...filter, pid })}
            options={problems.map((p) => ({ value: p.pid, label: `${p.displayId} ${p.title}` }))}
            data-testid="similarity-problem"
          />
          <Select
            allowClear
            placeholder={t('All_languages')}
            aria-label={t('Language')}
            style={{ minWidth: 120 }}
            value={filter.language}
            onChange={(language) => setFilter({ ...filter, language })}
            options={(pairs.data?.families ?? []).map((f) => ({ value: f, label: f }))}
            data-testid="similarity-language"
          />
          <Space size={4}>
            <label htmlFor="similarity-threshold">{t('Threshold')}</label>
            <InputNumber
              id="similarity-threshold"
              min={0}
              max={100}
              step={5}
              value={Math.round(filter.threshold * 100)}
              addonAfter="%"
              style={{ width: 110 }}
              onChange={(v) => setFilter({ ...filter, threshold: Math.min(100, Math.max(0, v ?? 0)) / 100 })}
              data-testid="similarity-threshold"
            />
          </Space>
        </Space>
        <Table<SimilarityPairVo>
          size="small"
          rowKey={(r) => `${r.left.submitId}-${r.right.submitId}`}
          loading={pairs.isLoading}
          dataSource={pairs.data?.pairs ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          locale={{ emptyText: t('common:No_data') }}
          data-testid="similarity-pairs"
          onRow={(r) => ({
            onClick: () => setChosen({ a: r.left.submitId, b: r.right.submitId }),
            style: { cursor: 'pointer' },
          })}
          rowClassName={(r) =>
            chosen?.a === r.left.submitId && chosen?.b === r.right.submitId ? 'ant-table-row-selected' : ''
          }
          columns={[
            {
              title: t('Similarity'),
              dataIndex: 'similarity',
              render: (v: number) => <strong>{(v * 100).toFixed(1)}%</strong>,
            },
            { title: t('Problem'), dataIndex: 'displayId' },
            ...(narrow ? [] : [{ title: t('Language'), dataIndex: 'family' }]),
            ...(narrow
              ? [
                  {
                    title: t('Users'),
                    key: 'users',
                    render: (_: unknown, r: SimilarityPairVo) => `${r.left.username} ~ ${r.right.username}`,
                  },
                ]
              : [
                  {
                    title: t('Left'),
                    key: 'left',
                    render: (_: unknown, r: SimilarityPairVo) => r.left.username,
                  },
                  {
                    title: t('Right'),
                    key: 'right',
                    render: (_: unknown, r: SimilarityPairVo) => r.right.username,
                  },
                ]),
            ...(narrow ? [] : [{ title: t('Longest'), dataIndex: 'longest' }]),
            {
              title: narrow ? '' : t('Pair'),
              key: 'open',
              render: (_: unknown, r: SimilarityPairVo) => (
                <Button
                  size="small"
                  onClick={() => setChosen({ a: r.left.submitId, b: r.right.submitId })}
                  data-testid="similarity-open-pair"
                >
                  {t('Compare')}
                </Button>
              ),
            },
          ]}
        />
        {pairs.data && pairs.data.matching > pairs.data.pairs.length && (
          <Typography.Text type="secondary">
            {t('Shown_of', { shown: pairs.data.pairs.length, total: pairs.data.matching })}
          </Typography.Text>
        )}
      </Card>

      {chosen && (
        <Card title={t('Compare_pair')}>
          <PairView detail={pair.data} loading={pair.isLoading} />
        </Card>
      )}
    </Space>
  );
}
