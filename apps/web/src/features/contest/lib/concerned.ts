/** Local storage key of the concerned users of every contest (doc 2 §3 "Local storage keys"). */
export const CONCERNED_KEY = 'contest-rank-concerned';

function readAll(): Record<string, string[]> {
  try {
    const v = JSON.parse(localStorage.getItem(CONCERNED_KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string[]>) : {};
  } catch {
    return {};
  }
}

/** The uids the viewer follows on contest `cid`'s board (doc 2 §2.9), kept per contest in local storage. */
export function loadConcerned(cid: number): string[] {
  const list = readAll()[String(cid)];
  return Array.isArray(list) ? list.filter((u) => typeof u === 'string') : [];
}

/** Adds or removes `uid` from contest `cid`'s concerned list; returns the new list. */
export function toggleConcerned(cid: number, uid: string): string[] {
  const all = readAll();
  const cur = loadConcerned(cid);
  const next = cur.includes(uid) ? cur.filter((u) => u !== uid) : [...cur, uid];
  all[String(cid)] = next;
  try {
    localStorage.setItem(CONCERNED_KEY, JSON.stringify(all));
  } catch {
    // storage full or blocked: the list lives for this page only
  }
  return next;
}
