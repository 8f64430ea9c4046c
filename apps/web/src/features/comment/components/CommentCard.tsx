import { DeleteOutlined, LikeFilled, LikeOutlined, MessageOutlined } from '@ant-design/icons';
import { LIMITS } from '@oj/shared';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/Markdown.js';
import { notify } from '../../../lib/notify.js';
import { requireLogin } from '../../../lib/require-login.js';
import { RelativeTime } from '../../submission/components/RelativeTime.js';
import {
  type ReplyTarget,
  useAddReply,
  useDeleteComment,
  useDeleteReply,
  useLikeComment,
  useReplies,
} from '../api/comment.js';
import type { CommentItem, CommentSource, ReplyItem } from '../api/types.js';
import { type CommentViewer, canDelete, canReply } from '../lib/rules.js';
import { AuthorAvatar, AuthorName } from './Author.js';
import { CommentEditor } from './CommentEditor.js';

/** Comments liked in this session (doc 1 §4: "Liked state is kept per session in a map"). */
const likedThisSession = new Set<number>();

/** Asks before deleting (doc 1 §5), then runs `run`. */
function confirmDelete(title: string, okText: string, cancelText: string, run: () => Promise<unknown>) {
  Modal.confirm({
    title,
    okText,
    cancelText,
    okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
    onOk: async () => {
      try {
        await run();
      } catch {
        // shown by the api client
      }
    },
  });
}

const small = { color: 'var(--oj-text-tertiary)', fontSize: 13 };

/** One reply: avatar, author → addressee, markdown content, time, and reply / delete when allowed. */
function ReplyRow({
  reply,
  viewer,
  onReply,
  onDelete,
}: {
  reply: ReplyItem;
  viewer: CommentViewer;
  onReply: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('comment');
  return (
    <div style={{ display: 'flex', gap: 8, padding: '8px 0' }} data-testid="reply">
      <AuthorAvatar uid={reply.fromUid} username={reply.fromName} avatar={reply.fromAvatar} size={28} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 }}>
          <AuthorName
            uid={reply.fromUid}
            username={reply.fromName}
            role={reply.fromRole}
            titleName={reply.fromTitleName}
            titleColor={reply.fromTitleColor}
          />
          {reply.toName && (
            <span style={small}>
              {t('Reply_to')} <b>@{reply.toName}</b>
            </span>
          )}
        </div>
        <div data-testid="reply-content">
          <Markdown source={reply.content} />
        </div>
        <div style={{ ...small, display: 'flex', gap: 12, alignItems: 'center' }}>
          <RelativeTime iso={reply.gmtCreate} />
          {canReply(viewer, reply) && (
            <Button
              size="small"
              type="link"
              style={{ padding: 0 }}
              onClick={onReply}
              data-testid="reply-reply"
            >
              {t('Reply')}
            </Button>
          )}
          {canDelete(viewer, reply.fromUid) && (
            <Button
              size="small"
              type="link"
              danger
              style={{ padding: 0 }}
              onClick={onDelete}
              data-testid="reply-delete"
            >
              {t('common:Delete')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * One comment of doc 1 §2.7: avatar, name, title tag, role badge, relative time, markdown content, like (once, no
 * unlike), reply and delete; its replies, 3 shown until expanded (the expanded list is fetched whole), and an
 * inline reply box quoting the comment or a reply.
 */
export function CommentCard({
  comment,
  source,
  viewer,
  liked,
}: {
  comment: CommentItem;
  source: CommentSource;
  viewer: CommentViewer;
  liked: boolean;
}) {
  const { t } = useTranslation('comment');
  const [expanded, setExpanded] = useState(false);
  const [target, setTarget] = useState<ReplyTarget | null>(null);
  const all = useReplies(comment.id, source.cid, expanded);
  const like = useLikeComment();
  const addReply = useAddReply();
  const delComment = useDeleteComment();
  const delReply = useDeleteReply();
  const isLiked = liked || likedThisSession.has(comment.id);
  const replies = expanded && all.data ? all.data : comment.replyList.slice(0, LIMITS.repliesCollapsed);
  const more = comment.totalReplyNum > LIMITS.repliesCollapsed;

  const onLike = async () => {
    if (!requireLogin()) return;
    if (isLiked) return;
    try {
      await like.mutateAsync({ source, commentId: comment.id });
      likedThisSession.add(comment.id);
      notify.success(t('Liked_successfully'));
    } catch {
      // shown by the api client (too frequent likes)
    }
  };

  const openReply = (next: ReplyTarget) => {
    if (!requireLogin()) return;
    setTarget(next);
  };

  return (
    <div
      style={{
        display: 'flex',
        gap: 12,
        padding: '16px 0',
        borderBottom: '1px solid var(--oj-border-split)',
      }}
      data-testid="comment"
    >
      <AuthorAvatar uid={comment.fromUid} username={comment.fromName} avatar={comment.fromAvatar} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <AuthorName
          uid={comment.fromUid}
          username={comment.fromName}
          role={comment.fromRole}
          titleName={comment.fromTitleName}
          titleColor={comment.fromTitleColor}
        />
        <div data-testid="comment-content" style={{ marginTop: 4 }}>
          <Markdown source={comment.content} />
        </div>
        <div style={{ ...small, display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
          <RelativeTime iso={comment.gmtCreate} />
          <Button
            size="small"
            type="text"
            icon={isLiked ? <LikeFilled style={{ color: 'var(--oj-primary)' }} /> : <LikeOutlined />}
            onClick={onLike}
            loading={like.isPending}
            data-testid="comment-like"
            data-liked={isLiked ? 'true' : 'false'}
          >
            {comment.likeNum}
          </Button>
          {canReply(viewer, comment) && (
            <Button
              size="small"
              type="text"
              icon={<MessageOutlined />}
              onClick={() => openReply({ type: 'Comment', comment })}
              data-testid="comment-reply"
            >
              {t('Reply')}
            </Button>
          )}
          {canDelete(viewer, comment.fromUid) && (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              data-testid="comment-delete"
              onClick={() =>
                confirmDelete(t('Delete_comment_tips'), t('common:Delete'), t('common:Cancel'), async () => {
                  await delComment.mutateAsync({ source, comment });
                  notify.success(t('Deleted_successfully'));
                })
              }
            >
              {t('common:Delete')}
            </Button>
          )}
        </div>
        {replies.length > 0 && (
          <div
            style={{ background: 'var(--oj-bg-subtle)', borderRadius: 6, padding: '0 12px', marginTop: 8 }}
            data-testid="reply-list"
          >
            {replies.map((r) => (
              <ReplyRow
                key={r.id}
                reply={r}
                viewer={viewer}
                onReply={() => openReply({ type: 'Reply', comment, reply: r })}
                onDelete={() =>
                  confirmDelete(t('Delete_reply_tips'), t('common:Delete'), t('common:Cancel'), async () => {
                    await delReply.mutateAsync({ source, reply: r });
                    notify.success(t('Deleted_successfully'));
                  })
                }
              />
            ))}
            {more && (
              <Button
                type="link"
                size="small"
                style={{ padding: '4px 0' }}
                loading={expanded && all.isLoading}
                onClick={() => setExpanded(!expanded)}
                data-testid="replies-toggle"
              >
                {expanded ? t('Collapse') : t('Expand_replies', { n: comment.totalReplyNum })}
              </Button>
            )}
          </div>
        )}
        {target && (
          <div style={{ marginTop: 8 }}>
            <CommentEditor
              autoFocus
              testId="reply-editor"
              placeholder={t('Reply_placeholder', {
                name: target.type === 'Reply' ? target.reply.fromName : target.comment.fromName,
              })}
              submitLabel={t('Reply')}
              onCancel={() => setTarget(null)}
              onSubmit={async (content) => {
                await addReply.mutateAsync({ source, target, content });
                notify.success(t('Reply_sent'));
                setTarget(null);
              }}
            />
          </div>
        )}
      </div>
    </div>
  );
}
