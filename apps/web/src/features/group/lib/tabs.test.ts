import { describe, expect, it } from 'vitest';
import { groupTabOf, groupTabs, isGroupProblemPage } from './tabs.js';

const viewer = { member: true, isGroupAdmin: false, isGroupRoot: false, openGroupDiscussion: true };

describe('group tabs (doc 3 §2)', () => {
  it('members see the member tabs; announcements for admins, setting for roots', () => {
    expect(groupTabs(viewer).map((t) => t.key)).toEqual([
      'home',
      'problem',
      'training',
      'contest',
      'status',
      'discussion',
      'member',
      'rank',
    ]);
    const root = groupTabs({ ...viewer, isGroupAdmin: true, isGroupRoot: true }).map((t) => t.key);
    expect(root).toContain('announcement');
    expect(root).toContain('setting');
  });
  it('discussions only with the group-discussion switch', () => {
    expect(groupTabs({ ...viewer, openGroupDiscussion: false }).map((t) => t.key)).not.toContain(
      'discussion',
    );
  });
  it('a non-member has every tab but home disabled', () => {
    const tabs = groupTabs({ ...viewer, member: false });
    expect(tabs.filter((t) => !t.disabled).map((t) => t.key)).toEqual(['home']);
  });
  it('sub-screens light their parent tab; problem pages are drawn bare', () => {
    expect(groupTabOf('/group/7')).toBe('home');
    expect(groupTabOf('/group/7/submission-detail/3')).toBe('status');
    expect(groupTabOf('/group/7/discussion-detail/3')).toBe('discussion');
    expect(groupTabOf('/group/7/training/3/problems')).toBe('training');
    expect(isGroupProblemPage('/group/7/problem/G1001')).toBe(true);
    expect(isGroupProblemPage('/group/7/training/3/problem/A')).toBe(true);
    expect(isGroupProblemPage('/group/7/problem')).toBe(false);
    expect(isGroupProblemPage('/group/7/training/3/problems')).toBe(false);
  });
});
