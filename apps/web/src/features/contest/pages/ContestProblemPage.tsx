import { JudgeStatus } from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ProblemWorkspace } from '../../problem/components/ProblemWorkspace.js';
import { contestKeys, useContestProblemDetail } from '../api/contest.js';
import { useContestShell } from '../components/ContestContext.js';
import { realTimeResults, submitBlock } from '../lib/admission.js';

/** Delay between the OI overwrite confirm and the submit (doc 2 §9, ms). */
const OVERWRITE_DELAY_MS = 1000;

/** Asks the OI overwrite question of doc 2 §5; resolves true (after the 1 s delay) on confirm, false on cancel. */
function confirmOverwrite(title: string, ok: string, cancel: string): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title,
      okText: ok,
      cancelText: cancel,
      onOk: () => setTimeout(() => resolve(true), OVERWRITE_DELAY_MS),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * /contest/:contestID/problem/:problemID (doc 2 §2.2 ContestProblemDetails): the practice workspace with the
 * contest scope — the problem by display id, submissions and polling with the cid, My Submission from the contest,
 * Solutions to the contest's list, no discussion link. Submitting is blocked before the start, after the end
 * (unless allowed) and before registering; in an OI contest without real-time results, a second submission asks
 * to overwrite the first. The /full-screen twin (ContestFullProblemDetails) opens in focus mode with the contest's
 * problem strip.
 */
export default function ContestProblemPage() {
  const { t } = useTranslation('contest');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { problemID = '' } = useParams();
  const { pathname } = useLocation();
  const { contest: c, phase, access, isContestAdmin } = useContestShell();
  const { data, isLoading, isError } = useContestProblemDetail(c.id, problemID);

  if (isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (isError || !data) {
    return (
      <Result
        status="404"
        title={t('Problem_load_failed')}
        extra={<Button onClick={() => navigate(`/contest/${c.id}/problems`)}>{t('Back_to_problems')}</Button>}
      />
    );
  }
  const block = submitBlock(c, phase, { isContestAdmin, registered: access.registered || access.access });
  const askOverwrite = !realTimeResults(c, phase, isContestAdmin);
  const beforeSubmit = async () =>
    !askOverwrite ||
    data.myStatus === JudgeStatus.NOT_SUBMITTED ||
    confirmOverwrite(t('Overwrite_confirm'), t('common:Confirm'), t('common:Cancel'));

  // In a contest the problem goes by its display id (My Submission filters the contest's list by it).
  const detail = { ...data, problem: { ...data.problem, problemId: problemID } };
  return (
    <ProblemWorkspace
      key={pathname}
      detail={detail}
      showDiscussion={false}
      solutionsPath={`/contest/${c.id}/submissions?problemID=${encodeURIComponent(problemID)}&completeProblemID=true`}
      scope={{ cid: c.id }}
      beforeSubmit={beforeSubmit}
      onJudged={() => void qc.invalidateQueries({ queryKey: contestKeys.one(c.id) })}
      submitDisabledReason={block ? t(block) : undefined}
      startFocused={pathname.endsWith('/full-screen')}
      strip={{ cid: c.id, base: `/contest/${c.id}`, current: problemID }}
    />
  );
}
