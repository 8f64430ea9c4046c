import type { Page } from '@oj/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api.js';
import { problemKeys } from './keys.js';
import type { ProblemListFilter, ProblemListItem, ProblemStatusVo, TagGroup } from './types.js';

/** Drops empty filter values (doc 2 §7: empty values are not sent). */
function compact(f: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/** GET /api/get-problem-list (doc 2 §2.1, §7) -> a page of problems. */
export const getProblemList = (f: ProblemListFilter) =>
  apiGet<Page<ProblemListItem>>('/get-problem-list', compact(f));
export const problemListQuery = (f: ProblemListFilter) =>
  queryOptions({ queryKey: problemKeys.list(compact(f)), queryFn: () => getProblemList(f) });
export const useProblemList = (f: ProblemListFilter) =>
  useQuery({ ...problemListQuery(f), placeholderData: keepPreviousData });

/** GET /api/get-problem-tags-and-classification?oj= (doc 2 §2.1 tag filter). */
export const getTagsAndClassification = (oj?: string) =>
  apiGet<TagGroup[]>('/get-problem-tags-and-classification', compact({ oj }));
export const tagsAndClassificationQuery = (oj?: string) =>
  queryOptions({
    queryKey: problemKeys.tagsAndClassification(oj ?? ''),
    queryFn: () => getTagsAndClassification(oj),
    staleTime: 5 * 60_000,
  });
export const useTagsAndClassification = (oj?: string) => useQuery(tagsAndClassificationQuery(oj));

/** POST /api/get-user-problem-status (login) -> map pid to {status, score}. Silent: the list works without it. */
export const getUserProblemStatus = (pidList: number[]) =>
  apiPost<Record<string, ProblemStatusVo>>(
    '/get-user-problem-status',
    { pidList, isContestProblemList: false },
    { silent: true },
  );
export const userProblemStatusQuery = (pidList: number[]) =>
  queryOptions({ queryKey: problemKeys.userStatus(pidList), queryFn: () => getUserProblemStatus(pidList) });
export const useUserProblemStatus = (pidList: number[], enabled: boolean) =>
  useQuery({ ...userProblemStatusQuery(pidList), enabled: enabled && pidList.length > 0 });

/** GET /api/get-random-problem -> { problemId } (404 toast when there is none). */
export const getRandomProblem = () => apiGet<{ problemId: string }>('/get-random-problem');
