import { UserOutlined } from '@ant-design/icons';
import { JudgeStatus, LIMITS } from '@oj/shared';
import { Avatar, Card, Input, Skeleton, Space, Table, type TableColumnsType, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ColorTag } from '../../../components/ColorTag.js';
import { Markdown } from '../../../components/Markdown.js';
import { type RankRecord, type RankType, useRankList } from '../api/rank.js';
import { acRate, oiScore } from '../lib/rank-math.js';

const TopRankChart = lazy(() => import('./TopRankChart.js'));

const userHome = (r: RankRecord) =>
  `/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(r.username)}`;

/**
 * The global ACM or OI ranking of doc 2 §2.11: top-10 bar chart, user search, table (rank, user with avatar and
 * title badge, nickname, AC linking to the user's accepted submissions, total, AC rate, score (OI), signature),
 * 30 a page by default with selectable sizes.
 */
export function RankPage({ type }: { type: RankType }) {
  const { t } = useTranslation('rank');
  const [currentPage, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.rankPageSize);
  const [searchUser, setSearch] = useState('');
  const top = useRankList({ type, currentPage: 1, limit: 10 });
  const { data, isFetching } = useRankList({ type, currentPage, limit, searchUser });
  const oi = type === 'OI';
  const offset = (currentPage - 1) * limit;

  const columns: TableColumnsType<RankRecord> = [
    { title: t('Rank'), key: 'rank', width: 64, render: (_, __, i) => offset + i + 1 },
    {
      title: t('User'),
      dataIndex: 'username',
      render: (_, r) => (
        <Space>
          <Avatar size={28} src={r.avatar || undefined} icon={<UserOutlined />} />
          <Link to={userHome(r)}>{r.username}</Link>
          {r.titleName && <ColorTag color={r.titleColor ?? undefined}>{r.titleName}</ColorTag>}
        </Space>
      ),
    },
    { title: t('Nickname'), dataIndex: 'nickname', responsive: ['md'] },
    ...(oi
      ? [
          {
            title: t('Score'),
            dataIndex: 'score',
            render: (v: number) => <span data-testid="rank-score">{oiScore(v)}</span>,
          },
          {
            title: t('AC_Total'),
            key: 'act',
            render: (_: unknown, r: RankRecord) => (
              <span>
                <Link
                  to={`/status?username=${encodeURIComponent(r.username)}&status=${JudgeStatus.ACCEPTED}`}
                >
                  {r.ac}
                </Link>{' '}
                / {r.total}
              </span>
            ),
          },
        ]
      : [
          {
            title: t('AC'),
            dataIndex: 'ac',
            render: (v: number, r: RankRecord) => (
              <Link
                to={`/status?username=${encodeURIComponent(r.username)}&status=${JudgeStatus.ACCEPTED}`}
                data-testid="rank-ac"
              >
                {v}
              </Link>
            ),
          },
          { title: t('Total'), dataIndex: 'total' },
        ]),
    {
      title: t('AC_rate'),
      key: 'acRate',
      render: (_, r) => acRate(r.ac, r.total),
      responsive: ['sm'],
    },
    {
      title: t('Signature'),
      dataIndex: 'signature',
      responsive: ['lg'],
      render: (v: string) => (v ? <Markdown source={v} compact /> : null),
    },
  ];

  return (
    <div className="oj-page">
      <Card title={oi ? t('OI_Ranklist') : t('ACM_Ranklist')} style={{ marginBottom: 16 }}>
        {(top.data?.records.length ?? 0) > 0 ? (
          <Suspense fallback={<Skeleton active />}>
            <TopRankChart rows={top.data?.records ?? []} type={type} />
          </Suspense>
        ) : (
          <Typography.Text type="secondary">{t('No_ranked_users')}</Typography.Text>
        )}
      </Card>
      <Card
        styles={{ body: { padding: 0 } }}
        title={
          <Input.Search
            placeholder={t('Search_user')}
            allowClear
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
            style={{ maxWidth: 260 }}
            data-testid="rank-search"
          />
        }
      >
        <Table<RankRecord>
          rowKey="uid"
          columns={columns}
          dataSource={data?.records ?? []}
          loading={isFetching && !data}
          scroll={{ x: 'max-content' }}
          data-testid="rank-table"
          pagination={{
            current: currentPage,
            pageSize: limit,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: LIMITS.pageSizeOptions.map(String),
            onChange: (p, l) => {
              setPage(l === limit ? p : 1);
              setLimit(l);
            },
            style: { padding: '0 12px' },
          }}
        />
      </Card>
    </div>
  );
}
