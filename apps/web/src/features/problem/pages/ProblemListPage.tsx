import { QuestionOutlined, ReloadOutlined } from '@ant-design/icons';
import { DIFFICULTIES, LIMITS, ProblemType } from '@oj/shared';
import { Button, Card, Col, Input, Row, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ColorTag } from '../../../components/ColorTag.js';
import { useSession } from '../../../lib/session.js';
import { getRandomProblem, useProblemList, useUserProblemStatus } from '../api/problem-list.js';
import type { ProblemListFilter, ProblemListItem } from '../api/types.js';
import { DifficultyTag } from '../components/DifficultyTag.js';
import { MyStatusIcon } from '../components/MyStatusIcon.js';
import { TagFilter } from '../components/TagFilter.js';
import { readProblemFilter, writeProblemFilter } from '../lib/list-params.js';
import { acRate } from '../lib/problem-math.js';
import { useTagLabel } from '../lib/seeded-tags.js';

/**
 * /problem (doc 2 §2.1): filters in the address (keyword, difficulty, oj, tagId, paging; default 30 a page), tag
 * filter by classification, my status, AC rate (two decimals, at most 100%), random pick.
 */
export default function ProblemListPage() {
  const { t } = useTranslation('problem');
  const tagLabel = useTagLabel();
  const navigate = useNavigate();
  const [sp, setSp] = useSearchParams();
  const filter = useMemo(() => readProblemFilter(sp), [sp]);
  const { token } = useSession();
  const { data, isFetching, refetch } = useProblemList(filter);
  const rows = data?.records ?? [];
  const pids = useMemo(() => rows.map((r) => r.pid), [rows]);
  const status = useUserProblemStatus(pids, !!token);
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  const [picking, setPicking] = useState(false);
  useEffect(() => setKeyword(filter.keyword ?? ''), [filter.keyword]);

  const update = (patch: Partial<ProblemListFilter>) =>
    setSp(writeProblemFilter({ ...filter, currentPage: 1, ...patch }));

  const pickRandom = async () => {
    setPicking(true);
    try {
      const r = await getRandomProblem();
      navigate(`/problem/${encodeURIComponent(r.problemId)}`);
    } catch {
      // the api client already showed the message
    } finally {
      setPicking(false);
    }
  };

  const columns: TableColumnsType<ProblemListItem> = [
    ...(token
      ? [
          {
            key: 'myStatus',
            width: 40,
            align: 'center' as const,
            render: (_: unknown, r: ProblemListItem) => (
              <MyStatusIcon status={status.data?.[r.pid]?.status} />
            ),
          },
        ]
      : []),
    { title: t('Problem_ID'), dataIndex: 'problemId', width: 110 },
    {
      title: t('Title'),
      dataIndex: 'title',
      render: (title: string, r) => (
        <Link to={`/problem/${encodeURIComponent(r.problemId)}`} data-testid="problem-link">
          {title}
        </Link>
      ),
    },
    {
      title: t('Problem_Type'),
      dataIndex: 'type',
      width: 70,
      responsive: ['sm'],
      render: (type: number) => (
        <Tag color={type === ProblemType.ACM ? 'blue' : 'gold'} data-testid="problem-type">
          {type === ProblemType.ACM ? 'ACM' : 'OI'}
        </Tag>
      ),
    },
    {
      title: t('Level'),
      dataIndex: 'difficulty',
      width: 110,
      render: (d: number) => <DifficultyTag difficulty={d} />,
    },
    {
      title: t('Tags'),
      dataIndex: 'tags',
      responsive: ['md'],
      render: (tags: ProblemListItem['tags']) => (
        <Space size={[0, 4]} wrap>
          {tags.map((tag) => (
            <ColorTag key={tag.id} color={tag.color}>
              {tagLabel(tag.name)}
            </ColorTag>
          ))}
        </Space>
      ),
    },
    {
      title: t('AC_Rate'),
      key: 'acRate',
      width: 100,
      align: 'right',
      render: (_, r) => <span data-testid="ac-rate">{acRate(r.ac, r.total)}</span>,
    },
    { title: t('Total'), dataIndex: 'total', width: 80, align: 'right', responsive: ['sm'] },
  ];

  return (
    <div className="oj-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={18}>
          <Card
            title={t('Problem_List')}
            styles={{ body: { padding: 0 } }}
            extra={
              <Button
                icon={<ReloadOutlined />}
                onClick={() => refetch()}
                type="text"
                aria-label={t('Refresh')}
              />
            }
          >
            <div style={{ padding: 12 }}>
              <Space wrap>
                {/* No OJ (remote judge) filter: this deployment judges only its own problems, so HDU, CF…
                    would list nothing. An `oj` in the address still filters. */}
                <Select
                  value={filter.difficulty ?? 'All'}
                  onChange={(d) => update({ difficulty: d === 'All' ? undefined : Number(d) })}
                  options={[
                    { value: 'All', label: t('All_Level') },
                    ...DIFFICULTIES.map((d) => ({ value: d.code, label: t(`difficulty.${d.code}`) })),
                  ]}
                  style={{ width: 140 }}
                  aria-label={t('Level')}
                />
                <Input.Search
                  value={keyword}
                  onChange={(e) => setKeyword(e.target.value)}
                  onSearch={(v) => update({ keyword: v.trim() || undefined })}
                  placeholder={t('Enter_keyword')}
                  allowClear
                  style={{ width: 220 }}
                  data-testid="problem-keyword"
                />
                <Button onClick={() => setSp(new URLSearchParams())}>{t('Reset')}</Button>
                <Button
                  icon={<QuestionOutlined />}
                  onClick={pickRandom}
                  loading={picking}
                  data-testid="random-pick"
                >
                  {t('Pick_a_random_question')}
                </Button>
              </Space>
            </div>
            <Table<ProblemListItem>
              rowKey="pid"
              size="middle"
              columns={columns}
              dataSource={rows}
              loading={isFetching && !data}
              // At least 720 px (a phone scrolls sideways), else the card's width: long titles and tag lists wrap
              // instead of pushing the last columns out of the card ('max-content' did, issue 25 #9).
              scroll={{ x: 720 }}
              data-testid="problem-table"
              pagination={{
                current: filter.currentPage,
                pageSize: filter.limit,
                total: data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: LIMITS.pageSizeOptions.map(String),
                onChange: (currentPage, limit) =>
                  setSp(writeProblemFilter({ ...filter, currentPage, limit })),
                showTotal: (n) => t('Total_n', { n }),
                style: { padding: '0 12px' },
              }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={6}>
          <TagFilter oj={filter.oj} tagId={filter.tagId} onSelect={(tagId) => update({ tagId })} />
        </Col>
      </Row>
    </div>
  );
}
