import type { FullScreenProblemVo } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { problemKeys } from './keys.js';

/** Where the focus-mode strip's problems come from: a contest (`cid`) or a training (`tid`). */
export interface StripScope {
  cid?: number;
  tid?: number;
}

/**
 * GET /api/get-full-screen-problem-list?cid= | ?tid= (doc 2 §2.2, §7) -> the contest's or training's problems
 * (pid, problemId = display id, title, status, score) for the focus-mode strip.
 */
export const getFullScreenProblemList = (s: StripScope) =>
  apiGet<FullScreenProblemVo[]>('/get-full-screen-problem-list', s.cid ? { cid: s.cid } : { tid: s.tid });

/** The strip's query; keyed under problemKeys.all so that a verdict's refresh reaches it. */
export const useFullScreenProblemList = (s: StripScope) =>
  useQuery({
    queryKey: [...problemKeys.all, 'full-screen', s.cid ?? 0, s.tid ?? 0] as const,
    queryFn: () => getFullScreenProblemList(s),
    enabled: !!(s.cid || s.tid),
  });
