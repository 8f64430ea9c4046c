import { Card, Result, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { useAdminContest } from '../api/admin-contest.js';
import { ContestForm } from '../components/ContestForm.js';
import { emptyContestForm, fromContest } from '../lib/form-model.js';

/**
 * The contest form with its data: `editing` loads contest `cid` (404 when it cannot), else an empty form; the admin
 * scope (site or a group) picks the calls.
 */
export function ContestEditor({ cid, editing }: { cid: number | null; editing: boolean }) {
  const { t } = useTranslation('adminContest');
  const q = useAdminContest(cid, useAdminScope().gid);
  const initial = useMemo(
    () => (!editing ? emptyContestForm() : q.data ? fromContest(q.data) : null),
    [editing, q.data],
  );
  if (editing && (cid == null || q.isError)) return <Result status="404" title={t('Contest_not_found')} />;
  if (!initial)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  return <ContestForm key={cid ?? 'new'} initial={initial} />;
}

/** /admin/contest/create and /admin/contest/:contestId/edit (doc 3 admin routes): the contest form. */
export default function ContestEditPage() {
  const { contestId } = useParams();
  const cid = contestId && /^\d+$/.test(contestId) ? Number(contestId) : null;
  return <ContestEditor cid={cid} editing={contestId !== undefined} />;
}
