import type { WebsiteConfig } from '@oj/shared';
import { canSeeProblemMenu } from '../../lib/session.js';

/** One top-navigation entry; `children` makes it a dropdown. Labels are `common:` keys. */
export interface NavEntry {
  key: string;
  label: string;
  children?: { key: string; label: string }[];
}

/**
 * Default-mode navigation of doc 1 §2.3: Home, Problem (role-gated), Training, Contest, the rank dropdown (ACM
 * and OI rank), Discussion (only when openPublicDiscussion).
 */
export function defaultNavEntries(
  roles: readonly string[],
  loggedIn: boolean,
  config: WebsiteConfig,
): NavEntry[] {
  return [
    { key: '/home', label: 'Home' },
    ...(canSeeProblemMenu(roles, loggedIn) ? [{ key: '/problem', label: 'Problem' }] : []),
    { key: '/training', label: 'Training' },
    { key: '/contest', label: 'Contest' },
    {
      key: '/rank',
      label: 'OI_Rank_Menu',
      children: [
        { key: '/acm-rank', label: 'ACM_Rank' },
        { key: '/oi-rank', label: 'OI_Rank' },
      ],
    },
    ...(config.openPublicDiscussion ? [{ key: '/discussion', label: 'Discussion' }] : []),
  ];
}
