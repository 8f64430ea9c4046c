import {
  ArrowLeftOutlined,
  EyeOutlined,
  LikeFilled,
  LikeOutlined,
  MessageOutlined,
  ReadOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Button, Card, Result, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Markdown } from '../../../components/Markdown.js';
import { notify } from '../../../lib/notify.js';
import { requireLogin } from '../../../lib/require-login.js';
import { formatTime } from '../../../lib/time.js';
import { AuthorAvatar, AuthorName } from '../../comment/components/Author.js';
import { CommentSection } from '../../comment/components/CommentSection.js';
import { useDiscussionDetail, useLikeDiscussion } from '../api/discussion.js';
import { useDiscussionScope } from '../api/scope.js';
import { DiscussionActions } from '../components/DiscussionActions.js';
import { DiscussionEditor } from '../components/DiscussionEditor.js';
import { ReportDialog } from '../components/ReportDialog.js';
import { useCategoryLabel } from '../lib/category-name.js';

/**
 * /discussion-detail/:discussionID (doc 2 §2.12; the public-discussion switch): the discussion (title, author
 * with role badge, category, time, counts, markdown content), like (once, never undone), report, edit (own),
 * delete (own or admin roles), and the shared comment section.
 */
export default function DiscussionDetailPage() {
  const { t } = useTranslation('discussion');
  const categoryName = useCategoryLabel();
  const navigate = useNavigate();
  const did = Number(useParams().discussionID);
  const { base } = useDiscussionScope();
  const q = useDiscussionDetail(did);
  const like = useLikeDiscussion();
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);

  if (q.isLoading) return <Skeleton active style={{ padding: 24 }} />;
  const d = q.data;
  if (q.isError || !d) {
    return (
      <Result
        status="404"
        title={t('Discussion_not_found')}
        extra={<Button onClick={() => navigate(`${base}/discussion`)}>{t('All_discussions')}</Button>}
      />
    );
  }

  const onLike = async () => {
    if (!requireLogin() || d.hasLike) return;
    try {
      await like.mutateAsync(d.id);
      notify.success(t('Liked_successfully'));
    } catch {
      // shown by the api client (too frequent likes)
    }
  };

  return (
    <div className="oj-page" data-testid="discussion-detail" data-did={d.id}>
      <Card>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <h2
            data-testid="discussion-detail-title"
            style={{ flex: 1, margin: 0, fontSize: 22, overflowWrap: 'anywhere' }}
          >
            {d.topPriority && (
              <Tag color="red" style={{ verticalAlign: 'middle' }}>
                {t('Top')}
              </Tag>
            )}
            {d.title}
          </h2>
          <DiscussionActions
            d={d}
            onEdit={() => setEditing(true)}
            onDeleted={() =>
              navigate(d.pid ? `${base}/discussion/${encodeURIComponent(d.pid)}` : `${base}/discussion`)
            }
          />
        </div>
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', margin: '12px 0' }}>
          <AuthorAvatar uid={d.uid} username={d.author} avatar={d.avatar} />
          <div style={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
            <AuthorName
              uid={d.uid}
              username={d.author}
              role={d.role}
              titleName={d.titleName}
              titleColor={d.titleColor}
            />
            <Space size={[12, 4]} wrap style={{ color: 'var(--oj-text-tertiary)', fontSize: 13 }}>
              <span>{formatTime(d.gmtCreate)}</span>
              {d.categoryName && <Tag data-user-content>{categoryName(d.categoryName)}</Tag>}
              <span title={t('Views')}>
                <EyeOutlined /> {d.viewNum}
              </span>
              <span title={t('Comments')}>
                <MessageOutlined /> {d.commentNum}
              </span>
            </Space>
          </div>
        </div>
        <div data-testid="discussion-content">
          <Markdown source={d.content ?? ''} />
        </div>
        <Space wrap style={{ marginTop: 16 }}>
          <Button
            icon={d.hasLike ? <LikeFilled /> : <LikeOutlined />}
            type={d.hasLike ? 'primary' : 'default'}
            onClick={onLike}
            loading={like.isPending}
            data-testid="discussion-like"
            data-liked={d.hasLike ? 'true' : 'false'}
          >
            {d.hasLike ? t('Liked') : t('Like')} {d.likeNum}
          </Button>
          <Button
            icon={<WarningOutlined />}
            onClick={() => requireLogin() && setReporting(true)}
            data-testid="discussion-report"
          >
            {t('Report')}
          </Button>
          {d.pid && (
            <Link to={`${base}/problem/${encodeURIComponent(d.pid)}`}>
              <Button icon={<ReadOutlined />}>{t('Go_to_problem')}</Button>
            </Link>
          )}
          <Link to={d.pid ? `${base}/discussion/${encodeURIComponent(d.pid)}` : `${base}/discussion`}>
            <Button icon={<ArrowLeftOutlined />}>{t('Back_to_list')}</Button>
          </Link>
        </Space>
      </Card>
      <div style={{ marginTop: 16 }}>
        <CommentSection did={d.id} knownTotal={d.commentNum} />
      </div>
      <DiscussionEditor open={editing} initial={d} onClose={() => setEditing(false)} />
      <ReportDialog did={d.id} open={reporting} onClose={() => setReporting(false)} />
    </div>
  );
}
