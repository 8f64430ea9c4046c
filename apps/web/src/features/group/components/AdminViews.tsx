import { ArrowLeftOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminScopeProvider, groupAdminScope } from '../../../lib/admin-scope.js';

/** The view of a group tab (doc 3 §2: list, admin list, create, edit…), from the `view` query parameter. */
export function useGroupView(): { view: string; id: (name: string) => number | null } {
  const [sp] = useSearchParams();
  return {
    view: sp.get('view') ?? 'list',
    id: (name) => {
      const v = sp.get(name);
      return v && /^\d+$/.test(v) ? Number(v) : null;
    },
  };
}

/**
 * The admin buttons above a group's problem, training or contest tab (doc 3 §2: Create on the members' list, the
 * admin list and Back switching between the views; the admin list has its own Create), and the admin pages below them in the group's admin scope (lib/admin-scope), so the
 * site's admin lists and forms call the group's routes and move between the group's views.
 */
export function GroupAdminViews({
  gid,
  tab,
  isAdmin,
  adminLabel,
  children,
}: {
  gid: number;
  /** The tab's route segment: problem, training or contest. */
  tab: string;
  isAdmin: boolean;
  /** The label of the admin list button (Problem Admin, Training Admin, Contest Admin). */
  adminLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('group');
  const [, setSp] = useSearchParams();
  const { view } = useGroupView();
  const scope = groupAdminScope(gid);
  return (
    <AdminScopeProvider value={scope}>
      {isAdmin && (
        <Space wrap style={{ marginBottom: 12 }} data-testid={`group-${tab}-admin-bar`}>
          {view === 'list' && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setSp({ view: 'create' })}
              data-testid={`group-${tab}-create`}
            >
              {t('Create')}
            </Button>
          )}
          {view !== 'admin' && (
            <Button
              icon={<SettingOutlined />}
              onClick={() => setSp({ view: 'admin' })}
              data-testid={`group-${tab}-admin`}
            >
              {adminLabel}
            </Button>
          )}
          {view !== 'list' && (
            <Button icon={<ArrowLeftOutlined />} onClick={() => setSp({})} data-testid={`group-${tab}-back`}>
              {t('Back_to_list')}
            </Button>
          )}
        </Space>
      )}
      {children}
    </AdminScopeProvider>
  );
}
