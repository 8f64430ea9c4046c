import { describe, expect, it } from 'vitest';
import { drawnRange } from '../components/scroll/ScrollBoardView.js';
import { defaultMedals, parseScrollParams, scrollBoardUrl, scrollCell } from './scroll-board.js';

const cell = (o: Partial<Parameters<typeof scrollCell>[0] & object>) => ({
  isAC: false,
  isFirstAC: false,
  isAfterContest: false,
  ACTime: null,
  errorNum: 0,
  tryNum: 0,
  ...o,
});

describe('scroll board address', () => {
  it("reads HOJ's medals[] list, the flag and the contest id; bad numbers count 0", () => {
    expect(parseScrollParams('?cid=7&removeStar=true&medals[]=3&medals[]=5&medals[]=x')).toEqual({
      cid: 7,
      removeStar: true,
      medals: [3, 5, 0],
    });
    expect(parseScrollParams('?cid=7&medals=1,2,3')).toMatchObject({ removeStar: false, medals: [1, 2, 3] });
    expect(parseScrollParams('?cid=abc')).toEqual({ cid: null, removeStar: false, medals: null });
  });

  it('writes the address the tab opens, which reads back the same', () => {
    const url = scrollBoardUrl({ cid: 4, removeStar: false, medals: [1, 2, 3] });
    expect(url).toBe('/scrollBoard?cid=4&removeStar=false&medals[]=1&medals[]=2&medals[]=3');
    expect(parseScrollParams(url.slice(url.indexOf('?')))).toEqual({
      cid: 4,
      removeStar: false,
      medals: [1, 2, 3],
    });
  });

  it('defaults to 10 / 20 / 30 % of the participants, rounded down', () => {
    expect(defaultMedals(500)).toEqual([50, 100, 150]);
    expect(defaultMedals(7)).toEqual([0, 1, 2]);
  });
});

describe('scroll board cells', () => {
  it('shows attempts and the solve minute, pending tries with a question mark', () => {
    expect(scrollCell(cell({ isAC: true, ACTime: 3725, errorNum: 2 }))).toEqual({
      kind: 'ac',
      attempts: '3',
      minute: '62',
    });
    expect(scrollCell(cell({ isAC: true, isFirstAC: true, ACTime: 60 })).kind).toBe('first-ac');
    expect(scrollCell(cell({ errorNum: 1, tryNum: 2 }))).toEqual({
      kind: 'pending',
      attempts: '3?',
      minute: '',
    });
    expect(scrollCell(cell({ errorNum: 4 }))).toEqual({ kind: 'wrong', attempts: '4', minute: '' });
    expect(scrollCell(undefined).kind).toBe('');
  });

  it('draws only the rows near the viewport, in chunks', () => {
    // 46 px rows, a 460 px viewport at the top of 500 rows: rows 0..10 visible, drawn to the chunk edge + 8.
    expect(drawnRange(0, 460, 500)).toEqual([0, 24]);
    const [first, last] = drawnRange(46 * 300, 460, 500);
    expect(first).toBeLessThanOrEqual(300);
    expect(last).toBeGreaterThanOrEqual(310);
    expect(last - first).toBeLessThan(40);
    expect(drawnRange(46 * 495, 460, 500)[1]).toBe(499);
  });
});
