import {
  awardsByPosition,
  compareAcmRows,
  placeRanks,
  Resolver,
  type ScrollBoardRow,
  type ScrollBoardVo,
} from '@oj/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type MedalCounts, tieMedals } from './scroll-board.js';

/** The last reveal: which cell, the row's index before and after, and a sequence number (restarts its flash). */
export interface LastReveal {
  uid: string;
  displayId: string;
  from: number;
  to: number;
  seq: number;
}

/** What the scroll board draws after each step. */
export interface ResolverView {
  rows: readonly ScrollBoardRow[];
  ranks: number[];
  /** Per row: medal index (0 gold, 1 silver, 2 bronze) or -1; all -1 until every cell is revealed. */
  medals: number[];
  /** Index of each row by uid. */
  index: Map<string, number>;
  step: number;
  total: number;
  last: LastReveal | null;
  /** The cell the next step reveals (its row is the lowest with a pending cell). */
  next: { uid: string; displayId: string } | null;
  done: boolean;
  /** True after "reveal all": rows jump to their places without moving. */
  instant: boolean;
}

/**
 * The scroll board's state (issue 10 §2): the shared resolver (packages/shared scoreboard/resolver.ts) started on
 * the sealed board with the server's reveals, one step at a time. Ranks follow the shared rank rule (stars -1,
 * ties equal); medals (the query's gold / silver / bronze counts, by position to non-star rows that solved
 * something, a tie all taking its first row's medal) appear once nothing is left to reveal. A step costs O(rows) (ranks and the index), and only the
 * rows that changed get new objects, so memoised rows re-render only when they moved or changed.
 */
export function useResolver(data: ScrollBoardVo, medalCounts: MedalCounts) {
  const stars = useMemo(() => new Set(data.rows.filter((r) => r.rank === -1).map((r) => r.uid)), [data]);
  const resolver = useMemo(() => {
    const cells = new Map(data.reveals.map((v) => [`${v.uid}\n${v.displayId}`, v.cell]));
    return new Resolver(
      data.rows,
      data.problemList.map((p) => p.displayId),
      (uid, id) => cells.get(`${uid}\n${id}`) ?? null,
    );
  }, [data]);
  const total = data.reveals.length;
  const seq = useRef(0);

  const snapshot = useCallback(
    (last: LastReveal | null, instant: boolean): ResolverView => {
      const rows = resolver.rows;
      const ranks = placeRanks(
        rows,
        (r) => stars.has(r.uid),
        (a, b) => compareAcmRows(a, b) === 0,
      );
      const done = resolver.remaining === 0;
      const medals = done
        ? tieMedals(
            awardsByPosition(
              rows,
              medalCounts,
              (r) => stars.has(r.uid),
              (r) => r.ac > 0,
            ),
            ranks,
          )
        : new Array<number>(rows.length).fill(-1);
      const index = new Map<string, number>();
      for (let i = 0; i < rows.length; i += 1) index.set(rows[i].uid, i);
      const peek = resolver.peek();
      return {
        rows: [...rows],
        ranks,
        medals,
        index,
        step: total - resolver.remaining,
        total,
        last,
        next: peek && { uid: peek.uid, displayId: peek.displayId },
        done,
        instant,
      };
    },
    [resolver, stars, medalCounts, total],
  );

  const [view, setView] = useState<ResolverView>(() => snapshot(null, true));
  const [shownFor, setShownFor] = useState(resolver);
  // New data (another board): start again from its sealed state.
  if (shownFor !== resolver) {
    setShownFor(resolver);
    setView(snapshot(null, true));
  }

  /** Reveals the next cell; false when nothing is left. */
  const next = useCallback((): boolean => {
    const s = resolver.step();
    if (!s) return false;
    seq.current += 1;
    const { uid, displayId } = s.reveal;
    setView(snapshot({ uid, displayId, from: s.from, to: s.to, seq: seq.current }, false));
    return true;
  }, [resolver, snapshot]);

  /** Reveals everything at once (rows jump to their final places). */
  const revealAll = useCallback(() => {
    resolver.runAll();
    setView(snapshot(null, true));
  }, [resolver, snapshot]);

  return { view, next, revealAll };
}
