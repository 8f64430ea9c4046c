/**
 * Where a submission is made and polled (issue 9 §1): practice (all 0), a contest (`cid`), a training (`tid`) or
 * a group (`gid`), as in doc 2 §3's submission fields.
 */
export interface SubmitScope {
  cid: number;
  tid: number;
  gid: number;
}

/** The practice scope: no contest, training or group. */
export const PRACTICE_SCOPE: SubmitScope = { cid: 0, tid: 0, gid: 0 };
