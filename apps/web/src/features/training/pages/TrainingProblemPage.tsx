import { useQueryClient } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ProblemWorkspace } from '../../problem/components/ProblemWorkspace.js';
import { trainingKeys, useTrainingProblemDetail } from '../api/training.js';
import { useTrainingShell } from '../components/TrainingContext.js';

/**
 * /training/:trainingID/problem/:problemID (doc 2 §2.2 training variant): the practice workspace in the training
 * scope — the problem by display id, submissions carrying the tid (practice submissions too, so polling and My
 * Submission are the practice ones); a verdict refreshes the training's progress, list and rank. In a group's
 * training the group's submissions list My Submission, and the /full-screen address opens in focus mode with the
 * training's problem strip.
 */
export default function TrainingProblemPage() {
  const { t } = useTranslation('training');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { pathname } = useLocation();
  const { problemID = '' } = useParams();
  const { training: tr, base, gid } = useTrainingShell();
  const { data, isLoading, isError } = useTrainingProblemDetail(tr.id, problemID);

  if (isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (isError || !data) {
    return (
      <Result
        status="404"
        title={t('Problem_load_failed')}
        extra={<Button onClick={() => navigate(`${base}/problems`)}>{t('Back_to_problems')}</Button>}
      />
    );
  }
  return (
    <ProblemWorkspace
      detail={data}
      showDiscussion={false}
      key={pathname}
      scope={{ tid: tr.id, gid }}
      startFocused={pathname.endsWith('/full-screen')}
      strip={{ tid: tr.id, base, current: problemID }}
      onJudged={() => void qc.invalidateQueries({ queryKey: trainingKeys.all })}
    />
  );
}
