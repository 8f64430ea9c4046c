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

/** The four navigation modes of doc 1 §2.3. */
export type NavMode = 'default' | 'contest' | 'training' | 'group';

const num = '(\\d+)';
const CONTEST = new RegExp(`^/contest/${num}(?:/|$)`);
const GROUP_TRAINING = new RegExp(`^/group/${num}/training/${num}(?:/|$)`);
const TRAINING = new RegExp(`^/training/${num}(?:/|$)`);
const GROUP = new RegExp(`^/group/${num}(?:/|$)`);

/**
 * The navigation of doc 1 §2.3 for the current address, in one of four modes: contest mode inside a contest
 * (back home, overview, problems, my submissions, rank), training mode inside a training (back home, group home
 * when the training is a group's, training home, its problem list), group mode inside a group (back home, group
 * home, group problems), and the default mode everywhere else.
 */
export function navEntries(
  pathname: string,
  roles: readonly string[],
  loggedIn: boolean,
  config: WebsiteConfig,
): { mode: NavMode; entries: NavEntry[] } {
  const back = { key: '/home', label: 'Back_Home' };
  const contest = CONTEST.exec(pathname);
  if (contest) {
    const base = `/contest/${contest[1]}`;
    const entries = [
      back,
      { key: base, label: 'Contest_Home' },
      { key: `${base}/problems`, label: 'Contest_Problems' },
      { key: `${base}/submissions?onlyMine=true`, label: 'Contest_Submissions' },
      { key: `${base}/rank`, label: 'Contest_Rank' },
    ];
    return { mode: 'contest', entries };
  }
  const groupTraining = GROUP_TRAINING.exec(pathname);
  const training = groupTraining ?? TRAINING.exec(pathname);
  if (training) {
    const base = groupTraining
      ? `/group/${groupTraining[1]}/training/${groupTraining[2]}`
      : `/training/${training[1]}`;
    const entries = [
      back,
      ...(groupTraining ? [{ key: `/group/${groupTraining[1]}`, label: 'Group_Home' }] : []),
      { key: base, label: 'Training_Home' },
      { key: `${base}/problems`, label: 'Training_Problems' },
    ];
    return { mode: 'training', entries };
  }
  const group = GROUP.exec(pathname);
  if (group) {
    const base = `/group/${group[1]}`;
    const entries = [
      back,
      { key: base, label: 'Group_Home' },
      { key: `${base}/problem`, label: 'Group_Problems' },
    ];
    return { mode: 'group', entries };
  }
  return { mode: 'default', entries: defaultNavEntries(roles, loggedIn, config) };
}

/** A contest's or training's problem page (`…/problem/:id`) belongs under its problem list entry (`…/problems`). */
const SCOPED_PROBLEM = /^(\/(?:group\/\d+\/)?(?:contest|training)\/\d+)\/problem\/[^/]+\/?$/;

/**
 * The highlighted entry: in the default mode the first path segment decides (`activeMenuKey`); in the other
 * modes the entry whose path is the longest prefix of the address (query strings ignored), a contest's or
 * training's problem page counting as its problem list.
 */
export function navActiveKey(
  nav: { mode: NavMode; entries: NavEntry[] },
  pathname: string,
  defaultKey: string,
): string {
  if (nav.mode === 'default') return defaultKey;
  const address = pathname.replace(SCOPED_PROBLEM, '$1/problems');
  let best = '';
  for (const e of nav.entries.slice(1)) {
    const path = e.key.split('?')[0];
    if ((address === path || address.startsWith(`${path}/`)) && path.length > best.split('?')[0].length)
      best = e.key;
  }
  return best;
}
