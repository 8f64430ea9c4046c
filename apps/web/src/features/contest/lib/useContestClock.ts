import { useEffect, useState } from 'react';
import { clockOffset } from './clock.js';

/**
 * The shell's clock (doc 2 §2.7): the server's time (from the contest answer's `now`, corrected for the local
 * clock) ticking once a second while the end lies ahead; frozen after the end. Returns ms since the epoch.
 */
export function useContestClock(c: { now: string; endTime: string } | undefined): number {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (c) setOffset(clockOffset(c.now, Date.now()));
  }, [c]);
  const end = c ? Date.parse(c.endTime) : 0;
  const serverNow = now + offset;
  const ticking = !!c && serverNow < end;
  useEffect(() => {
    if (!ticking) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [ticking]);
  return serverNow;
}
