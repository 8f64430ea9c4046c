import { BellOutlined, DownOutlined, UserOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, type MenuProps, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/lean-antd.js';
import { badgeCount, useUnread } from '../../features/message/api/get-unread.js';
import { isAdminRoles, useSession } from '../../lib/session.js';
import { MESSAGE_ENTRIES } from './nav-items.js';

/**
 * The signed-in user's menus of doc 1 §2.3 (loaded only once someone is logged in): the message menu with
 * unread badges (capped at 99, a red dot when any is unread; polled every 120 s) and the user menu
 * (/user-home, /status?onlyMine=true, /setting, /admin for admin roles, /logout). `vertical` lists them for
 * the mobile drawer.
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
  const go = (key: string) => {
    onNavigate?.();
    // The admin area is a separate part of the app: open it with a full navigation (doc 1 §2.3).
    if (key === '/admin') window.location.assign('/admin');
    else navigate(key);
  };
  const onClick: MenuProps['onClick'] = ({ key }) => go(key);

  if (vertical) {
    return (
      <div style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ padding: '8px 16px', fontWeight: 600 }}>{userInfo.nickname || userInfo.username}</div>
        {[...userItems, ...messageItems].map((i) => (
          <Button
            key={i.key}
            type="text"
            onClick={() => go(i.key)}
            style={{ textAlign: 'left', justifyContent: 'flex-start' }}
            block
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
      <Dropdown menu={{ items: userItems, onClick }} placement="bottomRight">
        <Space className="oj-clickable" data-testid="user-menu">
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
      </Dropdown>
    </Space>
  );
}
