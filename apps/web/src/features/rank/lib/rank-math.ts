import { shownOiRankScore } from '@oj/shared';

/** Rank figures of doc 2 §2.11 / §9. The OI score as shown: the shared scale (score / 100, rounded). */
export const oiScore = shownOiRankScore;

/** Rating in percent with two decimals (at most 100), OI weighting ac by 1.2 ("66.67"); 0 submissions give "0.00". */
export function rating(ac: number, total: number, oi: boolean): string {
  if (!total) return '0.00';
  return Math.min(100, ((oi ? 1.2 : 1) * ac * 100) / total).toFixed(2);
}
