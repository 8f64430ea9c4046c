/**
 * Rank figures of doc 2 §2.11 / §9: OI score shown as score/100 rounded; rating from ac and total as a percentage
 * (two decimals, at most 100), OI weighting ac by 1.2.
 */
export function oiScore(score: number): number {
  return Math.round(score / 100);
}

/** Rating in percent with two decimals ("66.67"); 0 submissions give "0.00". */
export function rating(ac: number, total: number, oi: boolean): string {
  if (!total) return '0.00';
  return Math.min(100, ((oi ? 1.2 : 1) * ac * 100) / total).toFixed(2);
}
