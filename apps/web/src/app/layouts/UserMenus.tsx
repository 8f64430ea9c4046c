import { BellOutlined, CheckOutlined, DownOutlined, UserOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, type MenuProps, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/lean-antd.js';
import { badgeCount, useUnread } from '../../features/message/api/get-unread.js';
import { isAdminRoles, useSession } from '../../lib/session.js';
import { setThemePreference, THEME_PREFERENCES, useThemePreference } from '../../lib/theme.js';
import { MESSAGE_ENTRIES } from './nav-items.js';

/**
 * The signed-in user's menus of doc 1 §2.3 (loaded only once someone is logged in): the message menu with
 * unread badges (capped at 99, a red dot when any is unread; polled every 120 s) and the user menu
 * (/user-home, /status?onlyMine=true, /setting, /admin for admin roles, the theme: light / dark / follow the system
 * (issue 28), /logout). `vertical` lists them for the mobile drawer: the user links, the message links, then Log out
 * (the drawer's theme picker is the footer's).
 */
export default function UserMenus({
  vertical = false,
  onNavigate,
}: {
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo, roles } = useSession();
  const unread = useUnread(userInfo?.uid);
  const themePref = useThemePreference();
  if (!userInfo) return null;

  const total = Object.values(unread).reduce((a, b) => a + b, 0);
  const messageItems = MESSAGE_ENTRIES.map((e) => ({
    key: e.path,
    label: (
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        {t(e.label)}
        <Badge count={badgeCount(unread[e.field])} size="small" />
      </Space>
    ),
  }));
  const userItems = [
    { key: '/user-home', label: t('MyHome') },
    { key: '/status?onlyMine=true', label: t('MySubmission') },
    { key: '/setting', label: t('MySetting') },
    ...(isAdminRoles(roles) ? [{ key: '/admin', label: t('Management') }] : []),
    { key: '/logout', label: t('Logout') },
  ];
  const themeMenu = {
    key: 'theme',
    label: t('Theme'),
    children: THEME_PREFERENCES.map((p) => ({
      key: `theme:${p}`,
      label: t(`Theme_${p}`),
      icon: <CheckOutlined style={{ visibility: p === themePref ? 'visible' : 'hidden' }} />,
    })),
  };
  const userMenuItems = [...userItems.slice(0, -1), themeMenu, ...userItems.slice(-1)];
  const go = (key: string) => {
    onNavigate?.();
    // The admin area is a separate part of the app: open it with a full navigation (doc 1 §2.3).
    if (key === '/admin') window.location.assign('/admin');
    else navigate(key);
  };
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('theme:')) setThemePreference(key.slice(6) as (typeof THEME_PREFERENCES)[number]);
    else go(key);
  };

  if (vertical) {
    return (
      <div style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ padding: '8px 16px', fontWeight: 600 }}>{userInfo.nickname || userInfo.username}</div>
        {/* Log out last, after the message links (issue 25 #19), not between the user and message links. */}
        {[
          ...userItems.filter((i) => i.key !== '/logout'),
          ...messageItems,
          ...userItems.filter((i) => i.key === '/logout'),
        ].map((i) => (
          <Button
            key={i.key}
            type="text"
            onClick={() => go(i.key)}
            style={{ textAlign: 'left', justifyContent: 'flex-start' }}
            block
            data-testid="drawer-user-link"
            data-key={i.key}
          >
            {i.label}
          </Button>
        ))}
      </div>
    );
  }
  return (
    <Space size="middle">
      <Dropdown menu={{ items: messageItems, onClick }} placement="bottomRight">
        <Badge dot={total > 0} data-testid="message-bell" data-unread={total}>
          <Button type="text" shape="circle" icon={<BellOutlined />} aria-label={t('Message')} />
        </Badge>
      </Dropdown>
      <Dropdown menu={{ items: userMenuItems, onClick }} placement="bottomRight" trigger={['hover', 'click']}>
        {/* A real button: Tab reaches it, Enter opens the menu (issue 28). */}
        <button type="button" className="oj-plain-button" aria-haspopup="menu" data-testid="user-menu">
          <Space>
            <Avatar size="small" src={userInfo.avatar || undefined} icon={<UserOutlined />} />
            <span
              data-testid="header-name"
              style={{
                maxWidth: 140,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                display: 'inline-block',
                whiteSpace: 'nowrap',
              }}
            >
              {userInfo.nickname || userInfo.username}
            </span>
            <DownOutlined style={{ fontSize: 10 }} />
          </Space>
        </button>
      </Dropdown>
    </Space>
  );
}
