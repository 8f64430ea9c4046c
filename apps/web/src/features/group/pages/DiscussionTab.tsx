import { ArrowLeftOutlined, SettingOutlined } from '@ant-design/icons';
import { LIMITS } from '@oj/shared';
import { Button, Card, Result } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { DiscussionAdminTable } from '../../admin-discussion/components/DiscussionAdminTable.js';
import { useDeleteDiscussion } from '../../discussion/api/discussion.js';
import DiscussionListPage from '../../discussion/pages/DiscussionListPage.js';
import { useGroupAdminDiscussions, useToggleGroupDiscussion } from '../api/group-discussion.js';
import { useGroupView } from '../components/AdminViews.js';
import { useGroupShell } from '../components/GroupContext.js';
import { GroupDiscussionScope } from '../components/GroupDiscussionScope.js';

/**
 * The group's Discussion Admin (doc 3 "Group discussions": id, title, author, likes, views, created time, status
 * select Normal / Disable, top switch, delete and view), the back office's table on the group's calls:
 * GET /api/group/get-admin-discussion-list (disabled ones too), PUT /api/group/discussion {id, status | topPriority},
 * DELETE /api/group/discussion. Of one problem's discussions when opened from them.
 */
function GroupDiscussionAdmin({ gid, pid }: { gid: number; pid?: string }) {
  const { t } = useTranslation('group');
  const [, setSp] = useSearchParams();
  const [page, setPage] = useState(1);
  const limit = LIMITS.discussionPageSize;
  const q = useGroupAdminDiscussions(gid, { currentPage: page, limit, ...(pid ? { pid } : {}) });
  const toggle = useToggleGroupDiscussion();
  const remove = useDeleteDiscussion(gid);
  return (
    <Card
      title={t('Discussion_admin')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => setSp({})} data-testid="group-discussion-back">
          {t('Back_to_list')}
        </Button>
      }
    >
      <DiscussionAdminTable
        data={q.data}
        loading={q.isLoading}
        page={page}
        pageSize={limit}
        onPage={setPage}
        onToggle={toggle.mutateAsync}
        onDelete={remove.mutateAsync}
        view={(id) => ({ to: `/group/${gid}/discussion-detail/${id}` })}
        testId="group-discussion-admin-table"
      />
    </Card>
  );
}

/**
 * /group/:gid/discussion and /group/:gid/discussion/:problemID (doc 3 §2 group discussions; the group-discussion
 * switch): the discussion list in the group's scope — the group's discussions, new posts in the group — and, for
 * the group's admins and super admins (the group access the shell loaded), the Discussion Admin toggle
 * (`?view=admin`) switching to the admin table.
 */
export default function DiscussionTab() {
  const { t } = useTranslation('group');
  const { gid, access } = useGroupShell();
  const pid = useParams().problemID;
  const { view } = useGroupView();
  const [, setSp] = useSearchParams();
  const admin = access.isGroupAdmin;
  let body: ReactNode;
  if (view !== 'admin') {
    body = (
      <DiscussionListPage
        extra={
          admin && (
            <Button
              icon={<SettingOutlined />}
              onClick={() => setSp({ view: 'admin' })}
              data-testid="group-discussion-admin"
            >
              {t('Discussion_admin')}
            </Button>
          )
        }
      />
    );
  } else if (!admin) {
    body = <Result status="403" title={t('Admins_only')} />;
  } else {
    body = <GroupDiscussionAdmin gid={gid} pid={pid} />;
  }
  return <GroupDiscussionScope>{body}</GroupDiscussionScope>;
}
