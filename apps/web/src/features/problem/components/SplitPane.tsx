import { Grid } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Minimum width of the editor side (doc 2 §2.2, px) and of the statement side. */
const MIN_RIGHT = 580;
const MIN_LEFT = 260;

/**
 * A resizable split (doc 2 §2.2): statement left, editor right, a draggable bar between them; the right side
 * keeps at least 580 px. Under 768 px (doc 2 §9 mobile view) the two stack vertically. `height` fixes the pane
 * height (each side scrolls) on wide screens.
 */
export function SplitPane({
  left,
  right,
  height,
}: {
  left: React.ReactNode;
  right: React.ReactNode;
  height: string;
}) {
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const box = useRef<HTMLDivElement>(null);
  const [leftPx, setLeftPx] = useState<number | null>(null);
  const dragging = useRef(false);

  const clamp = useCallback((x: number) => {
    const w = box.current?.clientWidth ?? 0;
    return Math.max(MIN_LEFT, Math.min(x, w - MIN_RIGHT - 8));
  }, []);

  useEffect(() => {
    const move = (e: PointerEvent) => {
      if (!dragging.current || !box.current) return;
      setLeftPx(clamp(e.clientX - box.current.getBoundingClientRect().left));
    };
    const up = () => {
      dragging.current = false;
      document.body.style.userSelect = '';
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
  }, [clamp]);

  if (mobile) {
    return (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <div style={paneStyle}>{left}</div>
        <div style={paneStyle}>{right}</div>
      </div>
    );
  }
  return (
    <div ref={box} style={{ display: 'flex', height, minHeight: 600 }} data-testid="split-pane">
      <div
        style={{
          ...paneStyle,
          overflow: 'auto',
          flex: leftPx == null ? '1 1 50%' : `0 0 ${leftPx}px`,
          minWidth: MIN_LEFT,
        }}
      >
        {left}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: an <hr> cannot be a draggable vertical bar */}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-valuenow={leftPx ?? 50}
        tabIndex={-1}
        onPointerDown={(e) => {
          dragging.current = true;
          document.body.style.userSelect = 'none';
          e.preventDefault();
        }}
        onDoubleClick={() => setLeftPx(null)}
        style={{
          width: 8,
          cursor: 'col-resize',
          flex: '0 0 8px',
          background: 'transparent',
          position: 'relative',
        }}
      >
        <div
          style={{
            position: 'absolute',
            left: 3,
            top: 0,
            bottom: 0,
            width: 2,
            background: 'var(--oj-border)',
          }}
        />
      </div>
      <div style={{ ...paneStyle, overflow: 'auto', flex: '1 1 50%', minWidth: MIN_RIGHT }}>{right}</div>
    </div>
  );
}

const paneStyle: React.CSSProperties = {
  background: 'var(--oj-bg-container)',
  borderRadius: 6,
  padding: 16,
  boxSizing: 'border-box',
};
