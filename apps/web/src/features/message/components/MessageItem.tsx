import { DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/lean-antd.js';
import { Markdown } from '../../../components/Markdown.js';
import { formatTime } from '../../../lib/time.js';
import { userHomePath } from '../../comment/components/Author.js';
import type { AnyMessage, SysMessage, UserMessage } from '../api/messages.js';

/** An in-site address a message may open; anything else (another host, a `javascript:` URL) is not linked. */
export function safeInSiteUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith('/') || url.startsWith('//') || url.includes('\\')) return null;
  return url;
}

/** The known actions of comment, reply and like messages (doc 1 §3), as `message:action.<name>` keys. */
const ACTIONS = ['Discuss', 'Reply', 'Like_Post', 'Like_Discuss'];

const isSys = (m: AnyMessage): m is SysMessage => 'title' in m && !('action' in m);

/**
 * One message of a box: a comment / reply / like message shows the sender (avatar and name, to their home page),
 * what they did, the source's title (linked to `url`), the text concerned as markdown, time and delete; a system
 * or own message shows its title, markdown content, time and delete. Unread ones carry a dot.
 */
export function MessageItem({ m, onDelete }: { m: AnyMessage; onDelete: () => void }) {
  const { t } = useTranslation('message');
  const del = (
    <Button
      size="small"
      type="text"
      danger
      icon={<DeleteOutlined />}
      aria-label={t('common:Delete')}
      title={t('common:Delete')}
      onClick={onDelete}
      data-testid="message-delete"
    />
  );
  const time = (
    <span style={{ color: 'var(--oj-text-tertiary)', fontSize: 13 }}>{formatTime(m.gmtCreate)}</span>
  );
  const frame = (body: React.ReactNode) => (
    <div
      data-testid="message-item"
      style={{
        display: 'flex',
        gap: 12,
        padding: '12px 0',
        borderBottom: '1px solid var(--oj-border-split)',
      }}
    >
      {body}
    </div>
  );
  if (isSys(m)) {
    return frame(
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <Badge dot={!m.state}>
            <b style={{ overflowWrap: 'anywhere' }} data-testid="message-title">
              {m.title}
            </b>
          </Badge>
          {del}
        </div>
        <div data-testid="message-content">
          <Markdown source={m.content ?? ''} />
        </div>
        {time}
      </div>,
    );
  }
  const um = m as UserMessage;
  const url = safeInSiteUrl(um.url);
  const action = ACTIONS.includes(um.action) ? t(`action.${um.action}`) : um.action;
  const source = um.sourceTitle ?? '';
  return frame(
    <>
      {um.senderId && um.senderUsername ? (
        <Link to={userHomePath(um.senderId, um.senderUsername)} style={{ flexShrink: 0 }}>
          <Badge dot={!um.state}>
            <Avatar src={um.senderAvatar || undefined} icon={<UserOutlined />} />
          </Badge>
        </Link>
      ) : (
        <Badge dot={!um.state}>
          <Avatar icon={<UserOutlined />} />
        </Badge>
      )}
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <span style={{ overflowWrap: 'anywhere' }}>
            {um.senderId && um.senderUsername ? (
              <Link to={userHomePath(um.senderId, um.senderUsername)} style={{ fontWeight: 600 }}>
                {um.senderUsername}
              </Link>
            ) : null}{' '}
            <span data-testid="message-action">{action}</span>{' '}
            {url ? (
              <Link to={url} data-testid="message-source">
                {source}
              </Link>
            ) : (
              <b data-testid="message-source">{source}</b>
            )}
          </span>
          {del}
        </div>
        {um.sourceContent && (
          <div data-testid="message-content">
            <Markdown source={um.sourceContent} />
          </div>
        )}
        {um.quoteContent && (
          <blockquote
            style={{
              margin: '4px 0',
              padding: '0 8px',
              borderInlineStart: '3px solid var(--oj-border-control)',
              color: 'var(--oj-text-secondary)',
            }}
            data-testid="message-quote"
          >
            <Markdown source={um.quoteContent} />
          </blockquote>
        )}
        {time}
      </div>
    </>,
  );
}
