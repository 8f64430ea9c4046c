import { GlobalOutlined, HomeOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Drawer, Grid, Layout, Menu, Space, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { PageLoading } from '../../components/PageLoading.js';
import { ThemeSwitch } from '../../components/ThemeSwitch.js';
import { logout } from '../../features/account/api/session.js';
import { adminMenu, selectedMenuPath } from '../../features/admin/menu.js';
import { toggleLanguage } from '../../lib/i18n.js';
import { isSuperAdminRoles, useSession } from '../../lib/session.js';
import type { RouteMeta } from '../route-types.js';
import { useSessionSync } from './useSessionSync.js';

// i18n-namespace: admin
/** Namespaces of the side-menu labels (`ns:key`; plain keys are in `admin`), loaded with the layout. */
const MENU_NAMESPACES = [
  'admin',
  ...new Set(adminMenu.filter((e) => e.label.includes(':')).map((e) => e.label.split(':')[0])),
];

/**
 * The admin back office's layout (doc 3): side menu (a drawer under 992 px), a header with the user, the
 * language toggle, the theme picker (issue 28), a link to the site and logout. The route guard already required an
 * admin role.
 */
export default function AdminLayout() {
  const { t } = useTranslation(MENU_NAMESPACES);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { userInfo, roles } = useSession();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? true;
  const [drawer, setDrawer] = useState(false);
  useSessionSync();

  const superAdmin = isSuperAdminRoles(roles);
  const items = adminMenu
    .filter((e) => !e.superAdmin || superAdmin)
    .map((e) => ({ key: e.path, icon: e.icon, label: t(e.label) }));
  const selected = selectedMenuPath(adminMenu, pathname);
  // The deepest route's own title (an edit page), else the lit menu entry's label.
  const routeTitle = useMatches()
    .map((m) => (m.handle as RouteMeta | undefined)?.title)
    .filter(Boolean)
    .pop();
  const title = routeTitle ?? adminMenu.find((e) => e.path === selected)?.label ?? 'Dashboard';
  const menu = (
    <Menu
      mode="inline"
      theme="dark"
      selectedKeys={selected ? [selected] : []}
      items={items}
      onClick={({ key }) => {
        setDrawer(false);
        navigate(key);
      }}
    />
  );
  const onLogout = async () => {
    await logout(true);
    navigate('/admin/login');
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {wide ? (
        <Layout.Sider width={220}>
          <div
            style={{ color: 'var(--oj-text-on-color)', fontSize: 18, fontWeight: 700, padding: '18px 24px' }}
          >
            {t('Back_office')}
          </div>
          {menu}
        </Layout.Sider>
      ) : (
        <Drawer
          open={drawer}
          onClose={() => setDrawer(false)}
          placement="left"
          width={240}
          styles={{ body: { padding: 0, background: 'var(--oj-admin-sider)' } }}
          title={t('Back_office')}
        >
          {menu}
        </Drawer>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: 'var(--oj-bg-container)',
            padding: '0 16px',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            boxShadow: '0 1px 4px var(--oj-shadow)',
          }}
        >
          {!wide && (
            <Button
              type="text"
              icon={<MenuOutlined />}
              onClick={() => setDrawer(true)}
              aria-label={t('common:Menu')}
            />
          )}
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }} data-testid="admin-title">
            {t(title)}
          </Typography.Text>
          <Space style={{ marginLeft: 'auto' }} size={wide ? 'middle' : 'small'}>
            <Button
              type="text"
              icon={<GlobalOutlined />}
              onClick={toggleLanguage}
              data-testid="admin-language"
            >
              {wide && t('common:Language')}
            </Button>
            {wide && <ThemeSwitch />}
            <Button type="text" icon={<HomeOutlined />} onClick={() => window.location.assign('/home')}>
              {wide && t('Site_home')}
            </Button>
            <Space size={6} data-testid="admin-user">
              <Avatar size="small" src={userInfo?.avatar || undefined} icon={<UserOutlined />} />
              {wide && <span>{userInfo?.username}</span>}
            </Space>
            <Button
              type="text"
              icon={<LogoutOutlined />}
              onClick={() => void onLogout()}
              aria-label={t('common:Logout')}
            >
              {wide && t('common:Logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: wide ? 24 : 12 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
