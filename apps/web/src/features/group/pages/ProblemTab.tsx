import { ApplyPublicProgress, type ProblemListItem } from '@oj/shared';
import { Button, Card, Input, Popconfirm, Result, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/notify.js';
import { useSession } from '../../../lib/session.js';
import type { AdminProblemRow } from '../../admin-problem/api/admin-problem.js';
import { ProblemEditor } from '../../admin-problem/pages/ProblemEditPage.js';
import { ProblemAdminList } from '../../admin-problem/pages/ProblemListPage.js';
import { DifficultyTag } from '../../problem/components/DifficultyTag.js';
import { acRate } from '../../problem/lib/problem-math.js';
import { useApplyPublic, useGroupProblems } from '../api/group-content.js';
import { GroupAdminViews, useGroupView } from '../components/AdminViews.js';
import { useGroupShell } from '../components/GroupContext.js';

const PAGE_SIZE = 15;

/** The members' list of the group's public problems: id, title (opens the problem in the group), level, AC rate. */
function MemberProblemList() {
  const { t } = useTranslation(['group', 'problem']);
  const { gid } = useGroupShell();
  const [currentPage, setPage] = useState(1);
  const [keyword, setKeyword] = useState<string | undefined>();
  const { data, isFetching } = useGroupProblems(gid, { currentPage, limit: PAGE_SIZE, keyword });
  return (
    <Card
      title={t('tab.problem')}
      styles={{ body: { padding: 0 } }}
      extra={
        <Input.Search
          allowClear
          placeholder={t('problem:Enter_keyword')}
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPage(1);
          }}
          style={{ width: 180 }}
        />
      }
    >
      <Table<ProblemListItem>
        rowKey="pid"
        size="middle"
        loading={isFetching && !data}
        dataSource={data?.records ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="group-problem-list"
        pagination={{
          current: currentPage,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
          style: { padding: '0 12px' },
        }}
        columns={[
          { title: t('problem:Problem_ID'), dataIndex: 'problemId', width: 130 },
          {
            title: t('problem:Title'),
            dataIndex: 'title',
            render: (title: string, r) => (
              <Link
                to={`/group/${gid}/problem/${encodeURIComponent(r.problemId)}`}
                data-testid="group-problem-link"
              >
                {title}
              </Link>
            ),
          },
          {
            title: t('problem:Level'),
            dataIndex: 'difficulty',
            render: (d: number) => <DifficultyTag difficulty={d} />,
          },
          { title: t('problem:AC_Rate'), key: 'rate', render: (_: unknown, r) => acRate(r.ac, r.total) },
          { title: t('problem:Total'), dataIndex: 'total', responsive: ['sm'] },
        ]}
      />
    </Card>
  );
}

/**
 * The apply-to-public action of a group problem (doc 3 §4): none or refused -> Apply (confirmed), applying ->
 * Cancel (confirmed), public -> an "already public" tag.
 */
function ApplyPublic({ r }: { r: AdminProblemRow }) {
  const { t } = useTranslation('group');
  const { gid } = useGroupShell();
  const apply = useApplyPublic(gid);
  const progress = r.applyPublicProgress ?? null;
  if (progress === ApplyPublicProgress.PUBLIC) return <Tag color="green">{t('Already_public')}</Tag>;
  const applying = progress === ApplyPublicProgress.APPLYING;
  return (
    <Popconfirm
      title={applying ? t('Cancel_apply_public_confirm') : t('Apply_public_confirm')}
      okText={t('common:Confirm')}
      cancelText={t('common:Cancel')}
      onConfirm={() =>
        apply.mutate(
          { pid: r.id, isApplied: !applying },
          {
            onSuccess: () => notify.success(applying ? t('Apply_public_withdrawn') : t('Apply_public_sent')),
          },
        )
      }
    >
      <Tooltip title={progress === ApplyPublicProgress.REFUSED ? t('Apply_public_refused') : undefined}>
        <Button size="small" danger={applying} data-testid="group-apply-public">
          {applying ? t('Cancel_apply_public') : t('Apply_public')}
        </Button>
      </Tooltip>
    </Popconfirm>
  );
}

/**
 * The group problems tab (doc 3 §2): members see the group's public problems; its admins also get Create and
 * Problem Admin — the site's admin problem list and problem form in the group's scope (edit, delete and the auth
 * select for a group root or the problem's author; apply-to-public per problem).
 */
export default function ProblemTab() {
  const { t } = useTranslation('group');
  const { userInfo } = useSession();
  const { gid, access } = useGroupShell();
  const { view, id } = useGroupView();
  const admin = access.isGroupAdmin;
  const canManage = (r: AdminProblemRow) => access.isGroupRoot || r.author === userInfo?.username;
  const body =
    view === 'list' ? (
      <MemberProblemList />
    ) : !admin ? (
      <Result status="403" title={t('Admins_only')} />
    ) : view === 'create' ? (
      <ProblemEditor pid={null} editing={false} />
    ) : view === 'edit' ? (
      <ProblemEditor pid={id('pid')} editing />
    ) : (
      <ProblemAdminList
        canManage={canManage}
        rowActions={(r) => (canManage(r) ? <ApplyPublic r={r} /> : null)}
      />
    );
  return (
    <GroupAdminViews gid={gid} tab="problem" isAdmin={admin} adminLabel={t('Problem_admin')}>
      {body}
    </GroupAdminViews>
  );
}
