import { useQueryClient } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useWebsiteConfig } from '../../config/api/get-website-config.js';
import { useProblemDetail } from '../../problem/api/problem-detail.js';
import { ProblemWorkspace } from '../../problem/components/ProblemWorkspace.js';
import { groupKeys } from '../api/keys.js';
import { useGroupShell } from '../components/GroupContext.js';

/**
 * /group/:groupID/problem/:problemID and its /full-screen twin (doc 3 §2, doc 2 §2.2 GroupProblemDetails): the
 * practice workspace for a group's problem — the detail asked with the `gid`, submissions carrying it (so they show
 * in the group's status and rank), Solutions and Discussion inside the group; the full-screen path opens in focus
 * mode. A verdict refreshes the group's lists and rank.
 */
export default function GroupProblemPage() {
  const { t } = useTranslation('group');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { pathname } = useLocation();
  const { problemID = '' } = useParams();
  const { gid } = useGroupShell();
  const config = useWebsiteConfig();
  const { data, isLoading, isError } = useProblemDetail(problemID, gid);

  if (isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (isError || !data) {
    return (
      <div data-testid="group-problem-failed">
        <Result
          status="404"
          title={t('Problem_load_failed')}
          extra={<Button onClick={() => navigate(`/group/${gid}/problem`)}>{t('Back_to_problems')}</Button>}
        />
      </div>
    );
  }
  const id = encodeURIComponent(data.problem.problemId);
  return (
    <ProblemWorkspace
      key={pathname}
      detail={data}
      scope={{ gid }}
      showDiscussion={config.openGroupDiscussion}
      solutionsPath={`/group/${gid}/status?problemID=${id}&completeProblemID=true`}
      discussionPath={`/group/${gid}/discussion/${id}`}
      startFocused={pathname.endsWith('/full-screen')}
      onJudged={() => void qc.invalidateQueries({ queryKey: groupKeys.one(gid) })}
    />
  );
}
