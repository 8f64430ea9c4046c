/** Geometry of the slide-verify puzzle (doc 1 §4: 325 x 100 px, accuracy 3 px). Pure, unit-tested. */
export const SLIDE = { width: 325, height: 100, piece: 42, tab: 9, accuracy: 3 } as const;

/** The piece's full size including its tab (px). */
export const PIECE_SPAN = SLIDE.piece + SLIDE.tab * 2;

/** Picks the gap position: x in the right two thirds, y anywhere the piece fits. `rand` returns [0, 1). */
export function pickGap(rand: () => number): { x: number; y: number } {
  const minX = Math.round(SLIDE.width / 3);
  const maxX = SLIDE.width - PIECE_SPAN - 4;
  const maxY = SLIDE.height - PIECE_SPAN;
  return { x: minX + Math.floor(rand() * (maxX - minX)), y: Math.floor(rand() * Math.max(1, maxY)) + 2 };
}

/** Clamps a dragged offset (px) to the track. */
export function clampOffset(offset: number): number {
  return Math.max(0, Math.min(SLIDE.width - PIECE_SPAN, offset));
}

/** True when the piece dropped at `offset` sits within `accuracy` px of the gap at `gapX`. */
export function isSlideMatch(offset: number, gapX: number, accuracy: number = SLIDE.accuracy): boolean {
  return Math.abs(offset - gapX) <= accuracy;
}

/** The jigsaw outline: a square with a round tab on top and on the right, starting at (x, y). */
export function piecePath(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  const l = SLIDE.piece;
  const r = SLIDE.tab;
  const top = y + r;
  ctx.beginPath();
  ctx.moveTo(x, top);
  ctx.arc(x + l / 2, top, r, Math.PI, 0);
  ctx.lineTo(x + l, top);
  ctx.arc(x + l, top + l / 2, r, -Math.PI / 2, Math.PI / 2);
  ctx.lineTo(x + l, top + l);
  ctx.lineTo(x, top + l);
  ctx.closePath();
}
