import { ContestType } from '@oj/shared';
import { Card, Empty, Pagination, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session.js';
import type { AdminContestListItem } from '../../admin-contest/api/admin-contest.js';
import { ContestAnnouncementsAdmin } from '../../admin-contest/pages/ContestAnnouncementsPage.js';
import { ContestEditor } from '../../admin-contest/pages/ContestEditPage.js';
import { ContestAdminList } from '../../admin-contest/pages/ContestListPage.js';
import { ContestProblemsAdmin } from '../../admin-contest/pages/ContestProblemsPage.js';
import { ProblemEditor } from '../../admin-problem/pages/ProblemEditPage.js';
import { ContestRows } from '../../contest/components/ContestRows.js';
import { useGroupContests } from '../api/group-content.js';
import { GroupAdminViews, useGroupView } from '../components/AdminViews.js';
import { useGroupShell } from '../components/GroupContext.js';

const PAGE_SIZE = 10;

/** The members' list of the group's contests (the site list's rows); a title opens the contest (/contest/:cid). */
function MemberContestList() {
  const { t } = useTranslation(['group', 'contest']);
  const navigate = useNavigate();
  const { gid } = useGroupShell();
  const [currentPage, setPage] = useState(1);
  const { data, isLoading } = useGroupContests(gid, { currentPage, limit: PAGE_SIZE });
  return (
    <Card title={t('tab.contest')} data-testid="group-contest-list">
      {isLoading ? (
        <Spin style={{ display: 'block', margin: 24 }} />
      ) : !data?.records.length ? (
        <Empty description={t('contest:No_contest')} />
      ) : (
        <ContestRows
          contests={data.records}
          onOpen={(c) => navigate(`/contest/${c.id}`)}
          onBoard={(c) => navigate(`/contest/${c.type === ContestType.OI ? 'oi' : 'acm'}-scoreboard/${c.id}`)}
        />
      )}
      <Pagination
        style={{ marginTop: 12, textAlign: 'right' }}
        current={currentPage}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        hideOnSinglePage
        onChange={setPage}
      />
    </Card>
  );
}

/**
 * The group contests tab (doc 3 §2): members see the group's contests (they open in the contest pages); its admins
 * also get Create and Contest Admin — the site's contest admin list, contest form, contest problem list (with
 * add-from-group), contest-problem form and announcement list in the group's scope. A group root or the contest's
 * creator manages a contest (doc 3 §6).
 */
export default function ContestTab() {
  const { t } = useTranslation('group');
  const { userInfo } = useSession();
  const { gid, access } = useGroupShell();
  const { view, id } = useGroupView();
  const admin = access.isGroupAdmin;
  const canManage = (r: AdminContestListItem) => access.isGroupRoot || r.uid === userInfo?.uid;
  const cid = id('cid');
  const pid = id('pid');
  const body =
    view === 'list' ? (
      <MemberContestList />
    ) : !admin ? (
      <Result status="403" title={t('Admins_only')} />
    ) : view === 'create' ? (
      <ContestEditor cid={null} editing={false} />
    ) : cid == null ? (
      <ContestAdminList canManage={canManage} />
    ) : view === 'edit' ? (
      <ContestEditor key={cid} cid={cid} editing />
    ) : view === 'problems' ? (
      <ContestProblemsAdmin cid={cid} />
    ) : view === 'announcements' ? (
      <ContestAnnouncementsAdmin cid={cid} />
    ) : view === 'problem-create' ? (
      <ProblemEditor pid={null} cid={cid} editing={false} />
    ) : view === 'problem-edit' ? (
      <ProblemEditor key={pid ?? 0} pid={pid} cid={cid} editing />
    ) : (
      <ContestAdminList canManage={canManage} />
    );
  return (
    <GroupAdminViews gid={gid} tab="contest" isAdmin={admin} adminLabel={t('Contest_admin')}>
      {body}
    </GroupAdminViews>
  );
}
