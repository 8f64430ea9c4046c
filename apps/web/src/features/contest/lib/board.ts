import { RankShowName } from '@oj/shared';
import { formatDuration } from '../../../lib/time.js';
import type { AcmCell, BoardRowBase } from '../api/types.js';

/**
 * Scoreboard cell classes of doc 2 §4.5. ACM: after-contest AC, first AC, AC, try (tries without a visible verdict:
 * sealed or judging), wrong; empty for an untouched problem.
 */
export type AcmCellClass = 'ac-after' | 'first-ac' | 'ac' | 'try' | 'wrong' | '';
export function acmCellClass(cell: AcmCell | undefined): AcmCellClass {
  if (!cell) return '';
  if (cell.isAC && cell.isAfterContest) return 'ac-after';
  if (cell.isFirstAC) return 'first-ac';
  if (cell.isAC) return 'ac';
  if (cell.tryNum > 0) return 'try';
  if (cell.errorNum > 0) return 'wrong';
  return '';
}

/** The two lines of an ACM cell: the AC time (HH:MM:SS from the start) and the tries, `(-2)` wrong, `(+1)` sealed. */
export function acmCellText(cell: AcmCell | undefined): { time: string; tries: string } {
  if (!cell) return { time: '', tries: '' };
  const time = cell.isAC && cell.ACTime != null ? formatDuration(cell.ACTime * 1000) : '';
  const parts: string[] = [];
  if (cell.errorNum > 0) parts.push(`(-${cell.errorNum})`);
  if (cell.tryNum > 0) parts.push(`(+${cell.tryNum})`);
  return { time, tries: parts.join(' ') };
}

/**
 * OI cell class (doc 2 §4.5): full score (or an AC time present) 100, zero 0, between otherwise; a cell with only
 * pending or sealed tries 'try'; '' if untried.
 */
export type OiCellClass = 'oi-100' | 'oi-0' | 'oi-between' | 'try' | '';
export function oiCellClass(
  score: number | undefined,
  time: number | undefined,
  tries = 0,
  full = 100,
): OiCellClass {
  if (score == null) return tries > 0 ? 'try' : '';
  if (score >= full || time != null) return 'oi-100';
  if (score === 0) return 'oi-0';
  return 'oi-between';
}

/**
 * The name a board shows for a row: the server's `showName` (by the contest's rankShowName), else picked here,
 * falling back to the username.
 */
export function shownName(row: Partial<BoardRowBase> & { username: string }, rankShowName: string): string {
  if (row.showName) return row.showName;
  if (rankShowName === RankShowName.NICKNAME && row.nickname) return row.nickname;
  if (rankShowName === RankShowName.REALNAME && row.realname) return row.realname;
  return row.username;
}
