import { LIMITS } from '@oj/shared';
import { Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSubmissionList } from '../../submission/api/submission-list.js';
import type { SubmissionListItem } from '../../submission/api/types.js';
import { RelativeTime } from '../../submission/components/RelativeTime.js';
import { StatusTag } from '../../submission/components/StatusTag.js';
import { submissionDetailPath } from '../../submission/lib/detail-path.js';
import { formatLength, runMemory, runTime } from '../../submission/lib/format.js';

/**
 * The My Submission tab of doc 2 §2.2 (login): the signed-in user's submissions of this problem, 10 a page,
 * refreshed every 2 s while one is unfinished; a status click opens the submission (the scope's detail page). In a contest (`cid`) the
 * problem is its display id and the rows come from the contest's submissions; in a group (`gid`) from the group's.
 */
export function MySubmissions({ problemId, cid, gid }: { problemId: string; cid?: number; gid?: number }) {
  const { t } = useTranslation('submission');
  const navigate = useNavigate();
  const [currentPage, setPage] = useState(1);
  const filter = {
    currentPage,
    limit: LIMITS.problemSubmissionPageSize,
    onlyMine: true,
    problemID: problemId,
    completeProblemID: true,
    ...(cid ? { cid } : {}),
    ...(gid ? { gid } : {}),
  };
  const { data, isFetching } = useSubmissionList(filter);
  const columns: TableColumnsType<SubmissionListItem> = [
    { title: t('Submit_Time'), dataIndex: 'submitTime', render: (v: string) => <RelativeTime iso={v} /> },
    {
      title: t('Status'),
      dataIndex: 'status',
      render: (s: number, r) => (
        <StatusTag
          status={s}
          isManual={r.isManual}
          onClick={() => navigate(submissionDetailPath(r.submitId, { cid, gid }, problemId))}
        />
      ),
    },
    { title: t('Time'), dataIndex: 'time', render: (v: number | null, r) => runTime(r.status, v) },
    { title: t('Memory'), dataIndex: 'memory', render: (v: number | null, r) => runMemory(r.status, v) },
    { title: t('Language'), dataIndex: 'language' },
    { title: t('Length'), dataIndex: 'length', render: formatLength, responsive: ['sm'] },
  ];
  return (
    <Table<SubmissionListItem>
      rowKey="submitId"
      size="small"
      columns={columns}
      dataSource={data?.records ?? []}
      loading={isFetching && !data}
      scroll={{ x: 'max-content' }}
      data-testid="my-submissions"
      pagination={{
        current: currentPage,
        pageSize: LIMITS.problemSubmissionPageSize,
        total: data?.total ?? 0,
        onChange: setPage,
        size: 'small',
      }}
    />
  );
}
