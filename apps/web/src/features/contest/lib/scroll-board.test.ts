import { awardsByPosition, placeRanks } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { drawnRange } from '../components/scroll/ScrollBoardView.js';
import { defaultMedals, parseScrollParams, scrollBoardUrl, scrollCell, tieMedals } from './scroll-board.js';

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

  it('defaults to 10 / 20 / 30 % of the participants, rounded down, at least one gold (issue 25 item 10)', () => {
    expect(defaultMedals(500)).toEqual([50, 100, 150]);
    expect(defaultMedals(7)).toEqual([1, 1, 2]);
    expect(defaultMedals(0)).toEqual([0, 0, 0]);
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

describe('scroll board medals (issue 25 item 10)', () => {
  /** Medals of rows given as [solved, penalty] (null: a star), with the resolver's rank and award rules. */
  const medalsOf = (rows: ([number, number] | null)[], counts: [number, number, number]) => {
    const isStar = (r: [number, number] | null) => r === null;
    const ranks = placeRanks(rows, isStar, (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1]);
    return tieMedals(
      awardsByPosition(rows, counts, isStar, (r) => !!r && r[0] > 0),
      ranks,
    );
  };

  it('gives teams tied at rank 1 the same medal (gold)', () => {
    expect(
      medalsOf(
        [
          [3, 100],
          [3, 100],
          [2, 50],
          [1, 10],
        ],
        [1, 1, 1],
      ),
    ).toEqual([0, 0, 2, -1]);
  });

  it('gives the champion gold with the default counts of a small contest', () => {
    const rows: [number, number][] = [
      [3, 100],
      [2, 50],
      [1, 10],
      [1, 20],
      [0, 0],
    ];
    expect(medalsOf(rows, defaultMedals(rows.length))[0]).toBe(0);
  });

  it('skips stars and gives nothing to a row that solved nothing, tied or not', () => {
    expect(medalsOf([null, [2, 5], [2, 5], [0, 0], [0, 0]], [1, 1, 2])).toEqual([-1, 0, 0, -1, -1]);
  });
});
