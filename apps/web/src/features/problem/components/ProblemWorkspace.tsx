import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Skeleton, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineTabs } from '../../../components/LineTabs.js';
import { useSession } from '../../../lib/session.js';
import type { ProblemDetailResponse } from '../api/types.js';
import { CodePanel, type CodePanelProps } from './CodePanel.js';
import { FocusProblemStrip, type FocusProblemStripProps, STRIP_HEIGHT } from './FocusProblemStrip.js';
import { ProblemStatement } from './ProblemStatement.js';
import { SplitPane } from './SplitPane.js';

// The My Submission tab (and antd's Table it needs) loads when the tab is first opened.
/** The annex tab's list (antd Collapse), loaded with the tab. */
const ProblemAnnex = lazy(() => import('./ProblemAnnex.js').then((m) => ({ default: m.ProblemAnnex })));
const MySubmissions = lazy(() => import('./MySubmissions.js').then((m) => ({ default: m.MySubmissions })));

export interface ProblemWorkspaceProps extends Omit<CodePanelProps, 'detail'> {
  detail: ProblemDetailResponse;
  /** Show the Problem Discussion link (never inside a contest, doc 2 §2.2). */
  showDiscussion: boolean;
  /** Solutions link target; the practice status page by default. */
  solutionsPath?: string;
  /** Discussion link target; the public discussions of the problem by default. */
  discussionPath?: string;
  /** Open in focus mode (the full-screen routes, doc 1 §2.1). */
  startFocused?: boolean;
  /** In a contest or training: the focus-mode problem strip's scope (doc 2 §2.2). */
  strip?: FocusProblemStripProps;
}

/**
 * The problem page body of doc 2 §2.2, shared by practice and contest pages: tabs Problem Description / My
 * Submission (login) / Problem Annex (when the problem has extra files) on the left, the editor on the right, a
 * resizable split and a focus (full-screen) mode left with Escape; in focus mode a contest's or training's page
 * shows the problem strip (`strip`) under the split. `scope` (e.g. a contest's cid) flows to the
 * editor's submit and polling and to the My Submission list.
 */
export function ProblemWorkspace({
  detail,
  showDiscussion,
  solutionsPath,
  discussionPath,
  startFocused = false,
  strip,
  ...panel
}: ProblemWorkspaceProps) {
  const { t } = useTranslation('problem');
  const { token } = useSession();
  const [tab, setTab] = useState('description');
  const [focus, setFocus] = useState(startFocused);

  useEffect(() => {
    if (!focus) return;
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setFocus(false);
    window.addEventListener('keydown', esc);
    return () => window.removeEventListener('keydown', esc);
  }, [focus]);

  const hasAnnex = (detail.problem.userExtraFileNames ?? []).length > 0;
  const left = (
    <LineTabs
      activeKey={tab}
      onChange={setTab}
      items={[
        {
          key: 'description',
          label: t('Problem_Description'),
          children: (
            <ProblemStatement
              detail={detail}
              showDiscussion={showDiscussion}
              solutionsPath={solutionsPath}
              discussionPath={discussionPath}
            />
          ),
        },
        ...(token
          ? [
              {
                key: 'mine',
                label: t('My_Submission'),
                children: (
                  <Suspense fallback={<Skeleton active />}>
                    <MySubmissions
                      problemId={detail.problem.problemId}
                      cid={panel.scope?.cid}
                      gid={panel.scope?.gid}
                    />
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
                children: (
                  <Suspense fallback={<Skeleton active />}>
                    <ProblemAnnex files={detail.problem.userExtraFile} />
                  </Suspense>
                ),
              },
            ]
          : []),
      ]}
      extra={
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
      right={<CodePanel detail={detail} {...panel} />}
      height={focus ? `calc(100vh - ${16 + (strip ? STRIP_HEIGHT : 0)}px)` : 'calc(100vh - 92px)'}
    />
  );
  if (focus) {
    return (
      <div
        style={{
          position: 'fixed',
          inset: 0,
          zIndex: 1000,
          background: 'var(--oj-bg-page)',
          padding: 8,
          overflow: 'auto',
        }}
        data-testid="focus-mode"
      >
        {split}
        {strip && <FocusProblemStrip {...strip} />}
      </div>
    );
  }
  return <div style={{ padding: 12 }}>{split}</div>;
}
