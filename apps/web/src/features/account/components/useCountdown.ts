import { useEffect, useState } from 'react';

/** A seconds countdown for the resend buttons (60 s register, 90 s reset; doc 1 §4). */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  return { left, start: setLeft };
}
