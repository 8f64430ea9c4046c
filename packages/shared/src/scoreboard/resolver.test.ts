import { describe, expect, it } from 'vitest';
import type { AcmCellVo } from '../schemas/scoreboard.js';
import { ACM_PENALTY_SECONDS, acmTotals, awardsByPosition, compareAcmRows, placeRanks } from './ranking.js';
import { isPendingCell, Resolver, type ResolverRow } from './resolver.js';

const ac = (min: number, errorNum = 0): AcmCellVo => ({
  isAC: true,
  isFirstAC: false,
  isAfterContest: false,
  ACTime: min * 60,
  errorNum,
  tryNum: 0,
});
const wrong = (errorNum: number, tryNum = 0): AcmCellVo => ({
  isAC: false,
  isFirstAC: false,
  isAfterContest: false,
  ACTime: null,
  errorNum,
  tryNum,
});

function row(uid: string, nameOrder: number, cells: Record<string, AcmCellVo>): ResolverRow {
  return { uid, nameOrder, submissionInfo: cells, ...acmTotals(Object.values(cells)) };
}

describe('ACM ranking rules', () => {
  it('totals solved problems only, 20 minutes per wrong try before the AC', () => {
    expect(acmTotals([ac(10, 2), wrong(3), ac(30)])).toEqual({
      ac: 2,
      totalTime: 10 * 60 + 2 * ACM_PENALTY_SECONDS + 30 * 60,
    });
  });

  it('orders by solved desc, then time asc; equal rows tie and share a rank (1, 1, 3); stars get -1', () => {
    const rows = [
      { ac: 2, totalTime: 100, star: false },
      { ac: 2, totalTime: 100, star: false },
      { ac: 2, totalTime: 150, star: true },
      { ac: 1, totalTime: 10, star: false },
    ];
    expect(compareAcmRows(rows[0], rows[3])).toBeLessThan(0);
    expect(compareAcmRows(rows[0], rows[1])).toBe(0);
    expect(
      placeRanks(
        rows,
        (r) => r.star,
        (a, b) => compareAcmRows(a, b) === 0,
      ),
    ).toEqual([1, 1, -1, 3]);
  });

  it('gives awards by position to non-star rows that solved something, stopping at the first that did not', () => {
    const rows = [{ s: 3 }, { s: 2, star: true }, { s: 2 }, { s: 1 }, { s: 0 }, { s: 1 }];
    const won = awardsByPosition(
      rows,
      [1, 1, 5],
      (r) => !!r.star,
      (r) => r.s > 0,
    );
    expect(won).toEqual([0, -1, 1, 2, -1, -1]);
  });
});

describe('the resolver', () => {
  it('counts only unsolved cells with hidden tries as pending', () => {
    expect(isPendingCell(wrong(1, 2))).toBe(true);
    expect(isPendingCell(wrong(1, 0))).toBe(false);
    expect(isPendingCell(ac(5))).toBe(false);
    expect(isPendingCell(undefined)).toBe(false);
  });

  it('reveals the lowest row first, its pending cells left to right, and climbs rows into place', () => {
    // Sealed: a (1 solved), b (1, slower), c (0) with pending A and B, d (0) with pending A.
    const rows = [
      row('a', 0, { A: ac(10), B: wrong(0, 1) }),
      row('b', 1, { A: ac(20) }),
      row('c', 2, { A: wrong(1, 1), B: wrong(0, 2) }),
      row('d', 3, { A: wrong(0, 1) }),
    ];
    const finals: Record<string, AcmCellVo | null> = {
      'a/B': wrong(1),
      'c/A': ac(100, 1),
      'c/B': ac(110),
      'd/A': ac(5),
    };
    const r = new Resolver(rows, ['A', 'B'], (uid, id) => finals[`${uid}/${id}`] ?? null);
    expect(r.remaining).toBe(4);
    expect(r.peek()).toEqual({ uid: 'd', displayId: 'A', index: 3 });
    const steps = r.runAll();
    expect(steps.map((s) => [s.reveal.uid, s.reveal.displayId, s.from, s.to])).toEqual([
      ['d', 'A', 3, 0], // d solves A at minute 5: straight to the top
      ['c', 'A', 3, 3], // c solves A (120 min with the penalty): still last
      ['c', 'B', 3, 0], // c's second solve puts it first
      ['a', 'B', 2, 2], // a's hidden B was wrong: stays
    ]);
    expect(r.rows.map((x) => x.uid)).toEqual(['c', 'd', 'a', 'b']);
    expect(r.rows[0]).toMatchObject({ ac: 2, totalTime: (100 + 20 + 110) * 60 });
    expect(r.remaining).toBe(0);
    expect(r.step()).toBeNull();
    // The input rows are never changed.
    expect(rows[2].ac).toBe(0);
    expect(rows[2].submissionInfo.A.tryNum).toBe(1);
  });

  it('keeps tied rows in the tie-break order', () => {
    const rows = [row('x', 1, { A: ac(10) }), row('y', 0, { A: wrong(0, 1) })];
    const r = new Resolver(rows, ['A'], () => ac(10));
    const [s] = r.runAll();
    // y now ties x on solved and time and comes first by name order.
    expect([s.from, s.to]).toEqual([1, 0]);
  });
});
