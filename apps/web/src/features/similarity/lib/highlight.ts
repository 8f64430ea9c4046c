import type { Extension } from '@codemirror/state';
import { Decoration, EditorView } from '@codemirror/view';

/** A highlighted region: 0-based rows and columns, end exclusive, and its colour index. */
export interface Region {
  startRow: number;
  startCol: number;
  endRow: number;
  endCol: number;
  color: number;
}

/** Fragment colours (translucent, readable on light and dark themes); fragment i takes colour i mod length. */
export const FRAGMENT_COLORS = [
  'rgba(250, 173, 20, 0.35)',
  'rgba(24, 144, 255, 0.3)',
  'rgba(82, 196, 26, 0.3)',
  'rgba(235, 47, 150, 0.28)',
  'rgba(114, 46, 209, 0.28)',
  'rgba(19, 194, 194, 0.3)',
];

/**
 * A CodeMirror extension marking `regions` of the document (the matched fragments of a pair), each in its
 * colour, so that the same fragment has the same colour on both sides. Regions outside the document are clipped.
 */
export function highlightRegions(regions: Region[]): Extension {
  return EditorView.decorations.of((view) => {
    const doc = view.state.doc;
    const pos = (row: number, col: number) => {
      if (row + 1 > doc.lines) return doc.length;
      const line = doc.line(Math.max(1, row + 1));
      return Math.min(line.from + Math.max(0, col), line.to);
    };
    const marks = regions
      .map((r) => ({ from: pos(r.startRow, r.startCol), to: pos(r.endRow, r.endCol), color: r.color }))
      .filter((m) => m.to > m.from)
      .sort((a, b) => a.from - b.from || a.to - b.to)
      .map((m) =>
        Decoration.mark({
          attributes: {
            style: `background-color: ${FRAGMENT_COLORS[m.color % FRAGMENT_COLORS.length]}`,
            'data-fragment': String(m.color),
          },
        }).range(m.from, m.to),
      );
    return Decoration.set(marks, true);
  });
}
