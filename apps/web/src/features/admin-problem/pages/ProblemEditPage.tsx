import { ProblemAuth } from '@oj/shared';
import { Card, Result, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { useSession } from '../../../lib/session.js';
import { useAdminCases, useAdminProblem } from '../api/admin-problem.js';
import { ProblemForm } from '../components/ProblemForm.js';
import { emptyForm, fromProblem } from '../lib/form-model.js';

/** A route parameter or query value as a positive id; undefined when absent or not a number. */
const idOf = (v: string | null | undefined): number | undefined =>
  v != null && /^\d+$/.test(v) ? Number(v) : undefined;

/**
 * The problem editor with its data: `editing` loads problem `pid` and its cases (404 when it cannot), else an
 * empty form; `cid` makes it a problem of that contest. The admin scope (site or a group) picks the calls.
 */
export function ProblemEditor({ pid, cid, editing }: { pid: number | null; cid?: number; editing: boolean }) {
  const { t } = useTranslation('adminProblem');
  const { gid } = useAdminScope();
  const { userInfo } = useSession();
  const problem = useAdminProblem(pid, gid);
  const cases = useAdminCases(pid, gid);

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

/**
 * /admin/problem/create and /admin/problem/edit/:problemId (doc 3 admin routes; `problemId` is the numeric
 * id): loads the problem and its cases when editing, then shows the editor. Also serves
 * /admin/contest/:contestId/problem/create and …/problem/:problemId/edit, the problem then belonging to the contest.
 */
export default function ProblemEditPage() {
  const { problemId, contestId } = useParams();
  return (
    <ProblemEditor pid={idOf(problemId) ?? null} cid={idOf(contestId)} editing={problemId !== undefined} />
  );
}
