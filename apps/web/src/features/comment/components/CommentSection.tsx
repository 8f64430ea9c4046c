import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { isAdminRoles, useSession } from '../../../lib/session.js';
import { useAddComment, useComments } from '../api/comment.js';
import type { CommentSource } from '../api/types.js';
import { type CommentViewer, sectionTotal } from '../lib/rules.js';
import { CommentCard } from './CommentCard.js';
import { CommentEditor } from './CommentEditor.js';

/**
 * The comment section of doc 1 §2.7 for a discussion (`did`) or a contest (`cid`, with `contest`: whether the
 * viewer administers it and its owner's username): the editor, the number of comments plus replies (`knownTotal`
 * until the first page arrives), the comments 10 at a time with Load More. The contest version starts with a notice of three tips.
 */
export function CommentSection({
  did,
  cid,
  contest,
  knownTotal,
}: {
  did?: number;
  cid?: number;
  contest?: { isContestAdmin: boolean; owner: string };
  /** Comments plus replies when the caller knows it (a discussion's `commentNum`), shown until a page loads. */
  knownTotal?: number;
}) {
  const { t } = useTranslation('comment');
  const source: CommentSource = did ? { did } : { cid: cid ?? 0 };
  const { userInfo, roles } = useSession();
  const q = useComments(source);
  const add = useAddComment();
  const viewer: CommentViewer = { uid: userInfo?.uid ?? null, isAdmin: isAdminRoles(roles), contest };
  const pages = q.data?.pages ?? [];
  const comments = pages.flatMap((p) => p.commentList.records);
  const likes = Object.assign({}, ...pages.map((p) => p.commentLikeMap ?? {})) as Record<string, boolean>;
  const total = sectionTotal(pages, knownTotal);

  return (
    <Card title={<span data-testid="comment-total">{t('Comments_count', { n: total })}</span>}>
      {cid && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('Contest_comment_notice')}
          description={
            <ol style={{ margin: 0, paddingInlineStart: 20 }}>
              <li>{t('Contest_comment_tip_1')}</li>
              <li>{t('Contest_comment_tip_2')}</li>
              <li>{t('Contest_comment_tip_3')}</li>
            </ol>
          }
        />
      )}
      <CommentEditor
        onSubmit={async (content) => {
          await add.mutateAsync({ source, content });
          notify.success(t('Comment_sent'));
        }}
      />
      {q.isLoading ? (
        <Skeleton active avatar style={{ marginTop: 16 }} />
      ) : comments.length === 0 ? (
        <Empty description={t('No_comment')} style={{ marginTop: 16 }} />
      ) : (
        <div data-testid="comment-list">
          {comments.map((c) => (
            <CommentCard key={c.id} comment={c} source={source} viewer={viewer} liked={!!likes[c.id]} />
          ))}
        </div>
      )}
      {q.hasNextPage && (
        <div style={{ textAlign: 'center', marginTop: 12 }}>
          <Button
            type="link"
            onClick={() => void q.fetchNextPage()}
            loading={q.isFetchingNextPage}
            data-testid="comments-load-more"
          >
            {t('Load_more')}
          </Button>
        </div>
      )}
    </Card>
  );
}
