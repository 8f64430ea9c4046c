import { CONTEST_STATUS_INFO, ContestStatus, type ContestStatusCode, ContestType } from '@oj/shared';
import { Card, Empty, Input, Pagination, Select, Space, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { t as tt } from '../../../lib/i18n.js';
import { notify } from '../../../lib/notify.js';
import { session } from '../../../lib/session.js';
import { type ContestListFilter, useContestList } from '../api/contest.js';
import type { ContestVo } from '../api/types.js';
import { ContestRows } from '../components/ContestRows.js';
import { readListFilter, writeListFilter } from '../lib/list-params.js';

/**
 * /contest (doc 2 §2.6): rule and status dropdowns and a keyword search (kept in the address), rows with trophy,
 * title, lock, start, duration, rule, auth tag, participants, scoreboard button (openRank; disabled while
 * scheduled) and a status tag on a coloured left border; 10 a page. Opening a contest needs login.
 */
export default function ContestListPage() {
  const { t } = useTranslation('contest');
  const navigate = useNavigate();
  const [sp, setSp] = useSearchParams();
  const filter = useMemo(() => readListFilter(sp), [sp]);
  const { data, isLoading } = useContestList(filter);
  const update = (patch: Partial<ContestListFilter>) =>
    setSp(writeListFilter({ ...filter, currentPage: 1, ...patch }));

  const open = (c: ContestVo) => {
    if (!session.get().token) {
      notify.warning(tt('common:Please_login_first'));
      session.openLoginModal('Login');
      return;
    }
    navigate(`/contest/${c.id}`);
  };
  const board = (c: ContestVo) =>
    navigate(`/contest/${c.type === ContestType.OI ? 'oi' : 'acm'}-scoreboard/${c.id}`);

  return (
    <div className="oj-page">
      <Card title={t('Contest_list')}>
        <div style={{ marginBottom: 12 }}>
          <Space wrap>
            <Select
              value={filter.type ?? 'all'}
              onChange={(v) => update({ type: v === 'all' ? undefined : Number(v) })}
              options={[
                { value: 'all', label: t('Rule_all') },
                { value: ContestType.ACM, label: 'ACM' },
                { value: ContestType.OI, label: 'OI' },
              ]}
              style={{ width: 110 }}
              aria-label={t('Rule')}
              data-testid="contest-type-filter"
            />
            <Select
              value={filter.status ?? 'all'}
              onChange={(v) => update({ status: v === 'all' ? undefined : Number(v) })}
              options={[
                { value: 'all', label: t('Status_all') },
                ...[ContestStatus.SCHEDULED, ContestStatus.RUNNING, ContestStatus.ENDED].map((s) => ({
                  value: s,
                  label: t(`status.${CONTEST_STATUS_INFO[s as ContestStatusCode].name}`),
                })),
              ]}
              style={{ width: 120 }}
              aria-label={t('Status')}
              data-testid="contest-status-filter"
            />
            <Input.Search
              defaultValue={filter.keyword}
              key={filter.keyword ?? ''}
              onSearch={(v) => update({ keyword: v.trim() || undefined })}
              placeholder={t('Keyword')}
              allowClear
              style={{ width: 180 }}
              data-testid="contest-keyword"
            />
          </Space>
        </div>
        {isLoading ? (
          <Spin style={{ display: 'block', margin: 24 }} />
        ) : !data?.records.length ? (
          <Empty description={t('No_contest')} />
        ) : (
          <ContestRows contests={data.records} onOpen={open} onBoard={board} />
        )}
        <Pagination
          style={{ marginTop: 12, textAlign: 'right' }}
          current={filter.currentPage}
          pageSize={filter.limit}
          total={data?.total ?? 0}
          hideOnSinglePage
          onChange={(currentPage) => setSp(writeListFilter({ ...filter, currentPage }))}
        />
      </Card>
    </div>
  );
}
