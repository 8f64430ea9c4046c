import { CONTEST_HELPER_LIMITS } from '@oj/shared';

/**
 * The contest announcements the viewer has read, kept per contest in local storage (doc 2 §3 "Local storage keys":
 * contest announcement; §7 `readAnnouncementList`). One key holds `[[cid, [ids…]], …]`, the contest read last at
 * the end (an array: an object's integer-like keys would not keep that order).
 */
export const ANNOUNCEMENT_READ_KEY = 'contest-announcement';

/** At most this many contests are remembered; the ones read longest ago are dropped first. */
export const MAX_CONTESTS = 50;

/** Contest id and its read announcement ids, the contest read longest ago first. */
export type ReadList = [number, number[]][];

const positive = (i: unknown): i is number => Number.isSafeInteger(i) && (i as number) > 0;

/** The list stored under the key (`raw`), or `[]` when absent or not ours; ids that are not positive integers dropped. */
export function parseReads(raw: string | null): ReadList {
  let v: unknown;
  try {
    v = JSON.parse(raw ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(v)) return [];
  const out: ReadList = [];
  for (const e of v) {
    if (Array.isArray(e) && positive(e[0]) && Array.isArray(e[1])) out.push([e[0], e[1].filter(positive)]);
  }
  return out;
}

/** Contest `cid`'s read ids in `list`. */
export const idsOf = (list: ReadList, cid: number): number[] => list.find(([c]) => c === cid)?.[1] ?? [];

/**
 * `list` with `ids` added to contest `cid`'s ids (no duplicates). It keeps the newest
 * `CONTEST_HELPER_LIMITS.readListMax` ids (what the server accepts), and the contest moves to the end so that, beyond
 * `MAX_CONTESTS`, the contest read longest ago is forgotten.
 */
export function addReads(list: ReadList, cid: number, ids: readonly number[]): ReadList {
  const merged = [...new Set([...idsOf(list, cid), ...ids])].slice(-CONTEST_HELPER_LIMITS.readListMax);
  const rest = list.filter(([c]) => c !== cid);
  return [...rest.slice(Math.max(0, rest.length - (MAX_CONTESTS - 1))), [cid, merged]];
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The ids of contest `cid`'s announcements this browser has read. */
export function loadReadIds(cid: number): number[] {
  return idsOf(parseReads(storage()?.getItem(ANNOUNCEMENT_READ_KEY) ?? null), cid);
}

/** Marks `ids` of contest `cid` read in this browser; returns the contest's new list. */
export function markRead(cid: number, ids: readonly number[]): number[] {
  const s = storage();
  const list = addReads(parseReads(s?.getItem(ANNOUNCEMENT_READ_KEY) ?? null), cid, ids);
  try {
    s?.setItem(ANNOUNCEMENT_READ_KEY, JSON.stringify(list));
  } catch {
    // storage full or blocked: they count as read for this page only
  }
  return idsOf(list, cid);
}
