import { CONTEST_HELPER_LIMITS } from '@oj/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_READ_KEY,
  addReads,
  idsOf,
  loadReadIds,
  MAX_CONTESTS,
  markRead,
  parseReads,
  type ReadList,
} from './announcement-reads.js';

describe('read contest announcements (doc 2 §3 local storage, §7 readAnnouncementList)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the read ids per contest, without duplicates, across reloads of the key', () => {
    expect(loadReadIds(7)).toEqual([]);
    markRead(7, [3, 1]);
    markRead(7, [1, 5]);
    markRead(8, [2]);
    expect(loadReadIds(7)).toEqual([3, 1, 5]);
    expect(loadReadIds(8)).toEqual([2]);
    expect(JSON.parse(localStorage.getItem(ANNOUNCEMENT_READ_KEY) ?? '')).toEqual([
      [7, [3, 1, 5]],
      [8, [2]],
    ]);
  });

  it('reads a damaged or foreign value as nothing read, and drops ids that are not positive integers', () => {
    expect(parseReads('not json')).toEqual([]);
    expect(parseReads('{"4": [1]}')).toEqual([]);
    expect(parseReads('[[4, [1, "2", -3, 2.5, 9]], [5, "x"], ["6", [1]], 7]')).toEqual([[4, [1, 9]]]);
    localStorage.setItem(ANNOUNCEMENT_READ_KEY, '{');
    expect(markRead(4, [6])).toEqual([6]);
  });

  it('sends the server no more ids than it accepts: the newest are kept', () => {
    const many = Array.from({ length: CONTEST_HELPER_LIMITS.readListMax + 5 }, (_, i) => i + 1);
    const list = idsOf(addReads([], 1, many), 1);
    expect(list).toHaveLength(CONTEST_HELPER_LIMITS.readListMax);
    expect(list[0]).toBe(6);
    expect(list.at(-1)).toBe(many.at(-1));
  });

  it('forgets the contest read longest ago beyond the contest limit', () => {
    let list: ReadList = [];
    for (let cid = 1; cid <= MAX_CONTESTS; cid++) list = addReads(list, cid, [cid]);
    list = addReads(list, 1, [100]); // contest 1 read again: now the most recent
    list = addReads(list, MAX_CONTESTS + 1, [1]);
    expect(list).toHaveLength(MAX_CONTESTS);
    expect(idsOf(list, 2)).toEqual([]);
    expect(idsOf(list, 3)).toEqual([3]);
    expect(idsOf(list, 1)).toEqual([1, 100]);
  });
});
