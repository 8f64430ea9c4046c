/**
 * Comment shapes: the shared vocabulary (packages/shared schemas/comment.ts, docs/community.md) and where a
 * comment section lives.
 */
export type {
  CommentListVo as CommentPage,
  CommentVo as CommentItem,
  ReplyVo as ReplyItem,
} from '@oj/shared';

/** Where comments live: a discussion (`did`) or a contest (`cid`), never both. */
export type CommentSource = { did: number; cid?: undefined } | { cid: number; did?: undefined };
