import { describe, expect, it } from 'vitest';
import { menuDisabled, needsPassword, visibleTabs } from './tabs.js';

const user = { isContestAdmin: false, isSuperAdmin: false, openContestComment: false };

describe('contest tabs (doc 2 §2.7)', () => {
  it('shows a participant the four base tabs plus announcements and clarifications in an ACM contest without printing', () => {
    expect(visibleTabs({ type: 0, openPrint: false }, user)).toEqual([
      'overview',
      'problems',
      'submissions',
      'rank',
      'announcements',
      'clarifications',
    ]);
  });
  it('adds AC info and scroll board for contest admins in ACM only, admin print when printing is open', () => {
    const admin = { ...user, isContestAdmin: true };
    expect(visibleTabs({ type: 0, openPrint: true }, admin)).toEqual(
      expect.arrayContaining(['ac-info', 'scroll-board', 'print', 'admin-print']),
    );
    const oi = visibleTabs({ type: 1, openPrint: false }, admin);
    expect(oi).not.toContain('ac-info');
    expect(oi).not.toContain('scroll-board');
    expect(oi).not.toContain('admin-print');
  });
  it('rejudge for super admins, comment only when the site allows it', () => {
    expect(visibleTabs({ type: 1, openPrint: false }, { ...user, isSuperAdmin: true })).toContain('rejudge');
    expect(visibleTabs({ type: 1, openPrint: false }, user)).not.toContain('comment');
    expect(visibleTabs({ type: 1, openPrint: false }, { ...user, openContestComment: true })).toContain(
      'comment',
    );
  });
  it('disables the menu before the start and in a private contest until registered, never for admins', () => {
    expect(menuDisabled({ auth: 0 }, -1, { isContestAdmin: false, access: true })).toBe(true);
    expect(menuDisabled({ auth: 0 }, -1, { isContestAdmin: true, access: false })).toBe(false);
    expect(menuDisabled({ auth: 1 }, 0, { isContestAdmin: false, access: false })).toBe(true);
    expect(menuDisabled({ auth: 2 }, 0, { isContestAdmin: false, access: false })).toBe(false);
    expect(menuDisabled({ auth: 1 }, 1, { isContestAdmin: false, access: true })).toBe(false);
  });
  it('asks for the password in non-public contests the viewer has not registered for', () => {
    expect(needsPassword({ auth: 0 }, { isContestAdmin: false, registered: false })).toBe(false);
    expect(needsPassword({ auth: 1 }, { isContestAdmin: false, registered: false })).toBe(true);
    expect(needsPassword({ auth: 2 }, { isContestAdmin: false, registered: true })).toBe(false);
    expect(needsPassword({ auth: 2 }, { isContestAdmin: true, registered: false })).toBe(false);
  });
});
