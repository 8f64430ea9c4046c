import type { FastifyPluginAsync } from 'fastify';

/**
 * Every API module, registered under `/api` by buildApp. One line an area; each module file is
 * `modules/<area>/<area>.routes.ts` exporting a Fastify plugin.
 */
export const modules: { name: string; load: () => Promise<{ default: FastifyPluginAsync }> }[] = [
  { name: 'health', load: () => import('./health/health.routes.js') },
  { name: 'config', load: () => import('./config/config.routes.js') },
  { name: 'config-admin', load: () => import('./config/config.admin.routes.js') },
  { name: 'account', load: () => import('./account/account.routes.js') },
  { name: 'admin', load: () => import('./admin/admin.routes.js') },
  { name: 'admin-user', load: () => import('./admin-user/admin-user.routes.js') },
  { name: 'home', load: () => import('./home/home.routes.js') },
  { name: 'announcement', load: () => import('./announcement/announcement.routes.js') },
  { name: 'language', load: () => import('./language/language.routes.js') },
  { name: 'judge', load: () => import('./judge/judge.routes.js') },
  { name: 'submission', load: () => import('./submission/submission.routes.js') },
  { name: 'file', load: () => import('./file/file.routes.js') },
  { name: 'problem', load: () => import('./problem/problem.routes.js') },
  { name: 'tag', load: () => import('./tag/tag.routes.js') },
  { name: 'file-testcase', load: () => import('./file/testcase.routes.js') },
  { name: 'file-qduoj', load: () => import('./file/qduoj.routes.js') },
  { name: 'file-hydro', load: () => import('./file/hydro.routes.js') },
  { name: 'file-native', load: () => import('./file/native.routes.js') },
  { name: 'file-kattis', load: () => import('./file/kattis.routes.js') },
  { name: 'submission-list', load: () => import('./submission/submission-list.routes.js') },
  { name: 'rank', load: () => import('./rank/rank.routes.js') },
  { name: 'contest-board', load: () => import('./contest/board/board.routes.js') },
  { name: 'problem-compile-check', load: () => import('./problem/compile-check.routes.js') },
  { name: 'submission-wa-case', load: () => import('./submission/wa-case.routes.js') },
  { name: 'contest', load: () => import('./contest/contest.routes.js') },
  { name: 'training', load: () => import('./training/training.routes.js') },
  { name: 'problem-full-screen', load: () => import('./problem/full-screen.routes.js') },
  { name: 'clics', load: () => import('./clics/clics.routes.js') },
  { name: 'group', load: () => import('./group/group.routes.js') },
  { name: 'events', load: () => import('./events/events.routes.js') },
  { name: 'discussion', load: () => import('./discussion/discussion.routes.js') },
  { name: 'comment', load: () => import('./comment/comment.routes.js') },
  { name: 'message', load: () => import('./message/message.routes.js') },
  { name: 'file-markdown', load: () => import('./file/markdown/markdown.routes.js') },
];
