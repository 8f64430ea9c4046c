import { ContestStatus } from '@oj/shared';
import { formatDuration } from '../../../lib/time.js';

/** The times of a contest the shell needs (ISO 8601). */
export interface ContestTimes {
  startTime: string;
  endTime: string;
}

/** Local clock correction: server time minus local time when the answer `now` arrived (ms). */
export const clockOffset = (serverNow: string, localNow: number): number => Date.parse(serverNow) - localNow;

/**
 * The contest status at `nowMs` (doc 2 §4.5): scheduled before the start, running until the end, then ended.
 * The shell ticks with this so the header changes state on time without asking the server.
 */
export function phaseAt(c: ContestTimes, nowMs: number): number {
  if (nowMs < Date.parse(c.startTime)) return ContestStatus.SCHEDULED;
  if (nowMs < Date.parse(c.endTime)) return ContestStatus.RUNNING;
  return ContestStatus.ENDED;
}

/** Length of the contest in ms. */
export const durationMs = (c: ContestTimes): number =>
  Math.max(0, Date.parse(c.endTime) - Date.parse(c.startTime));

/** Share of the contest elapsed, 0-100 (0 before the start, 100 after the end). */
export function progressPercent(c: ContestTimes, nowMs: number): number {
  const total = durationMs(c);
  if (total === 0) return nowMs < Date.parse(c.startTime) ? 0 : 100;
  const done = (nowMs - Date.parse(c.startTime)) / total;
  return Math.min(100, Math.max(0, done * 100));
}

/**
 * The slider tooltip of doc 2 §2.7: 00:00:00 before the start, the elapsed time while running, the full duration
 * once ended.
 */
export function sliderLabel(c: ContestTimes, nowMs: number): string {
  const phase = phaseAt(c, nowMs);
  if (phase === ContestStatus.SCHEDULED) return formatDuration(0);
  if (phase === ContestStatus.ENDED) return formatDuration(durationMs(c));
  return formatDuration(nowMs - Date.parse(c.startTime));
}

/**
 * The countdown of the header: before the start the time until it begins, while running the time left, after
 * the end nothing (ms 0). `phase` picks the wording and colour.
 */
export function countdown(c: ContestTimes, nowMs: number): { phase: number; ms: number } {
  const phase = phaseAt(c, nowMs);
  if (phase === ContestStatus.SCHEDULED) return { phase, ms: Date.parse(c.startTime) - nowMs };
  if (phase === ContestStatus.RUNNING) return { phase, ms: Date.parse(c.endTime) - nowMs };
  return { phase, ms: 0 };
}

/** A duration in ms as the list shows it: days, hours and minutes, e.g. `{d: 0, h: 5, m: 0}`. */
export function durationParts(ms: number): { d: number; h: number; m: number } {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  return { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60), m: minutes % 60 };
}
