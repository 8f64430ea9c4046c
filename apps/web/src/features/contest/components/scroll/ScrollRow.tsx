import type { ScrollBoardRow } from '@oj/shared';
import { memo } from 'react';
import { MEDALS, scrollCell } from '../../lib/scroll-board.js';

/** Height of a scroll board row in px (rows are placed at index × this by a transform). */
export const SCROLL_ROW_HEIGHT = 46;

export interface ScrollRowProps {
  row: ScrollBoardRow;
  /** Index in the current order: the row is drawn at index × SCROLL_ROW_HEIGHT. */
  index: number;
  rank: number;
  /** 0 gold, 1 silver, 2 bronze, -1 none. */
  medal: number;
  displayIds: readonly string[];
  /** This row was just revealed: drawn above the others while it moves. */
  revealing: boolean;
  /** The revealed cell's display id and the reveal's number (restarts its flash). */
  flashId?: string;
  flashSeq?: number;
  /** The display id of this row's cell that the next step reveals. */
  nextCell?: string;
}

/** The name and school: the same for the whole ceremony. */
const Name = memo(function Name({ showName, school }: { showName: string; school: string }) {
  return (
    <div className="oj-sb-name">
      <span className="oj-sb-show" data-testid="sb-name">
        {showName}
      </span>
      {school && <span className="oj-sb-school">{school}</span>}
    </div>
  );
});

/**
 * Solved, penalty and the problem cells of a row: memoised on the row's data, so the rows a climbing row passes
 * (new place and rank, same cells) render only their outer element again.
 */
const Cells = memo(function Cells({
  row,
  displayIds,
  flashId,
  flashSeq,
  nextCell,
}: {
  row: ScrollBoardRow;
  displayIds: readonly string[];
  flashId?: string;
  flashSeq?: number;
  nextCell?: string;
}) {
  return (
    <>
      <div className="oj-sb-num" data-testid="sb-solved">
        {row.ac}
      </div>
      <div className="oj-sb-num oj-sb-penalty">{Math.floor(row.totalTime / 60)}</div>
      {displayIds.map((id) => {
        const c = scrollCell(row.submissionInfo[id]);
        const flashing = flashId === id;
        return (
          <div
            key={flashing ? `${id}:${flashSeq}` : id}
            className={`oj-sb-cell${flashing ? ' flash' : ''}${nextCell === id ? ' next' : ''}`}
            data-kind={c.kind || undefined}
            data-cell={id}
          >
            {c.attempts && <span className="oj-sb-tries">{c.attempts}</span>}
            {c.minute && <span className="oj-sb-minute">{c.minute}</span>}
          </div>
        );
      })}
    </>
  );
});

/**
 * One row of the scroll board: rank and name (and school; kept at the left edge when the board scrolls sideways),
 * solved, penalty minutes, a cell per problem. Absolutely placed and moved by `transform` only (the CSS
 * transitions it), so moving rows costs no layout; memoised in parts, so a step re-renders only what changed.
 */
export const ScrollRow = memo(function ScrollRow({
  row,
  index,
  rank,
  medal,
  displayIds,
  revealing,
  flashId,
  flashSeq,
  nextCell,
}: ScrollRowProps) {
  const classes = ['oj-sb-row'];
  if (revealing) classes.push('revealing');
  if (nextCell) classes.push('next');
  if (medal >= 0) classes.push(`medal-${MEDALS[medal]}`);
  return (
    <div
      className={classes.join(' ')}
      style={{ transform: `translate3d(0, ${index * SCROLL_ROW_HEIGHT}px, 0)` }}
      data-testid="sb-row"
      data-uid={row.uid}
      data-index={index}
      data-medal={medal >= 0 ? MEDALS[medal] : undefined}
    >
      <div className="oj-sb-who">
        <div className="oj-sb-rank" data-testid="sb-rank">
          {rank === -1 ? '*' : rank}
        </div>
        <Name showName={row.showName} school={row.school} />
      </div>
      <Cells row={row} displayIds={displayIds} flashId={flashId} flashSeq={flashSeq} nextCell={nextCell} />
    </div>
  );
});
