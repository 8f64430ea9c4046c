import { EyeOutlined, LikeOutlined, MessageOutlined } from '@ant-design/icons';
import { Badge, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthorAvatar, AuthorName } from '../../comment/components/Author.js';
import { RelativeTime } from '../../submission/components/RelativeTime.js';
import { useDiscussionScope } from '../api/scope.js';
import type { Discussion } from '../api/types.js';
import { useCategoryLabel } from '../lib/category-name.js';

/**
 * One discussion in the list (doc 2 §2.12): the Top ribbon when pinned, title (opens the detail), description,
 * author avatar with role badge, views / likes / comments, category and time. The description is plain text.
 */
export function DiscussionCard({ d, actions }: { d: Discussion; actions?: React.ReactNode }) {
  const { t } = useTranslation('discussion');
  const categoryName = useCategoryLabel();
  const { base } = useDiscussionScope();
  const card = (
    <article
      className="oj-discussion-card"
      data-testid="discussion-card"
      data-pinned={d.topPriority ? 'true' : 'false'}
      style={{
        display: 'flex',
        gap: 12,
        background: 'var(--oj-bg-container)',
        border: '1px solid var(--oj-border-split)',
        borderRadius: 8,
        padding: '12px 16px',
      }}
    >
      <AuthorAvatar uid={d.uid} username={d.author} avatar={d.avatar} />
      <div style={{ flex: 1, minWidth: 0 }}>
        {/* Pinned: room for the Top ribbon at the top right. */}
        <div
          style={{
            display: 'flex',
            gap: 8,
            alignItems: 'flex-start',
            paddingInlineEnd: d.topPriority ? 36 : 0,
          }}
        >
          <Link
            to={`${base}/discussion-detail/${d.id}`}
            data-testid="discussion-title"
            style={{ fontSize: 16, fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {d.title}
          </Link>
          {actions}
        </div>
        <div
          data-user-content
          style={{ color: 'var(--oj-text-secondary)', margin: '4px 0 8px', overflowWrap: 'anywhere' }}
        >
          {d.description}
        </div>
        <Space size={[12, 4]} wrap style={{ color: 'var(--oj-text-tertiary)', fontSize: 13 }}>
          <AuthorName uid={d.uid} username={d.author} role={d.role} />
          <span title={t('Views')} data-testid="discussion-views">
            <EyeOutlined /> {d.viewNum}
          </span>
          <span title={t('Likes')} data-testid="discussion-likes">
            <LikeOutlined /> {d.likeNum}
          </span>
          <span title={t('Comments')} data-testid="discussion-comments">
            <MessageOutlined /> {d.commentNum}
          </span>
          {d.categoryName && <Tag data-user-content>{categoryName(d.categoryName)}</Tag>}
          <RelativeTime iso={d.gmtCreate} />
        </Space>
      </div>
    </article>
  );
  return d.topPriority ? (
    <Badge.Ribbon text={t('Top')} color="red">
      {card}
    </Badge.Ribbon>
  ) : (
    card
  );
}
