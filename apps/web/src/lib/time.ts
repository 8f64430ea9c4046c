import dayjs from 'dayjs';

/** Time helpers (doc 3 "Translation and helpers"): UTC ISO strings shown in local time. */

/** Local date and time, `YYYY-MM-DD HH:mm`. Empty for absent values. */
export function formatTime(iso: string | null | undefined, pattern = 'YYYY-MM-DD HH:mm'): string {
  return iso ? dayjs(iso).format(pattern) : '';
}

/** A duration in ms as HH:MM:SS (hours may exceed 24). */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
