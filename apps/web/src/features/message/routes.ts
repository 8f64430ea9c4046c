import type { AppRoute } from '../../app/route-types.js';

/**
 * The message centre (doc 1 §2.1, §2.8; login): /message/{discuss,reply,like,sys,mine}, /message alone opens
 * discuss. The five boxes share one page module.
 */
export const messageRoutes: AppRoute[] = [
  {
    path: 'message',
    page: () => import('./pages/MessageCenterPage.js'),
    meta: { requireAuth: true },
    children: [
      { index: true, redirect: '/message/discuss' },
      { path: 'discuss', page: () => import('./pages/MessageBoxPage.js') },
      { path: 'reply', page: () => import('./pages/MessageBoxPage.js') },
      { path: 'like', page: () => import('./pages/MessageBoxPage.js') },
      { path: 'sys', page: () => import('./pages/MessageBoxPage.js') },
      { path: 'mine', page: () => import('./pages/MessageBoxPage.js') },
    ],
  },
];
