import { TeamOutlined } from '@ant-design/icons';
import { Avatar, Button, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { isSuperAdminRoles, useSession } from '../../../lib/session.js';
import { useWebsiteConfig } from '../../config/api/get-website-config.js';
import { useForgetGroupOnLeave } from '../api/forget.js';
import { useGroupAccess, useGroupDetail } from '../api/group.js';
import type { GroupShellContext } from '../components/GroupContext.js';
import { GroupAuthTag, HiddenTag } from '../components/GroupTags.js';
import { groupTabOf, groupTabs, isGroupProblemPage } from '../lib/tabs.js';
import './group.css';

/**
 * /group/:groupID (doc 3 §2; login): the group's header (avatar, name, auth and Hidden tags, brief) and its tabs,
 * the tab's page below with the group and the viewer's standing in the outlet context. Tabs other than home,
 * announcements and setting are disabled until the viewer is a member; problem pages are drawn bare (the whole
 * width for the editor). A group the viewer may not see answers 404. Leaving drops the group's cached data.
 */
export default function GroupShellPage() {
  const { t } = useTranslation('group');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const gid = Number(useParams().groupID);
  const { roles } = useSession();
  const config = useWebsiteConfig();
  const detail = useGroupDetail(gid);
  const access = useGroupAccess(gid, !!detail.data);
  useForgetGroupOnLeave(gid);

  if (detail.isLoading || (detail.data && access.isLoading))
    return <Skeleton active style={{ padding: 24 }} />;
  if (detail.isError || !detail.data) {
    return (
      <div data-testid="group-load-failed">
        <Result
          status="404"
          title={t('Group_load_failed')}
          extra={<Button onClick={() => navigate('/group')}>{t('Back_to_list')}</Button>}
        />
      </div>
    );
  }
  const g = detail.data;
  const superAdmin = isSuperAdminRoles(roles);
  const acc = access.data ?? {
    access: superAdmin,
    level: 0,
    isGroupAdmin: superAdmin,
    isGroupRoot: superAdmin,
    isOwner: false,
  };
  const ctx: GroupShellContext = { gid, group: g, access: acc };
  const tabs = groupTabs({
    member: acc.access,
    isGroupAdmin: acc.isGroupAdmin,
    isGroupRoot: acc.isGroupRoot,
    openGroupDiscussion: config.openGroupDiscussion,
  });
  const active = groupTabOf(pathname);
  const current = tabs.find((k) => k.key === active);

  if (isGroupProblemPage(pathname)) {
    return acc.access ? (
      <Outlet context={ctx} />
    ) : (
      <div data-testid="group-members-only">
        <Result status="403" title={t('Members_only')} />
      </div>
    );
  }
  return (
    <div className="oj-page" data-testid="group-shell">
      <section
        style={{
          background: 'var(--oj-bg-container)',
          borderRadius: 8,
          padding: '16px 16px 0',
          marginBottom: 12,
        }}
        data-testid="group-header"
      >
        <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <Avatar size={48} shape="square" src={g.avatar || undefined} icon={<TeamOutlined />} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Space wrap size={[8, 4]}>
              <Typography.Title
                level={3}
                style={{ margin: 0, wordBreak: 'break-word' }}
                data-testid="group-name"
              >
                {g.name}
              </Typography.Title>
              <GroupAuthTag auth={g.auth} />
              {!g.visible && <HiddenTag />}
            </Space>
            <div style={{ color: 'var(--oj-text-secondary)', wordBreak: 'break-word' }}>{g.brief}</div>
          </div>
        </div>
        <Tabs
          activeKey={active}
          onChange={(k) => navigate(k === 'home' ? `/group/${gid}` : `/group/${gid}/${k}`)}
          items={tabs.map(({ key, disabled }) => ({
            key,
            disabled,
            label: <span data-testid={`group-tab-${key}`}>{t(`tab.${key}`)}</span>,
          }))}
          style={{ marginTop: 8, marginBottom: 0 }}
        />
      </section>
      {!current ? (
        <div data-testid="group-tab-unavailable">
          <Result status="403" title={t('Tab_not_available')} />
        </div>
      ) : current.disabled ? (
        <div data-testid="group-members-only">
          <Result status="403" title={t('Members_only')} />
        </div>
      ) : (
        <div className="oj-group-body">
          <Outlet context={ctx} />
        </div>
      )}
    </div>
  );
}
