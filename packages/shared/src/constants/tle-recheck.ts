/**
 * Borderline time limits looked at twice (issue 29 part 3; docs/judging.md "Borderline TLE re-check"). A problem
 * has a switch (`default` = the site's setting, `on`, `off`) and an optional margin (percent of the time limit;
 * null = the site's margin). The site default lives in the back office's Switch config (`tleRecheck`,
 * `tleRecheckMarginPercent`).
 */

/** The per-problem switch values: `default` follows the site's setting. */
export const TLE_RECHECK_MODES = ['default', 'on', 'off'] as const;
export type TleRecheckMode = (typeof TLE_RECHECK_MODES)[number];

/** The margin over the time limit, whole percent: allowed range and the site's default. */
export const TLE_RECHECK_MARGIN = { min: 1, max: 20, default: 5 } as const;

/** The site default (Switch config). */
export interface TleRecheckSite {
  tleRecheck: boolean;
  tleRecheckMarginPercent: number;
}

/** The problem's own setting (problem columns `tle_recheck`, `tle_recheck_margin`). */
export interface TleRecheckProblem {
  tleRecheck: string;
  tleRecheckMargin: number | null;
}

/**
 * The policy in force for a problem: `{ marginPercent }` when borderline TLEs are re-run, null when not. The
 * problem's `on` / `off` wins over the site's switch; its margin (when set) wins over the site's margin. An unknown
 * switch value reads as `default`.
 */
export function resolveTleRecheck(
  problem: TleRecheckProblem,
  site: TleRecheckSite,
): { marginPercent: number } | null {
  const on = problem.tleRecheck === 'on' || (problem.tleRecheck !== 'off' && site.tleRecheck);
  if (!on) return null;
  const margin = problem.tleRecheckMargin ?? site.tleRecheckMarginPercent;
  const clamped = Math.min(TLE_RECHECK_MARGIN.max, Math.max(TLE_RECHECK_MARGIN.min, Math.round(margin)));
  return { marginPercent: clamped };
}
