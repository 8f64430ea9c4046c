/**
 * AC progress of a training in percent with two decimals (doc 2 §2.13: acCount / problemCount, 100 when the
 * training has no problems).
 */
export function progressPercent(acCount: number | null | undefined, problemCount: number): number {
  if (problemCount <= 0) return 100;
  return Math.round(((acCount ?? 0) / problemCount) * 10000) / 100;
}
