import { Badge, Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { MESSAGE_ENTRIES } from '../../../app/layouts/nav-items.js';
import { useSession } from '../../../lib/session.js';
import { badgeCount, useUnread } from '../api/get-unread.js';

/**
 * /message (doc 1 §2.8; login): the five boxes as tabs (DiscussMsg, ReplyMsg, LikeMsg, SysMsg, MineMsg) with
 * their unread counts; the open box below.
 */
export default function MessageCenterPage() {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { userInfo } = useSession();
  const unread = useUnread(userInfo?.uid);
  const active = MESSAGE_ENTRIES.find((e) => pathname.startsWith(e.path))?.path ?? MESSAGE_ENTRIES[0].path;
  return (
    <div className="oj-page" data-testid="message-center">
      <Card title={t('Message_center')} styles={{ body: { paddingTop: 0 } }}>
        <Tabs
          activeKey={active}
          onChange={(k) => navigate(k)}
          items={MESSAGE_ENTRIES.map((e) => ({
            key: e.path,
            label: (
              <span data-testid={`message-tab-${e.path.split('/')[2]}`}>
                {t(`common:${e.label}`)}
                <Badge
                  count={badgeCount(unread[e.field])}
                  size="small"
                  offset={[4, -2]}
                  data-testid="message-tab-unread"
                />
              </span>
            ),
          }))}
        />
        <Outlet />
      </Card>
    </div>
  );
}
