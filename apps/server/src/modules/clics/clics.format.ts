/**
 * The CLICS Contest API's scalar types (ccs-specs 2026-01, Contest_API.md "JSON property types"): absolute times
 * (TIME), contest-relative times (RELTIME) and identifiers (ID). Every time this API writes carries milliseconds, as
 * the spec asks an implementation to be consistent about the optional `.uuu`.
 */

/** The spec version this API implements (the latest stable release of icpc/ccs-specs). */
export const CLICS_VERSION = '2026-01';
/** Where that version is documented. */
export const CLICS_VERSION_URL = 'https://ccs-specs.icpc.io/2026-01/contest_api';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A TIME: ISO 8601 with milliseconds in UTC, e.g. `2026-11-24T10:00:00.000Z`. */
export function clicsTime(d: Date): string {
  return d.toISOString();
}

/** A TIME or null. */
export function clicsTimeOrNull(d: Date | null | undefined): string | null {
  return d ? clicsTime(d) : null;
}

/**
 * A RELTIME from a duration in milliseconds: `(-)h:mm:ss.uuu`, hours not wrapped (e.g. `5:00:00.000`,
 * `-0:15:32.457`). Fractions of a millisecond are dropped toward zero.
 */
export function reltime(ms: number): string {
  const v = Math.abs(Math.trunc(ms));
  const sign = ms < 0 && v > 0 ? '-' : '';
  const h = Math.floor(v / 3_600_000);
  const m = Math.floor(v / 60_000) % 60;
  const s = Math.floor(v / 1000) % 60;
  return `${sign}${h}:${pad(m, 2)}:${pad(s, 2)}.${pad(v % 1000, 3)}`;
}

/** The RELTIME of instant `at` in a contest that starts at `start`. */
export function contestTime(start: Date, at: Date): string {
  return reltime(at.getTime() - start.getTime());
}

/** The CLICS ID syntax: `[a-zA-Z0-9_.-]`, at most 36 characters, not starting with `-` or `.`, not ending with `.`. */
export const CLICS_ID = /^[A-Za-z0-9_]([A-Za-z0-9_.-]{0,34}[A-Za-z0-9_-])?$/;
