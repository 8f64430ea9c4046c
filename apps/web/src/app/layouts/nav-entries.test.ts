import type { WebsiteConfig } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { navActiveKey, navEntries } from './nav-entries.js';
import { activeMenuKey } from './nav-items.js';

const config = { openPublicDiscussion: true } as WebsiteConfig;
const keys = (path: string) => navEntries(path, ['default_user'], true, config).entries.map((e) => e.key);
const active = (path: string) => {
  const nav = navEntries(path.split('?')[0], ['default_user'], true, config);
  return navActiveKey(nav, path.split('?')[0], activeMenuKey(path));
};

describe('navigation modes (doc 1 §2.3)', () => {
  it('default mode outside contests, trainings and groups', () => {
    expect(keys('/home')).toEqual(['/home', '/problem', '/training', '/contest', '/rank', '/discussion']);
    expect(keys('/contest')).toContain('/training');
    expect(keys('/contest/acm-scoreboard/3')).toContain('/training');
  });
  it('contest mode inside a contest', () => {
    expect(keys('/contest/12/problem/A')).toEqual([
      '/home',
      '/contest/12',
      '/contest/12/problems',
      '/contest/12/submissions?onlyMine=true',
      '/contest/12/rank',
    ]);
    expect(active('/contest/12/rank')).toBe('/contest/12/rank');
    expect(active('/contest/12')).toBe('/contest/12');
    // A contest problem page highlights Problems, not Overview.
    expect(active('/contest/12/problem/A')).toBe('/contest/12/problems');
    expect(active('/training/3/problem/1000')).toBe('/training/3/problems');
    expect(active('/group/7/training/3/problem/1000')).toBe('/group/7/training/3/problems');
  });
  it('training mode, with the group home for a group training', () => {
    expect(keys('/training/5/problems')).toEqual(['/home', '/training/5', '/training/5/problems']);
    expect(keys('/group/7/training/5/rank')).toEqual([
      '/home',
      '/group/7',
      '/group/7/training/5',
      '/group/7/training/5/problems',
    ]);
  });
  it('group mode inside a group', () => {
    expect(keys('/group/7/member')).toEqual(['/home', '/group/7', '/group/7/problem']);
    expect(active('/group/7/problem/P1')).toBe('/group/7/problem');
  });
});
