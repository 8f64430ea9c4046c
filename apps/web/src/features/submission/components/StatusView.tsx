import { ReloadOutlined } from '@ant-design/icons';
import { JudgeStatus, LIMITS, STATUS_FILTER_CODES } from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Select, Space, Switch, Table, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { t as tt } from '../../../lib/i18n.js';
import { notify } from '../../../lib/notify.js';
import { isAdminRoles, session, useSession } from '../../../lib/session.js';
import { rejudge } from '../api/admin-judge.js';
import { submissionKeys } from '../api/keys.js';
import { useSubmissionList } from '../api/submission-list.js';
import type { SubmissionListFilter, SubmissionListItem } from '../api/types.js';
import { RelativeTime } from '../components/RelativeTime.js';
import { StatusTag } from '../components/StatusTag.js';
import { submissionDetailPath } from '../lib/detail-path.js';
import { formatLength, runMemory, runTime, statusKey } from '../lib/format.js';
import { readSubmissionFilter, writeSubmissionFilter } from '../lib/list-params.js';
import { useQueuePositions } from '../lib/useQueuePositions.js';

/** A contest scope for the list: its id, whether scores show (OI) and the after-contest switch. */
export interface StatusContestScope {
  cid: number;
  showScore: boolean;
  containsEnd?: boolean;
}

/**
 * The submission list of doc 2 §2.4, used by /status, the contest submissions tab and a group's status tab (`gid`:
 * the group's submissions, problems and details opened inside the group): Mine/All switch (login),
 * verdict filter, problem id and author search (author disabled while Mine), filters in the address, refresh,
 * paging (15), auto-refresh every 2 s while some row is unfinished, and a Rejudge option (with confirmation) for
 * admin roles. With a `contest`, rows come from GET /api/contest-submissions, problems link to the contest's
 * problem page by display id, and the score column shows only in OI contests. The status and language cells are
 * links (open in a new tab) to the submission's detail page inside its contest or group (submissionDetailPath).
 */
export function StatusView({ contest, gid }: { contest?: StatusContestScope; gid?: number }) {
  const { t } = useTranslation('submission');
  const qc = useQueryClient();
  const [sp, setSp] = useSearchParams();
  const filter = useMemo(
    () => ({
      ...readSubmissionFilter(sp),
      ...(contest ? { cid: contest.cid, containsEnd: contest.containsEnd } : {}),
      ...(gid ? { gid } : {}),
    }),
    [sp, contest, gid],
  );
  const { token, roles } = useSession();
  const mineWithoutLogin = !!filter.onlyMine && !token;
  const { data, isFetching, refetch } = useSubmissionList(filter, { enabled: !mineWithoutLogin });
  const [problemID, setProblemID] = useState(filter.problemID ?? '');
  const [username, setUsername] = useState(filter.username ?? '');
  useEffect(() => setProblemID(filter.problemID ?? ''), [filter.problemID]);
  useEffect(() => setUsername(filter.username ?? ''), [filter.username]);
  const admin = isAdminRoles(roles);
  // Pending rows: their queue positions (the server answers only my own, or any for admins; issue 29).
  const pendingIds = useMemo(
    () => (data?.records ?? []).filter((r) => r.status === JudgeStatus.PENDING).map((r) => r.submitId),
    [data],
  );
  const queue = useQueuePositions(pendingIds);

  const update = (patch: Partial<SubmissionListFilter>) =>
    setSp(writeSubmissionFilter({ ...filter, currentPage: 1, ...patch }));

  const onMine = (mine: boolean) => {
    if (mine && !token) {
      notify.warning(tt('common:Please_login_first'));
      session.openLoginModal('Login');
      return;
    }
    update({ onlyMine: mine, username: undefined });
  };

  const doRejudge = async (submitId: number) => {
    try {
      await rejudge(submitId);
      notify.success(t('Rejudge_successfully'));
      void qc.invalidateQueries({ queryKey: submissionKeys.lists() });
    } catch {
      // toast shown by the api client
    }
  };

  /** A row's detail page (issue 25 items 16, 17): the contest's, the group's or the global one, as a real link. */
  const detailTo = (r: SubmissionListItem) =>
    submissionDetailPath(r.submitId, contest ? { cid: contest.cid } : gid ? { gid } : {}, r.displayPid);
  const columns: TableColumnsType<SubmissionListItem> = [
    // Fixed: at 375 px the id stays while the other columns scroll under it, with antd's shadow at the edges.
    { title: t('Run_ID'), dataIndex: 'submitId', width: 80, fixed: 'left' },
    {
      title: t('Problem'),
      key: 'problem',
      render: (_, r) => (
        <Link
          to={
            contest
              ? `/contest/${contest.cid}/problem/${encodeURIComponent(r.displayPid)}`
              : gid
                ? `/group/${gid}/problem/${encodeURIComponent(r.displayPid)}`
                : `/problem/${encodeURIComponent(r.displayPid)}`
          }
        >
          {r.displayPid} {r.title}
        </Link>
      ),
    },
    {
      title: t('Status'),
      dataIndex: 'status',
      render: (s: number, r) => (
        <Link to={detailTo(r)} data-testid="status-link">
          <StatusTag
            status={s}
            isManual={r.isManual}
            testId="status-cell"
            queue={queue.get(r.submitId)}
            compact
          />
        </Link>
      ),
    },
    ...(contest && !contest.showScore
      ? []
      : [
          {
            title: t('Score'),
            dataIndex: 'score',
            responsive: ['md' as const],
            render: (v: number | null) => v ?? '-',
          },
        ]),
    { title: t('Time'), dataIndex: 'time', render: (v: number | null, r) => runTime(r.status, v) },
    {
      title: t('Memory'),
      dataIndex: 'memory',
      render: (v: number | null, r) => runMemory(r.status, v),
      responsive: ['sm'],
    },
    { title: t('Length'), dataIndex: 'length', render: formatLength, responsive: ['md'] },
    {
      title: t('Language'),
      dataIndex: 'language',
      responsive: ['sm'],
      render: (v: string, r) => (
        <Link to={detailTo(r)} data-testid="status-language-link">
          {v}
        </Link>
      ),
    },
    { title: t('Judger'), dataIndex: 'judger', responsive: ['lg'], render: (v: string | null) => v ?? '-' },
    {
      title: t('Author'),
      dataIndex: 'username',
      render: (v: string, r) => (
        <Link to={`/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(v)}`}>{v}</Link>
      ),
    },
    {
      title: t('Submit_Time'),
      dataIndex: 'submitTime',
      responsive: ['md'],
      render: (v: string) => <RelativeTime iso={v} />,
    },
    ...(admin
      ? [
          {
            title: t('Option'),
            key: 'option',
            render: (_: unknown, r: SubmissionListItem) => (
              <Popconfirm title={t('Rejudge_tips')} onConfirm={() => doRejudge(r.submitId)}>
                <Button size="small" data-testid="rejudge">
                  {t('Rejudge')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  const title = filter.problemID ? t('Problem_Submissions') : contest ? t('Submissions') : t('Status');
  return (
    <div className="oj-page">
      <Card
        title={title}
        styles={{ body: { padding: 0 } }}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => refetch()} data-testid="status-refresh">
            {t('Refresh')}
          </Button>
        }
      >
        <div style={{ padding: 12 }}>
          <Space wrap>
            <Switch
              checked={!!filter.onlyMine}
              onChange={onMine}
              checkedChildren={t('Mine')}
              unCheckedChildren={t('All')}
              data-testid="only-mine"
            />
            <Select
              value={filter.status ?? 'all'}
              onChange={(v) => update({ status: v === 'all' ? undefined : Number(v) })}
              options={[
                { value: 'all', label: t('All') },
                ...STATUS_FILTER_CODES.map((c) => ({ value: c, label: t(statusKey(c)) })),
              ]}
              style={{ width: 200 }}
              aria-label={t('Status')}
              data-testid="status-filter"
            />
            <Input.Search
              value={problemID}
              onChange={(e) => setProblemID(e.target.value)}
              onSearch={(v) => update({ problemID: v.trim() || undefined, completeProblemID: false })}
              placeholder={t('Enter_Problem_ID')}
              allowClear
              style={{ width: 180 }}
            />
            <Input.Search
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              onSearch={(v) => update({ username: v.trim() || undefined })}
              placeholder={t('Enter_Author')}
              disabled={!!filter.onlyMine}
              allowClear
              style={{ width: 180 }}
            />
          </Space>
        </div>
        <Table<SubmissionListItem>
          rowKey="submitId"
          size="middle"
          columns={columns}
          dataSource={mineWithoutLogin ? [] : (data?.records ?? [])}
          loading={isFetching && !data}
          scroll={{ x: 'max-content' }}
          data-testid="status-table"
          pagination={{
            current: filter.currentPage,
            pageSize: filter.limit,
            total: mineWithoutLogin ? 0 : (data?.total ?? 0),
            showSizeChanger: true,
            pageSizeOptions: LIMITS.pageSizeOptions.map(String),
            onChange: (currentPage, limit) => setSp(writeSubmissionFilter({ ...filter, currentPage, limit })),
            style: { padding: '0 12px' },
          }}
        />
      </Card>
    </div>
  );
}
