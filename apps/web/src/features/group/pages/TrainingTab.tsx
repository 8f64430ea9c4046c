import type { AdminTrainingVo, TrainingVo } from '@oj/shared';
import { Card, Input, Result, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rowOpens } from '../../../lib/row-link.js';
import { useSession } from '../../../lib/session.js';
import { TrainingEditor } from '../../admin-training/pages/TrainingEditPage.js';
import { TrainingAdminList } from '../../admin-training/pages/TrainingListPage.js';
import { TrainingProblemsAdmin } from '../../admin-training/pages/TrainingProblemsPage.js';
import { useTrainingColumns } from '../../training/components/TrainingColumns.js';
import { useGroupTrainings } from '../api/group-content.js';
import { GroupAdminViews, useGroupView } from '../components/AdminViews.js';
import { useGroupShell } from '../components/GroupContext.js';

const PAGE_SIZE = 15;

/** The members' list of the group's visible trainings (the site list's columns); a row opens it in the group. */
function MemberTrainingList() {
  const { t } = useTranslation(['group', 'training']);
  const navigate = useNavigate();
  const { gid } = useGroupShell();
  const [currentPage, setPage] = useState(1);
  const [keyword, setKeyword] = useState<string | undefined>();
  const { data, isLoading } = useGroupTrainings(gid, { currentPage, limit: PAGE_SIZE, keyword });
  const columns = useTrainingColumns(true, (r) => `/group/${gid}/training/${r.id}`);
  return (
    <Card
      title={t('tab.training')}
      extra={
        <Input.Search
          allowClear
          placeholder={t('training:Keyword')}
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPage(1);
          }}
          style={{ width: 180 }}
        />
      }
    >
      <Table<TrainingVo>
        rowKey="id"
        size="middle"
        loading={isLoading}
        dataSource={data?.records ?? []}
        data-testid="group-training-list"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('training:No_training') }}
        onRow={rowOpens((r) => navigate(`/group/${gid}/training/${r.id}`))}
        pagination={{
          current: currentPage,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={columns}
      />
    </Card>
  );
}

/**
 * The group trainings tab (doc 3 §2): members see the group's trainings (a row opens /group/:gid/training/:tid); its
 * admins also get Create and Training Admin — the site's training admin list, form and training problem list in
 * the group's scope (with add-from-group). A group root or the training's author manages a training.
 */
export default function TrainingTab() {
  const { t } = useTranslation('group');
  const { userInfo } = useSession();
  const { gid, access } = useGroupShell();
  const { view, id } = useGroupView();
  const admin = access.isGroupAdmin;
  const canManage = (r: AdminTrainingVo) => access.isGroupRoot || r.uid === userInfo?.uid;
  const tid = id('tid');
  const body =
    view === 'list' ? (
      <MemberTrainingList />
    ) : !admin ? (
      <Result status="403" title={t('Admins_only')} />
    ) : view === 'create' ? (
      <TrainingEditor tid={null} />
    ) : view === 'edit' && tid != null ? (
      <TrainingEditor key={tid} tid={tid} />
    ) : view === 'problems' && tid != null ? (
      <TrainingProblemsAdmin tid={tid} />
    ) : (
      <TrainingAdminList canManage={canManage} canDelete={canManage} />
    );
  return (
    <GroupAdminViews gid={gid} tab="training" isAdmin={admin} adminLabel={t('Training_admin')}>
      {body}
    </GroupAdminViews>
  );
}
