import { describe, expect, it } from 'vitest';
import { acmCellClass, acmCellText, oiCellClass, shownName } from './board.js';

const cell = (p: Partial<Parameters<typeof acmCellClass>[0] & object>) => ({
  isAC: false,
  isFirstAC: false,
  isAfterContest: false,
  ACTime: null,
  errorNum: 0,
  tryNum: 0,
  ...p,
});

describe('scoreboard cells (doc 2 §4.5)', () => {
  it('ACM classes in the order after-contest AC, first AC, AC, try, wrong', () => {
    expect(acmCellClass(cell({ isAC: true, isAfterContest: true, isFirstAC: true }))).toBe('ac-after');
    expect(acmCellClass(cell({ isAC: true, isFirstAC: true }))).toBe('first-ac');
    expect(acmCellClass(cell({ isAC: true, errorNum: 2 }))).toBe('ac');
    expect(acmCellClass(cell({ errorNum: 1, tryNum: 2 }))).toBe('try');
    expect(acmCellClass(cell({ errorNum: 1 }))).toBe('wrong');
    expect(acmCellClass(undefined)).toBe('');
  });
  it('ACM text: AC time from the start, wrong tries and sealed tries', () => {
    expect(acmCellText(cell({ isAC: true, ACTime: 3725, errorNum: 2 }))).toEqual({
      time: '01:02:05',
      tries: '(-2)',
    });
    expect(acmCellText(cell({ errorNum: 1, tryNum: 3 }))).toEqual({ time: '', tries: '(-1) (+3)' });
  });
  it('OI classes: full score or an AC time, zero, between, untried', () => {
    expect(oiCellClass(100, undefined)).toBe('oi-100');
    expect(oiCellClass(40, 12)).toBe('oi-100');
    expect(oiCellClass(0, undefined)).toBe('oi-0');
    expect(oiCellClass(40, undefined)).toBe('oi-between');
    expect(oiCellClass(undefined, undefined)).toBe('');
    expect(oiCellClass(undefined, undefined, 2)).toBe('try');
  });
  it('shows the name the contest asks for, else the username', () => {
    expect(shownName({ username: 'alice', showName: 'Alice L.' }, 'username')).toBe('Alice L.');
    const row = { uid: 'u', username: 'alice', nickname: 'Al', realname: '', rank: 1 };
    expect(shownName(row, 'nickname')).toBe('Al');
    expect(shownName(row, 'realname')).toBe('alice');
    expect(shownName(row, 'username')).toBe('alice');
  });
});
