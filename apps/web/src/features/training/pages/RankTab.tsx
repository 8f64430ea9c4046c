import { UserOutlined } from '@ant-design/icons';
import { JudgeStatus, type TrainingRankRecord } from '@oj/shared';
import { Avatar, Button, Card, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { rowOpens } from '../../../lib/row-link.js';
import { useSession } from '../../../lib/session.js';
import { statusInfo } from '../../submission/lib/format.js';
import { useTrainingProblems, useTrainingRank } from '../api/training.js';
import { useTrainingShell } from '../components/TrainingContext.js';
import './rank.css';

const PAGE_SIZE = 30;

/**
 * The training rank, "Record List" (doc 2 §2.13, §3 "Training rank record"): search, a random pick among the
 * page's users, and rows of rank, user (avatar, Own and Girl flags, school), real name, AC with the total run time
 * (ms), and per problem the best status's short code and run time; a cell opens that user's submissions of the
 * problem (a link in the cell for the keyboard). Own rows are highlighted, and female users' cells.
 */
export default function RankTab() {
  const { t } = useTranslation(['training', 'submission']);
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const { training: tr, gid } = useTrainingShell();
  /** That user's submissions of that problem (the cell's link and click). */
  const statusPath = (r: TrainingRankRecord, problemId: string) =>
    `${gid ? `/group/${gid}/status` : '/status'}?username=${encodeURIComponent(r.username)}&problemID=${encodeURIComponent(problemId)}&completeProblemID=true`;
  const [currentPage, setPage] = useState(1);
  const [keyword, setKeyword] = useState<string | undefined>();
  const [picked, setPicked] = useState<string | null>(null);
  const problems = useTrainingProblems(tr.id);
  const { data, isLoading } = useTrainingRank({ tid: tr.id, currentPage, limit: PAGE_SIZE, keyword });
  const records = data?.records ?? [];
  const pick = () =>
    setPicked(records.length ? records[Math.floor(Math.random() * records.length)].username : '');
  const female = (r: TrainingRankRecord) => r.gender === 'female';

  return (
    <Card
      title={t('tab.rank')}
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('Search_user')}
            onSearch={(v) => {
              setKeyword(v.trim() || undefined);
              setPage(1);
            }}
            style={{ width: 180 }}
            data-testid="training-rank-search"
          />
          <Button onClick={pick} data-testid="training-random-pick">
            {t('Random_pick')}
          </Button>
        </Space>
      }
    >
      {picked != null && (
        <div style={{ marginBottom: 12, fontSize: 16 }} data-testid="training-picked">
          {picked ? `${t('Picked')}: ${picked}` : t('None_available')}
        </div>
      )}
      <Table<TrainingRankRecord>
        rowKey="uid"
        size="small"
        loading={isLoading}
        dataSource={records}
        data-testid="training-rank"
        scroll={{ x: 'max-content' }}
        rowClassName={(r) => (r.uid === userInfo?.uid ? 'training-rank-own' : '')}
        pagination={{
          current: currentPage,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { title: '#', dataIndex: 'rank', width: 50, fixed: 'left' },
          {
            title: t('User'),
            key: 'user',
            fixed: 'left',
            onCell: (r) => ({ className: female(r) ? 'training-rank-girl' : '' }),
            render: (_: unknown, r) => (
              <Space size={6}>
                <Avatar size="small" src={r.avatar || undefined} icon={<UserOutlined />} />
                <span>
                  <Link to={`/user-home?username=${encodeURIComponent(r.username)}`}>{r.username}</Link>
                  {r.uid === userInfo?.uid && (
                    <Tag color="blue" style={{ marginInlineStart: 4 }}>
                      {t('Own')}
                    </Tag>
                  )}
                  {female(r) && (
                    <Tag color="magenta" style={{ marginInlineStart: 4 }}>
                      {t('Girl')}
                    </Tag>
                  )}
                  {r.school && (
                    <div style={{ fontSize: 12, color: 'var(--oj-text-tertiary)' }}>{r.school}</div>
                  )}
                </span>
              </Space>
            ),
          },
          { title: t('Real_name'), dataIndex: 'realname' },
          {
            title: t('AC_time'),
            key: 'ac',
            render: (_: unknown, r) => (
              <span data-testid="training-rank-ac">
                {r.ac} <span style={{ color: 'var(--oj-text-tertiary)' }}>({r.totalRunTime} ms)</span>
              </span>
            ),
          },
          ...(problems.data ?? []).map((p) => ({
            title: p.displayId,
            key: `p-${p.displayId}`,
            align: 'center' as const,
            onCell: (r: TrainingRankRecord) => {
              const cell = r.submissionInfo[p.displayId];
              return {
                className: female(r) ? 'training-rank-girl' : '',
                ...(cell ? rowOpens(() => navigate(statusPath(r, p.problemId)))(r) : {}),
              };
            },
            render: (_: unknown, r: TrainingRankRecord) => {
              const cell = r.submissionInfo[p.displayId];
              if (!cell) return null;
              const info = statusInfo(cell.status);
              return (
                <Link
                  to={statusPath(r, p.problemId)}
                  style={{ color: info.color, fontWeight: cell.status === JudgeStatus.ACCEPTED ? 600 : 400 }}
                >
                  {info.short.toUpperCase()}
                  {cell.runTime != null && (
                    <span style={{ display: 'block', fontSize: 12 }}>{cell.runTime} ms</span>
                  )}
                </Link>
              );
            },
          })),
        ]}
      />
    </Card>
  );
}
