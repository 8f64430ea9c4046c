import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton, Tabs, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../../lib/session.js';
import { useWebsiteConfig } from '../../config/api/get-website-config.js';
import { useProblemDetail } from '../api/problem-detail.js';
import { CodePanel } from '../components/CodePanel.js';
import { ProblemAnnex } from '../components/ProblemAnnex.js';
import { ProblemStatement } from '../components/ProblemStatement.js';
import { SplitPane } from '../components/SplitPane.js';

// The My Submission tab (and antd's Table it needs) loads when the tab is first opened.
const MySubmissions = lazy(() =>
  import('../components/MySubmissions.js').then((m) => ({ default: m.MySubmissions })),
);

/**
 * /problem/:problemID (doc 2 §2.2; footer hidden): tabs Problem Description / My Submission (login) / Problem
 * Annex (when the problem has extra files) on the left, the editor on the right, a resizable split, and a focus
 * (full-screen) mode. When the problem fails to load, nothing can be submitted or test-run.
 */
export default function ProblemDetailPage() {
  const { t } = useTranslation('problem');
  const navigate = useNavigate();
  const { problemID = '' } = useParams();
  const { token } = useSession();
  const config = useWebsiteConfig();
  const { data, isLoading, isError } = useProblemDetail(problemID);
  const [tab, setTab] = useState('description');
  const [focus, setFocus] = useState(false);

  useEffect(() => {
    if (!focus) return;
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setFocus(false);
    window.addEventListener('keydown', esc);
    return () => window.removeEventListener('keydown', esc);
  }, [focus]);

  if (isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (isError || !data) {
    return (
      <Result
        status="404"
        title={t('Problem_load_failed')}
        extra={<Button onClick={() => navigate('/problem')}>{t('Back_to_list')}</Button>}
      />
    );
  }

  const hasAnnex = (data.problem.userExtraFileNames ?? []).length > 0;
  const left = (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        {
          key: 'description',
          label: t('Problem_Description'),
          children: <ProblemStatement detail={data} showDiscussion={config.openPublicDiscussion} />,
        },
        ...(token
          ? [
              {
                key: 'mine',
                label: t('My_Submission'),
                children: (
                  <Suspense fallback={<Skeleton active />}>
                    <MySubmissions problemId={data.problem.problemId} />
                  </Suspense>
                ),
              },
            ]
          : []),
        ...(hasAnnex
          ? [
              {
                key: 'annex',
                label: t('Problem_Annex'),
                children: <ProblemAnnex files={data.problem.userExtraFile} />,
              },
            ]
          : []),
      ]}
      tabBarExtraContent={
        <Tooltip title={focus ? t('Exit_Focus_Mode') : t('Focus_Mode')}>
          <Button
            type="text"
            icon={focus ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFocus(!focus)}
            aria-label={focus ? t('Exit_Focus_Mode') : t('Focus_Mode')}
            data-testid="focus-toggle"
          />
        </Tooltip>
      }
    />
  );
  const split = (
    <SplitPane
      left={left}
      right={<CodePanel detail={data} />}
      height={focus ? 'calc(100vh - 16px)' : 'calc(100vh - 92px)'}
    />
  );
  if (focus) {
    return (
      <div
        style={{
          position: 'fixed',
          inset: 0,
          zIndex: 1000,
          background: '#f5f6f8',
          padding: 8,
          overflow: 'auto',
        }}
        data-testid="focus-mode"
      >
        {split}
      </div>
    );
  }
  return <div style={{ padding: 12 }}>{split}</div>;
}
