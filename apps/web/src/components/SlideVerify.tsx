import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampOffset, isSlideMatch, PIECE_SPAN, pickGap, piecePath, SLIDE } from './slide-verify-math.js';

type Phase = 'idle' | 'dragging' | 'success' | 'fail';

/** Paints a random, non-photographic background so the gap is visible but not trivially found. */
function paintBackground(ctx: CanvasRenderingContext2D, rand: () => number): void {
  const g = ctx.createLinearGradient(0, 0, SLIDE.width, SLIDE.height);
  const hue = Math.floor(rand() * 360);
  g.addColorStop(0, `hsl(${hue}, 60%, 65%)`);
  g.addColorStop(1, `hsl(${(hue + 120) % 360}, 60%, 55%)`);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, SLIDE.width, SLIDE.height);
  for (let i = 0; i < 18; i++) {
    ctx.fillStyle = `hsla(${Math.floor(rand() * 360)}, 70%, 60%, 0.55)`;
    ctx.beginPath();
    ctx.arc(rand() * SLIDE.width, rand() * SLIDE.height, 6 + rand() * 22, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * The slide-verify puzzle of doc 1 §4 (325 x 100 px, accuracy 3 px): drag the handle so the piece covers the
 * gap (or, by keyboard, move it with the arrow keys and press Enter). Calls `onSuccess` when it does; a miss
 * shakes, reports `onFail` and draws a new puzzle.
 */
export function SlideVerify({ onSuccess, onFail }: { onSuccess: () => void; onFail?: () => void }) {
  const { t } = useTranslation('account');
  const bgRef = useRef<HTMLCanvasElement>(null);
  const pieceRef = useRef<HTMLCanvasElement>(null);
  const [gap, setGap] = useState(() => pickGap(Math.random));
  const [offset, setOffset] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const drag = useRef<{ startX: number } | null>(null);

  const draw = useCallback(() => {
    const bg = bgRef.current?.getContext('2d');
    const pc = pieceRef.current?.getContext('2d');
    if (!bg || !pc) return;
    paintBackground(bg, Math.random);
    // Cut the piece out of the background, then darken the gap.
    const full = bg.getImageData(0, 0, SLIDE.width, SLIDE.height);
    pc.clearRect(0, 0, PIECE_SPAN, SLIDE.height);
    pc.save();
    piecePath(pc, 0, gap.y);
    pc.clip();
    const tmp = document.createElement('canvas');
    tmp.width = SLIDE.width;
    tmp.height = SLIDE.height;
    tmp.getContext('2d')?.putImageData(full, 0, 0);
    pc.drawImage(tmp, -gap.x, 0);
    pc.restore();
    piecePath(pc, 0, gap.y);
    pc.strokeStyle = 'rgba(255,255,255,0.9)';
    pc.lineWidth = 2;
    pc.stroke();
    piecePath(bg, gap.x, gap.y);
    bg.fillStyle = 'rgba(0,0,0,0.45)';
    bg.fill();
  }, [gap]);

  useEffect(draw, [draw]);

  const reset = () => {
    setOffset(0);
    setPhase('idle');
    setGap(pickGap(Math.random));
  };

  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    if (phase === 'success') return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX };
    setPhase('dragging');
  };
  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setOffset(clampOffset(e.clientX - drag.current.startX));
  };
  /** Checks the piece at `final` px: success, or a miss that shakes and draws a new puzzle. */
  const check = (final: number) => {
    if (isSlideMatch(final, gap.x)) {
      setOffset(final);
      setPhase('success');
      onSuccess();
    } else {
      setPhase('fail');
      onFail?.();
      setTimeout(reset, 600);
    }
  };
  const onPointerUp = (e: React.PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const final = clampOffset(e.clientX - drag.current.startX);
    drag.current = null;
    check(final);
  };
  /** Keyboard: arrows move the piece 1 px (10 with Shift), Home/End to the ends, Enter or Space checks it. */
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (phase === 'success' || phase === 'fail') return;
    const step = e.shiftKey ? 10 : 1;
    const moves: Record<string, number> = {
      ArrowRight: offset + step,
      ArrowUp: offset + step,
      ArrowLeft: offset - step,
      ArrowDown: offset - step,
      Home: 0,
      End: SLIDE.width,
    };
    if (e.key in moves) {
      e.preventDefault();
      setOffset(clampOffset(moves[e.key] as number));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      check(offset);
    }
  };

  const color = phase === 'success' ? '#52c41a' : phase === 'fail' ? '#ff4d4f' : '#1677ff';
  return (
    <div data-testid="slide-verify" style={{ width: SLIDE.width, margin: '0 auto 16px', userSelect: 'none' }}>
      <div style={{ position: 'relative', width: SLIDE.width, height: SLIDE.height }}>
        <canvas
          ref={bgRef}
          width={SLIDE.width}
          height={SLIDE.height}
          style={{ display: 'block', borderRadius: 4 }}
        />
        <canvas
          ref={pieceRef}
          width={PIECE_SPAN}
          height={SLIDE.height}
          style={{ position: 'absolute', left: offset, top: 0 }}
        />
        <button
          type="button"
          className="oj-plain-button"
          onClick={reset}
          aria-label={t('Refresh')}
          style={{ position: 'absolute', right: 6, top: 6, color: '#fff' }}
        >
          <ReloadOutlined aria-hidden />
        </button>
      </div>
      <div
        style={{
          position: 'relative',
          height: 40,
          marginTop: 8,
          background: 'var(--oj-bg-subtle)',
          border: '1px solid var(--oj-border)',
          borderRadius: 4,
          textAlign: 'center',
          lineHeight: '40px',
          color: 'var(--oj-text-tertiary)',
          fontSize: 13,
        }}
      >
        {phase === 'success'
          ? t('Verify_passed')
          : phase === 'fail'
            ? t('Verify_failed')
            : t('Slide_to_fill')}
        <div
          data-testid="slide-handle"
          role="slider"
          aria-valuenow={offset}
          aria-valuemin={0}
          aria-valuemax={SLIDE.width - PIECE_SPAN}
          aria-label={t('Slide_to_fill')}
          tabIndex={0}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onKeyDown={onKeyDown}
          style={{
            position: 'absolute',
            top: -1,
            left: offset,
            width: 40,
            height: 40,
            background: color,
            color: '#fff',
            borderRadius: 4,
            cursor: 'grab',
            touchAction: 'none',
          }}
        >
          {phase === 'success' ? (
            <CheckOutlined />
          ) : phase === 'fail' ? (
            <CloseOutlined />
          ) : (
            <ArrowRightOutlined />
          )}
        </div>
      </div>
    </div>
  );
}
