import { UserOutlined } from '@ant-design/icons';
import { GroupRankType, JudgeStatus, LIMITS, type RankRecord } from '@oj/shared';
import { Avatar, Card, Input, Segmented, Space, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ColorTag } from '../../../components/ColorTag.js';
import { acRate, oiScore } from '../../rank/lib/rank-math.js';
import { type GroupRankQuery, useGroupRank } from '../api/group-content.js';
import { useGroupShell } from '../components/GroupContext.js';

/** Reads the rank query of doc 3 §2 from the address: page, limit (30 by default), type, searchUser. */
function readQuery(sp: URLSearchParams): GroupRankQuery {
  const page = Number(sp.get('page'));
  const limit = Number(sp.get('limit'));
  return {
    currentPage: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : LIMITS.groupRankPageSize,
    type: sp.get('type') === String(GroupRankType.OI) ? GroupRankType.OI : GroupRankType.ACM,
    searchUser: sp.get('searchUser') || undefined,
  };
}

function writeQuery(q: GroupRankQuery): URLSearchParams {
  const sp = new URLSearchParams();
  if (q.currentPage > 1) sp.set('page', String(q.currentPage));
  if (q.limit !== LIMITS.groupRankPageSize) sp.set('limit', String(q.limit));
  if (q.type !== GroupRankType.ACM) sp.set('type', String(q.type));
  if (q.searchUser) sp.set('searchUser', q.searchUser);
  return sp;
}

/**
 * The group rank (doc 3 §2): search (Enter or the button), ACM (0) or OI (1), and rows of rank, user with avatar and
 * title tag, nickname tag, AC (a link to the group's accepted submissions of that user), total, score and AC rate;
 * 30 a page; the query lives in the address.
 */
export default function RankTab() {
  const { t } = useTranslation(['group', 'rank']);
  const { gid } = useGroupShell();
  const [sp, setSp] = useSearchParams();
  const q = useMemo(() => readQuery(sp), [sp]);
  const { data, isFetching } = useGroupRank(gid, q);
  const update = (patch: Partial<GroupRankQuery>) => setSp(writeQuery({ ...q, currentPage: 1, ...patch }));
  const offset = (q.currentPage - 1) * q.limit;

  return (
    <Card
      title={t('tab.rank')}
      styles={{ body: { padding: 0 } }}
      extra={
        <Segmented
          value={q.type}
          onChange={(v) => update({ type: Number(v) })}
          options={[
            { value: GroupRankType.ACM, label: 'ACM' },
            { value: GroupRankType.OI, label: 'OI' },
          ]}
          data-testid="group-rank-type"
        />
      }
      data-testid="group-rank"
    >
      <div style={{ padding: 12 }}>
        <Input.Search
          key={q.searchUser ?? ''}
          defaultValue={q.searchUser}
          placeholder={t('rank:Search_user')}
          allowClear
          enterButton
          onSearch={(v) => update({ searchUser: v.trim() || undefined })}
          style={{ maxWidth: 300 }}
          data-testid="group-rank-search"
        />
      </div>
      <Table<RankRecord>
        rowKey="uid"
        dataSource={data?.records ?? []}
        loading={isFetching && !data}
        scroll={{ x: 'max-content' }}
        data-testid="group-rank-table"
        pagination={{
          current: q.currentPage,
          pageSize: q.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: LIMITS.pageSizeOptions.map(String),
          onChange: (currentPage, limit) =>
            setSp(writeQuery({ ...q, currentPage: limit === q.limit ? currentPage : 1, limit })),
          style: { padding: '0 12px' },
        }}
        columns={[
          { title: t('rank:Rank'), key: 'rank', width: 64, render: (_, __, i) => offset + i + 1 },
          {
            title: t('rank:User'),
            dataIndex: 'username',
            render: (_: unknown, r) => (
              <Space>
                <Avatar size={28} src={r.avatar || undefined} icon={<UserOutlined />} />
                <Link
                  to={`/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(r.username)}`}
                  data-testid="group-rank-user"
                >
                  {r.username}
                </Link>
                {r.titleName && <ColorTag color={r.titleColor ?? undefined}>{r.titleName}</ColorTag>}
              </Space>
            ),
          },
          {
            title: t('rank:Nickname'),
            dataIndex: 'nickname',
            responsive: ['md'],
            render: (v: string | null) => (v ? <Tag>{v}</Tag> : null),
          },
          {
            title: t('rank:AC'),
            dataIndex: 'ac',
            render: (v: number, r) => (
              <Link
                to={`/group/${gid}/status?username=${encodeURIComponent(r.username)}&status=${JudgeStatus.ACCEPTED}`}
                data-testid="group-rank-ac"
              >
                {v}
              </Link>
            ),
          },
          { title: t('rank:Total'), dataIndex: 'total' },
          {
            title: t('rank:Score'),
            dataIndex: 'score',
            render: (v: number) => <span data-testid="group-rank-score">{oiScore(v)}</span>,
          },
          { title: t('rank:AC_rate'), key: 'rate', render: (_: unknown, r) => acRate(r.ac, r.total) },
        ]}
      />
    </Card>
  );
}
