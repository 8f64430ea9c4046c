import { ContestStatus } from '@oj/shared';
import { Button, Result, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { isSuperAdminRoles, useSession } from '../../../lib/session.js';
import { useWebsiteConfig } from '../../config/api/get-website-config.js';
import { useContestAccess, useContestInfo } from '../api/contest.js';
import type { ContestShellContext } from '../components/ContestContext.js';
import { ContestHeader } from '../components/ContestHeader.js';
import { ClarificationTabLabel } from '../components/clarification/ClarificationTabLabel.js';
import { phaseAt } from '../lib/clock.js';
import { type ContestTab, menuDisabled, visibleTabs } from '../lib/tabs.js';
import { useContestAnnouncementNotifier } from '../lib/useContestAnnouncementNotifier.js';
import { useContestClarificationNotifier } from '../lib/useContestClarificationNotifier.js';
import { useContestClock } from '../lib/useContestClock.js';

/** Tabs whose pages exist so far; the helpers of the "Contest operations" issue add theirs here. */
const BUILT: ContestTab[] = [
  'overview',
  'problems',
  'submissions',
  'rank',
  'announcements',
  'clarifications',
  'ac-info',
  'rejudge',
  'print',
  'admin-print',
  'scroll-board',
  'comment',
];

/** The tab a path under /contest/:cid belongs to (problem pages highlight Problems). */
function tabOf(path: string): ContestTab {
  const seg = path.split('/')[3] ?? '';
  if (seg === 'problem') return 'problems';
  return (BUILT as string[]).includes(seg) ? (seg as ContestTab) : 'overview';
}

/**
 * /contest/:contestID (doc 2 §2.7; login): the header with clock and countdown, the tabs by the visibility rules
 * (all but Overview disabled while the contest menu is), and the tab page below. The ticking status, access and
 * the after-contest switch reach the tabs through the outlet context; leaving the page drops them.
 */
export default function ContestShellPage() {
  const { t } = useTranslation('contest');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const cid = Number(useParams().contestID);
  const { roles } = useSession();
  const config = useWebsiteConfig();
  const info = useContestInfo(cid);
  const access = useContestAccess(cid, !!info.data);
  const now = useContestClock(info.data);
  const [containsEnd, setContainsEnd] = useState(false);
  // New announcements as notifications while the contest runs and its tabs are open to the viewer (doc 2 §7).
  const acc0 = access.data;
  const live =
    !!info.data &&
    !!acc0 &&
    phaseAt(info.data, now) === ContestStatus.RUNNING &&
    !menuDisabled(info.data, ContestStatus.RUNNING, { isContestAdmin: acc0.isAdmin, access: acc0.access });
  useContestAnnouncementNotifier(cid, live);
  // Clarification answers (issue 10 §3): the tab badge, notices, a 60 s check while running.
  useContestClarificationNotifier(cid, { contest: info.data, access: acc0, now });

  if (info.isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (info.isError || !info.data) {
    return (
      <Result
        status="404"
        title={t('Contest_load_failed')}
        extra={<Button onClick={() => navigate('/contest')}>{t('Back_to_list')}</Button>}
      />
    );
  }
  const c = info.data;
  const acc = access.data ?? { access: false, isAdmin: false, registered: false };
  const phase = phaseAt(c, now);
  const isContestAdmin = acc.isAdmin;
  const disabled = menuDisabled(c, phase, { isContestAdmin, access: acc.access });
  const tabs = visibleTabs(c, {
    isContestAdmin,
    isSuperAdmin: isSuperAdminRoles(roles),
    openContestComment: config.openContestComment,
  }).filter((k) => BUILT.includes(k));
  const ctx: ContestShellContext = { contest: c, access: acc, phase, now, containsEnd, isContestAdmin };
  const active = tabOf(pathname);

  return (
    <div className="oj-page" data-testid="contest-shell">
      <ContestHeader contest={c} now={now} containsEnd={containsEnd} onContainsEnd={setContainsEnd} />
      <Tabs
        activeKey={active}
        onChange={(k) => navigate(k === 'overview' ? `/contest/${cid}` : `/contest/${cid}/${k}`)}
        items={tabs.map((k) => ({
          key: k,
          label:
            k === 'clarifications' ? (
              <ClarificationTabLabel cid={cid} text={t('tab.clarifications')} />
            ) : (
              <span data-testid={`contest-tab-${k}`}>{t(`tab.${k}`)}</span>
            ),
          disabled: k !== 'overview' && disabled,
        }))}
        style={{ background: 'var(--oj-bg-container)', borderRadius: 8, padding: '0 12px', marginBottom: 12 }}
      />
      {active !== 'overview' && disabled ? (
        <Result status="403" title={t('Contest_menu_disabled')} />
      ) : !tabs.includes(active) ? (
        access.isLoading ? (
          <Skeleton active />
        ) : (
          <Result status="403" title={t('Tab_not_available')} />
        )
      ) : (
        <Outlet context={ctx} />
      )}
    </div>
  );
}
