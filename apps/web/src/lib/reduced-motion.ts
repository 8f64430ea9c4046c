import { useSyncExternalStore } from 'react';

/**
 * Whether the system asks for less motion (`prefers-reduced-motion: reduce`: an OS setting people with vestibular
 * disorders turn on, WCAG 2.3.3). The app then turns antd's motion off (`App.tsx`) and `app/a11y.css` stops CSS
 * animations and transitions: dialogs, drawers and toasts appear and go at once, skeletons and spinners stand still.
 * Re-renders when the setting changes.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** The one media query list, made once (getSnapshot runs on every render). */
const motionQuery: MediaQueryList | undefined =
  typeof window === 'undefined' ? undefined : window.matchMedia?.(REDUCED_MOTION_QUERY);
const query = () => motionQuery;

function subscribe(onChange: () => void): () => void {
  const q = query();
  q?.addEventListener?.('change', onChange);
  return () => q?.removeEventListener?.('change', onChange);
}

/** True while the system asks for reduced motion; false where it cannot tell (no matchMedia, server render). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !!query()?.matches,
    () => false,
  );
}
