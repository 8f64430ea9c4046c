import { DownOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Grid, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useWebsiteConfig } from '../../features/config/api/get-website-config.js';
import { toggleLanguage } from '../../lib/i18n.js';
import { session, useSession } from '../../lib/session.js';
import { NavDrawer, NavPopover } from './NavLazy.js';
import { navActiveKey, navEntries } from './nav-entries.js';
import { activeMenuKey } from './nav-items.js';

const UserMenus = lazy(() => import('./UserMenus.js'));

const linkStyle = (active: boolean): React.CSSProperties => ({
  height: 60,
  display: 'inline-flex',
  alignItems: 'center',
  padding: '0 14px',
  cursor: 'pointer',
  color: active ? 'var(--oj-primary)' : 'var(--oj-text)',
  borderBottom: active ? '2px solid var(--oj-primary)' : '2px solid transparent',
  boxSizing: 'border-box',
  whiteSpace: 'nowrap',
  background: 'none',
  border: 'none',
  borderBlockEnd: active ? '2px solid var(--oj-primary)' : '2px solid transparent',
  fontSize: 14,
});

/**
 * Top navigation (doc 1 §2.3) in the mode the address calls for (`navEntries`: default, contest, training or
 * group), the active entry from `navActiveKey`; user and message menus when logged in, Login / Register (when registration is on)
 * otherwise; under 992 px a drawer with the same entries. The logo and short name are a button that toggles the
 * language (by keyboard too).
 */
export function NavBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const config = useWebsiteConfig();
  const { userInfo, roles, token } = useSession();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? true;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const loggedIn = !!token && !!userInfo;
  const nav = navEntries(pathname, roles, loggedIn, config);
  const entries = nav.entries;
  const active = navActiveKey(nav, pathname, activeMenuKey(pathname));
  const go = (key: string) => {
    setDrawerOpen(false);
    navigate(key);
  };

  const brand = (
    <button
      type="button"
      className="oj-plain-button"
      onClick={toggleLanguage}
      title={t('Toggle_language')}
      style={{
        fontWeight: 700,
        fontSize: 20,
        color: 'var(--oj-primary)',
        whiteSpace: 'nowrap',
        marginRight: 16,
      }}
      data-testid="brand"
    >
      {/* The logo drawn inline (as in index.html's boot shell and favicon): no request of its own. */}
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 64 64"
        width={28}
        height={28}
        aria-hidden="true"
        style={{ verticalAlign: 'middle', marginRight: 8 }}
      >
        <rect width="64" height="64" rx="12" fill="#1677ff" />
        <text
          x="32"
          y="42"
          fontFamily="monospace"
          fontSize="28"
          fontWeight="bold"
          textAnchor="middle"
          fill="#fff"
        >
          OJ
        </text>
      </svg>
      {config.shortName}
    </button>
  );

  const guest = (
    <Space>
      <Button
        type="primary"
        ghost
        onClick={() => {
          setDrawerOpen(false);
          session.openLoginModal('Login');
        }}
        data-testid="open-login"
      >
        {t('Login')}
      </Button>
      {config.register && (
        <Button
          onClick={() => {
            setDrawerOpen(false);
            session.openLoginModal('Register');
          }}
          data-testid="open-register"
        >
          {t('Register')}
        </Button>
      )}
    </Space>
  );

  if (!wide) {
    return (
      <header style={headerStyle}>
        <Button
          type="text"
          icon={<MenuOutlined />}
          onClick={() => setDrawerOpen(true)}
          aria-label={t('Menu')}
          data-testid="nav-drawer-button"
        />
        {brand}
        <NavDrawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={260}
          title={config.shortName}
          styles={{ body: { padding: '8px 0' } }}
        >
          {entries
            .flatMap((e) => e.children ?? [e])
            .map((e) => (
              <Button
                key={e.key}
                type="text"
                block
                onClick={() => go(e.key)}
                style={{
                  justifyContent: 'flex-start',
                  color: active === e.key ? 'var(--oj-primary)' : undefined,
                }}
              >
                {t(e.label)}
              </Button>
            ))}
          <div style={{ borderTop: '1px solid var(--oj-border-split)', marginTop: 8, paddingTop: 8 }}>
            {loggedIn ? (
              <Suspense fallback={null}>
                <UserMenus vertical onNavigate={() => setDrawerOpen(false)} />
              </Suspense>
            ) : (
              <div style={{ padding: '0 16px' }}>{guest}</div>
            )}
          </div>
        </NavDrawer>
      </header>
    );
  }

  return (
    <header style={headerStyle}>
      {brand}
      <nav style={{ display: 'flex', flex: 1, minWidth: 0, overflow: 'hidden' }} data-testid="top-nav">
        {entries.map((e) =>
          e.children ? (
            <NavPopover
              key={e.key}
              placement="bottom"
              arrow={false}
              content={
                <div style={{ display: 'flex', flexDirection: 'column' }}>
                  {e.children.map((c) => (
                    <Button
                      key={c.key}
                      type="text"
                      onClick={() => go(c.key)}
                      style={{ justifyContent: 'flex-start' }}
                    >
                      {t(c.label)}
                    </Button>
                  ))}
                </div>
              }
            >
              <button type="button" style={linkStyle(active === e.key)}>
                {t(e.label)} <DownOutlined style={{ fontSize: 10, marginLeft: 4 }} />
              </button>
            </NavPopover>
          ) : (
            <button type="button" key={e.key} style={linkStyle(active === e.key)} onClick={() => go(e.key)}>
              {t(e.label)}
            </button>
          ),
        )}
      </nav>
      {loggedIn ? (
        <Suspense fallback={null}>
          <UserMenus />
        </Suspense>
      ) : (
        guest
      )}
    </header>
  );
}

const headerStyle: React.CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  height: 60,
  padding: '0 20px',
  background: 'var(--oj-bg-container)',
  boxShadow: '0 1px 4px var(--oj-shadow)',
  position: 'sticky',
  top: 0,
  zIndex: 100,
  gap: 8,
};
