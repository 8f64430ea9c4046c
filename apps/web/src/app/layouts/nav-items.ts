/** Helpers for the top navigation (doc 1 §2.3). */

/**
 * The active menu key from the first path segment: submission-detail highlights /status, discussion-detail
 * highlights /discussion, the two rankings highlight the rank menu.
 */
export function activeMenuKey(pathname: string): string {
  const seg = pathname.split('/')[1] ?? '';
  if (seg === 'submission-detail') return '/status';
  if (seg === 'discussion-detail') return '/discussion';
  if (seg === 'acm-rank' || seg === 'oi-rank') return '/rank';
  if (seg === '') return '/home';
  return `/${seg}`;
}

/** Message menu entries: path under /message and the unread count field. */
export const MESSAGE_ENTRIES = [
  { path: '/message/discuss', field: 'comment', label: 'DiscussMsg' },
  { path: '/message/reply', field: 'reply', label: 'ReplyMsg' },
  { path: '/message/like', field: 'like', label: 'LikeMsg' },
  { path: '/message/sys', field: 'sys', label: 'SysMsg' },
  { path: '/message/mine', field: 'mine', label: 'MineMsg' },
] as const;
