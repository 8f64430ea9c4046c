import { ProblemAuth } from '@oj/shared';
import { Card, Result, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../../lib/session.js';
import { useAdminCases, useAdminProblem } from '../api/admin-problem.js';
import { ProblemForm } from '../components/ProblemForm.js';
import { emptyForm, fromProblem } from '../lib/form-model.js';

/**
 * /admin/problem/create and /admin/problem/edit/:problemId (doc 3 admin routes; `problemId` is the numeric
 * id): loads the problem and its cases when editing, then shows the editor. Also serves
 * /admin/contest/:contestId/problem/create and …/problem/:problemId/edit, the problem then belonging to the contest.
 */
export default function ProblemEditPage() {
  const { t } = useTranslation('adminProblem');
  const { problemId, contestId } = useParams();
  const cid = contestId && /^\d+$/.test(contestId) ? Number(contestId) : undefined;
  const pid = problemId && /^\d+$/.test(problemId) ? Number(problemId) : null;
  const editing = problemId !== undefined;
  const { userInfo } = useSession();
  const problem = useAdminProblem(pid);
  const cases = useAdminCases(pid);

  const initial = useMemo(() => {
    // A problem created inside a contest is a contest problem (auth 3) unless the admin picks otherwise.
    if (!editing)
      return { ...emptyForm(userInfo?.username ?? ''), ...(cid ? { auth: ProblemAuth.CONTEST } : {}) };
    if (problem.data && cases.data) return fromProblem(problem.data, cases.data);
    return null;
  }, [editing, userInfo?.username, problem.data, cases.data, cid]);

  if (editing && (pid == null || problem.isError || cases.isError))
    return <Result status="404" title={t('Problem_not_found')} />;
  if (!initial)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  return (
    <ProblemForm
      key={pid ?? 'new'}
      initial={initial}
      pid={pid}
      contestId={cid}
      original={
        problem.data
          ? {
              judgeMode: problem.data.judgeMode,
              judgeCaseMode: problem.data.judgeCaseMode,
              spjCode: problem.data.spjCode ?? '',
            }
          : null
      }
    />
  );
}
