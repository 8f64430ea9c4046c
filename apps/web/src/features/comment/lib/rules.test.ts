import { describe, expect, it } from 'vitest';
import { canDelete, canReply, checkCommentText } from './rules.js';

describe('comment rules (doc 1 §5, §6)', () => {
  it('refuses empty (after trimming) and over-long text', () => {
    expect(checkCommentText('  \n ')).toBe('Content_empty');
    expect(checkCommentText('x'.repeat(10_001))).toBe('Content_too_long');
    expect(checkCommentText('x'.repeat(10_000))).toBeNull();
  });

  it('delete: the author; outside a contest any admin role; in a contest only its admins', () => {
    const user = { uid: 'u1', isAdmin: false };
    const admin = { uid: 'a1', isAdmin: true };
    expect(canDelete(user, 'u1')).toBe(true);
    expect(canDelete(user, 'u2')).toBe(false);
    expect(canDelete(admin, 'u2')).toBe(true);
    expect(canDelete({ ...admin, contest: { isContestAdmin: false, owner: 'boss' } }, 'u2')).toBe(false);
    expect(canDelete({ ...user, contest: { isContestAdmin: true, owner: 'boss' } }, 'u2')).toBe(true);
    expect(canDelete({ uid: null, isAdmin: false }, 'u2')).toBe(false);
  });

  it('reply in a contest: to own, as contest admin, or to anyone but root and the owner', () => {
    const v = { uid: 'u1', isAdmin: false, contest: { isContestAdmin: false, owner: 'boss' } };
    expect(canReply(v, { fromUid: 'u2', fromName: 'pal', fromRole: 'default_user' })).toBe(true);
    expect(canReply(v, { fromUid: 'u3', fromName: 'boss', fromRole: 'admin' })).toBe(false);
    expect(canReply(v, { fromUid: 'u4', fromName: 'root', fromRole: 'root' })).toBe(false);
    expect(canReply(v, { fromUid: 'u1', fromName: 'me', fromRole: 'root' })).toBe(true);
    expect(
      canReply(
        { ...v, contest: { isContestAdmin: true, owner: 'boss' } },
        { fromUid: 'u3', fromName: 'boss', fromRole: 'admin' },
      ),
    ).toBe(true);
    expect(
      canReply({ uid: 'u1', isAdmin: false }, { fromUid: 'u4', fromName: 'root', fromRole: 'root' }),
    ).toBe(true);
  });
});
