import type { CommentSource } from './types.js';

/** Query keys of comment sections: the pages of comments per source and the replies per comment. */
export const commentKeys = {
  all: ['comment'] as const,
  lists: () => [...commentKeys.all, 'list'] as const,
  list: (source: CommentSource) => [...commentKeys.lists(), source.did ?? null, source.cid ?? null] as const,
  replies: (commentId: number) => [...commentKeys.all, 'reply', commentId] as const,
};
