import { describe, expect, it } from 'vitest';
import { canDelete, canReply, checkCommentText, sectionTotal } from './rules.js';

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

  it('the section count: the known total until the first page arrives, then comments plus their replies', () => {
    const page = (total: number, replyNums: number[]) => ({
      commentList: {
        records: replyNums.map((n, i) => ({ id: i, totalReplyNum: n }) as never),
        total,
        current: 1,
        size: 10,
      },
      commentLikeMap: {},
    });
    expect(sectionTotal([], 7)).toBe(7);
    expect(sectionTotal([])).toBe(0);
    expect(sectionTotal([page(3, [2, 0, 1])], 99)).toBe(6);
    expect(sectionTotal([page(12, [1]), page(12, [4])])).toBe(17);
  });
});
