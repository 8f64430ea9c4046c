import { Button, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useWebsiteConfig } from '../../config/api/get-website-config.js';
import { useProblemDetail } from '../api/problem-detail.js';
import { ProblemWorkspace } from '../components/ProblemWorkspace.js';

/** antd's Result, loaded only for a problem that failed to load. */
const Result = lazy(() => import('antd/es/result/index.js'));

/**
 * /problem/:problemID (doc 2 §2.2; footer hidden): the practice problem in the shared workspace (statement,
 * My Submission, annex, editor, focus mode). When the problem fails to load, nothing can be submitted or test-run.
 */
export default function ProblemDetailPage() {
  const { t } = useTranslation('problem');
  const navigate = useNavigate();
  const { problemID = '' } = useParams();
  const config = useWebsiteConfig();
  const { data, isLoading, isError } = useProblemDetail(problemID);

  if (isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (isError || !data) {
    return (
      <Suspense fallback={null}>
        <Result
          status="404"
          title={t('Problem_load_failed')}
          extra={<Button onClick={() => navigate('/problem')}>{t('Back_to_list')}</Button>}
        />
      </Suspense>
    );
  }
  return <ProblemWorkspace detail={data} showDiscussion={config.openPublicDiscussion} />;
}
