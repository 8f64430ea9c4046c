import type { AcmCellVo } from '@oj/shared';

/**
 * The scroll board's address and cell rules (issue 10 §2; doc 2 §2.10): `/scrollBoard?cid=…&removeStar=…&medals[]=
 * gold&medals[]=silver&medals[]=bronze` (medal counts, as HOJ's config page writes them), and what a cell shows.
 */

/** Gold, silver and bronze counts. */
export type MedalCounts = [number, number, number];

export const MEDALS = ['gold', 'silver', 'bronze'] as const;

export interface ScrollParams {
  /** null when the address carries no valid contest id. */
  cid: number | null;
  removeStar: boolean;
  /** null when the address names no medal counts (the page then uses {@link defaultMedals}). */
  medals: MedalCounts | null;
}

const count = (v: string | undefined) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 100_000) : 0;
};

/** Reads the page's query: `medals[]` repeated (HOJ) or one comma-separated `medals`; bad numbers count 0. */
export function parseScrollParams(search: string): ScrollParams {
  const q = new URLSearchParams(search);
  const cid = Number(q.get('cid'));
  const listed = q.getAll('medals[]');
  const raw = listed.length ? listed : (q.get('medals')?.split(',') ?? []);
  return {
    cid: Number.isInteger(cid) && cid > 0 ? cid : null,
    removeStar: q.get('removeStar') === 'true' || q.get('removeStar') === '1',
    medals: raw.length ? [count(raw[0]), count(raw[1]), count(raw[2])] : null,
  };
}

/** The page's address for these settings (what the contest's Scroll Board tab opens). */
export function scrollBoardUrl(p: { cid: number; removeStar: boolean; medals: MedalCounts }): string {
  const medals = p.medals.map((m) => `medals[]=${Math.max(0, Math.floor(m))}`).join('&');
  return `/scrollBoard?cid=${p.cid}&removeStar=${p.removeStar}&${medals}`;
}

/**
 * The default medal counts for `participants` non-star rows: HOJ's 10 %, 20 % and 30 % of them, rounded down, with
 * at least one gold when there is anyone (issue 25 item 10: with fewer than 10 rows the champion got silver; medals
 * go only to rows that solved something, so "anyone solved" is what gives the gold).
 */
export function defaultMedals(participants: number): MedalCounts {
  const n = Math.max(0, Math.floor(participants));
  return [n > 0 ? Math.max(1, Math.floor(n * 0.1)) : 0, Math.floor(n * 0.2), Math.floor(n * 0.3)];
}

/**
 * Equal rank, equal medal (issue 25 item 10): `awards` (per row, medal index or -1, given by position) with each
 * row of a tie taking the medal of the tie's first row (`ranks` per row, -1 for stars, ties share a rank). A tie
 * across a medal line thus gets the better medal for all its rows. Returns a new array.
 */
export function tieMedals(awards: readonly number[], ranks: readonly number[]): number[] {
  const out = [...awards];
  let head = -1;
  for (let i = 0; i < out.length; i += 1) {
    if (ranks[i] === -1) continue;
    if (head >= 0 && ranks[head] === ranks[i]) {
      if (out[head] >= 0) out[i] = out[head];
    } else head = i;
  }
  return out;
}

/** How a scroll board cell looks: solved (first), wrong, pending (hidden tries), or empty. */
export type ScrollCellKind = 'first-ac' | 'ac' | 'wrong' | 'pending' | '';

/**
 * A cell's look and its two lines: the attempt count (tries before the AC plus the AC; wrong tries; or known wrong
 * plus hidden tries with a `?`), and the solve minute for a solved cell.
 */
export function scrollCell(c: AcmCellVo | undefined): {
  kind: ScrollCellKind;
  attempts: string;
  minute: string;
} {
  if (!c) return { kind: '', attempts: '', minute: '' };
  if (c.isAC) {
    return {
      kind: c.isFirstAC ? 'first-ac' : 'ac',
      attempts: String(c.errorNum + 1),
      minute: String(Math.floor((c.ACTime ?? 0) / 60)),
    };
  }
  if (c.tryNum > 0) return { kind: 'pending', attempts: `${c.errorNum + c.tryNum}?`, minute: '' };
  if (c.errorNum > 0) return { kind: 'wrong', attempts: String(c.errorNum), minute: '' };
  return { kind: '', attempts: '', minute: '' };
}
