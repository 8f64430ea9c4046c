import { describe, expect, it } from 'vitest';
import { canRemoveMember, levelOptionDisabled, levelSelectDisabled, type MemberActor } from './levels.js';

const admin: MemberActor = { uid: 'a', level: 4, unrestricted: false };
const owner: MemberActor = { uid: 'o', level: 5, unrestricted: true };
const row = (uid: string, auth: number, isOwner = false) => ({ uid, auth, owner: isOwner });

describe('member levels (doc 3 §4, §6)', () => {
  it('an admin changes only members below their own level, and only to levels below it', () => {
    expect(levelSelectDisabled(admin, row('m', 3))).toBe(false);
    expect(levelSelectDisabled(admin, row('x', 4))).toBe(true);
    expect(levelSelectDisabled(admin, row('r', 5))).toBe(true);
    expect([1, 2, 3, 4, 5].filter((l) => !levelOptionDisabled(admin, l))).toEqual([1, 2, 3]);
  });
  it('the owner and super admins are unrestricted, but never on themselves or the owner row', () => {
    expect(levelSelectDisabled(owner, row('r', 5))).toBe(false);
    expect([1, 2, 3, 4, 5].filter((l) => !levelOptionDisabled(owner, l))).toEqual([1, 2, 3, 4, 5]);
    expect(levelSelectDisabled(owner, row('o', 5, true))).toBe(true);
    expect(levelSelectDisabled(admin, row('a', 4))).toBe(true);
  });
  it('delete shows for rows below the actor, or for the owner; never oneself or the owner row', () => {
    expect(canRemoveMember(admin, row('m', 3))).toBe(true);
    expect(canRemoveMember(admin, row('x', 4))).toBe(false);
    expect(canRemoveMember(owner, row('r', 5))).toBe(true);
    expect(canRemoveMember(owner, row('o', 5, true))).toBe(false);
    expect(canRemoveMember(admin, row('a', 4))).toBe(false);
  });
});
