import type { ScrollBoardVo } from '@oj/shared';
import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolverView } from '../../lib/useResolver.js';
import { SCROLL_ROW_HEIGHT as H, ScrollRow } from './ScrollRow.js';

/** Rows drawn beyond each edge of the viewport, and the step the drawn range moves by (fewer re-renders). */
const OVERSCAN = 8;
const CHUNK = 8;

/**
 * The rows of the track drawn for a scroll position: the viewport's rows widened to CHUNK boundaries plus OVERSCAN.
 * Pure; indexes are clamped to the board.
 */
export function drawnRange(scrollTop: number, viewHeight: number, count: number): [number, number] {
  const top = Math.floor(Math.max(0, scrollTop) / H);
  const bottom = Math.ceil((Math.max(0, scrollTop) + viewHeight) / H);
  const first = Math.max(0, Math.floor(top / CHUNK) * CHUNK - OVERSCAN);
  const last = Math.min(count - 1, Math.ceil(bottom / CHUNK) * CHUNK + OVERSCAN);
  return [first, last];
}

/** What the board knows of the scroller's geometry (px), so a step never reads layout. */
interface Geometry {
  top: number;
  left: number;
  height: number;
  width: number;
  /** Left edge and width of each problem's column, from the header. */
  columns: Map<string, [number, number]>;
  /** Width of the sticky rank and name column. */
  who: number;
}

/**
 * Keeps the drawn range in step with the scroller and remembers its geometry: read in the scroll listener's
 * animation frame and in resize observers (when layout is fresh anyway), never right after a step changed the DOM
 * (that would force a layout in the middle of the step).
 */
function useScrollerGeometry(
  ref: React.RefObject<HTMLDivElement | null>,
  count: number,
): { range: [number, number]; geo: React.RefObject<Geometry>; measured: number } {
  const [range, setRange] = useState<[number, number]>([0, Math.min(count - 1, 40)]);
  const geo = useRef<Geometry>({ top: 0, left: 0, height: 0, width: 0, columns: new Map(), who: 0 });
  // Counts the column measurements: the first one (after the first paint) lets the view place the next cell.
  const [measured, setMeasured] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let raf = 0;
    const measure = () => {
      raf = 0;
      const g = geo.current;
      g.top = el.scrollTop;
      g.left = el.scrollLeft;
      g.height = el.clientHeight;
      g.width = el.clientWidth;
      const next = drawnRange(g.top, g.height, count);
      setRange((r) => (r[0] === next[0] && r[1] === next[1] ? r : next));
    };
    const schedule = () => {
      if (!raf) raf = requestAnimationFrame(measure);
    };
    const columns = () => {
      const map = new Map<string, [number, number]>();
      for (const h of el.querySelectorAll<HTMLElement>('[data-head]')) {
        map.set(h.dataset.head ?? '', [h.offsetLeft, h.offsetWidth]);
      }
      geo.current.columns = map;
      geo.current.who = el.querySelector<HTMLElement>('.oj-sb-head .oj-sb-who')?.offsetWidth ?? 0;
      setMeasured((n) => n + 1);
      schedule();
    };
    el.addEventListener('scroll', schedule, { passive: true });
    const ro = new ResizeObserver(columns);
    ro.observe(el);
    const head = el.firstElementChild;
    if (head) ro.observe(head);
    measure();
    return () => {
      el.removeEventListener('scroll', schedule);
      ro.disconnect();
      if (raf) cancelAnimationFrame(raf);
    };
  }, [ref, count]);
  return { range, geo, measured };
}

/**
 * The scroll board's table (issue 10 §2): a sticky problem header and a track of `rows × H` px in which only the
 * rows near the viewport are in the DOM (plus the row just revealed while it climbs). Rows sit at `translateY(index
 * × H)` and move by CSS transitions of `transform` alone (durations from `moveMs` / `delayMs`), in a stable DOM
 * order (by name), so a step never moves DOM nodes or lays out the board. The row with the next pending cell is
 * kept in view by a smooth scroll; at the end the view goes back to the top.
 */
export function ScrollBoardView({
  data,
  view,
  moveMs,
  delayMs,
}: {
  data: ScrollBoardVo;
  view: ResolverView;
  moveMs: number;
  delayMs: number;
}) {
  const { t } = useTranslation('scrollBoard');
  const scroller = useRef<HTMLDivElement>(null);
  const displayIds = useMemo(() => data.problemList.map((p) => p.displayId), [data]);
  const count = view.rows.length;
  const {
    range: [first, last],
    geo,
    measured,
  } = useScrollerGeometry(scroller, count);

  // Keep the next cell to reveal in view (its row about two thirds down; its column too on a narrow screen),
  // smoothly unless the board jumped; at the end, back to the top left.
  const target = view.done ? 0 : view.next ? (view.index.get(view.next.uid) ?? 0) : null;
  const firstScroll = useRef(true);
  useEffect(() => {
    const el = scroller.current;
    if (!el || target == null) return;
    const to: ScrollToOptions = {};
    const y = target * H;
    const g = geo.current;
    if (view.done) {
      to.top = 0;
      to.left = 0;
    } else {
      if (y < g.top + g.height * 0.1 || y + H > g.top + g.height * 0.9) {
        to.top = Math.max(0, y - g.height * 0.66);
      }
      // The columns are known once the header was measured (after the first paint).
      // Sideways, the cell just revealed (what the audience must see), else the next one.
      const columnId = view.last?.displayId ?? view.next?.displayId;
      const col = columnId && measured ? g.columns.get(columnId) : undefined;
      // Cells pass under the sticky rank and name: the visible band starts after them.
      if (col && col[0] < g.left + g.who) to.left = Math.max(0, col[0] - g.who - 8);
      else if (col && col[0] + col[1] > g.left + g.width) to.left = col[0] + col[1] - g.width + 8;
    }
    if (to.top == null && to.left == null) return;
    to.behavior = firstScroll.current || view.instant ? 'auto' : 'smooth';
    firstScroll.current = false;
    el.scrollTo(to);
  }, [target, view.last, view.next, view.done, view.instant, geo, measured]);

  const drawn = [];
  for (let i = first; i <= last && i < count; i += 1) drawn.push(view.rows[i]);
  const lastUid = view.last?.uid;
  if (lastUid) {
    const i = view.index.get(lastUid) ?? -1;
    if (i >= 0 && (i < first || i > last)) drawn.push(view.rows[i]);
  }
  // A stable DOM order (by name): a row changing place changes only its transform, never its position in the DOM.
  drawn.sort((a, b) => a.nameOrder - b.nameOrder);

  const style = {
    '--sb-n': displayIds.length,
    '--sb-move': `${moveMs}ms`,
    '--sb-delay': `${delayMs}ms`,
  } as CSSProperties;
  return (
    <div
      ref={scroller}
      className={`oj-sb-scroller${view.instant ? ' oj-sb-instant' : ''}`}
      style={style}
      data-testid="sb-scroller"
    >
      <div className="oj-sb-head">
        <div className="oj-sb-who">
          <div className="oj-sb-rank">{t('Rank')}</div>
          <div className="oj-sb-name">{t('Team')}</div>
        </div>
        <div className="oj-sb-num">{t('Solved')}</div>
        <div className="oj-sb-num oj-sb-penalty">{t('Penalty')}</div>
        {data.problemList.map((p) => (
          <div
            key={p.displayId}
            className="oj-sb-cell oj-sb-problem"
            title={p.displayTitle}
            data-head={p.displayId}
          >
            <span className="oj-sb-balloon" style={{ background: p.color || '#64748b' }} />
            {p.displayId}
          </div>
        ))}
      </div>
      <div className="oj-sb-track" style={{ height: count * H }} data-testid="sb-track">
        {drawn.map((r) => {
          const i = view.index.get(r.uid) ?? 0;
          const revealing = r.uid === lastUid;
          return (
            <ScrollRow
              key={r.uid}
              row={r}
              index={i}
              rank={view.ranks[i]}
              medal={view.medals[i]}
              displayIds={displayIds}
              revealing={revealing}
              flashId={revealing ? view.last?.displayId : undefined}
              flashSeq={revealing ? view.last?.seq : undefined}
              nextCell={view.next?.uid === r.uid ? view.next.displayId : undefined}
            />
          );
        })}
      </div>
    </div>
  );
}
