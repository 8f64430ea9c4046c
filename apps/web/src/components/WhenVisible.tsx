import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` only once its place comes near the viewport (IntersectionObserver, `margin` ahead); until
 * then an empty box of `minHeight` holds the place. For below-the-fold parts of weight-critical pages (the home
 * page's cards): their code and data are fetched when someone scrolls to them, not with the first load.
 * `armed` false holds the watch back while the content above is still loading (spinners are shorter than what
 * replaces them, so the place would pass through the viewport for a moment); once armed it stays armed.
 */
export function WhenVisible({
  children,
  minHeight,
  margin = '0px',
  armed = true,
}: {
  children: ReactNode;
  minHeight: number;
  margin?: string;
  armed?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  const [wasArmed, setWasArmed] = useState(armed);
  if (armed && !wasArmed) setWasArmed(true);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el || !wasArmed) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [seen, margin, wasArmed]);
  return (
    <div ref={ref} style={seen ? undefined : { minHeight }}>
      {seen ? children : null}
    </div>
  );
}
