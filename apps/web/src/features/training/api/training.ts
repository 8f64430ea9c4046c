import type {
  Page,
  TrainingAccessVo,
  TrainingCategoryVo,
  TrainingProblemVo,
  TrainingRankRecord,
  TrainingVo,
} from '@oj/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import type { ProblemDetailResponse } from '../../problem/api/types.js';
import { type TrainingListFilter, trainingKeys } from './keys.js';

export type { TrainingListFilter } from './keys.js';
export { trainingKeys } from './keys.js';

const compact = (f: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** GET /api/get-training-category: every category with its colour. */
export const useTrainingCategories = () =>
  useQuery({
    queryKey: trainingKeys.categories(),
    queryFn: () => apiGet<TrainingCategoryVo[]>('/get-training-category'),
  });

/** GET /api/get-training-list (doc 2 §2.13): a page of visible trainings with the caller's (or `uid`'s) progress. */
export const useTrainingList = (f: TrainingListFilter, enabled = true) =>
  useQuery({
    queryKey: trainingKeys.list(f),
    queryFn: () => apiGet<Page<TrainingVo>>('/get-training-list', compact(f)),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /api/get-training-detail?tid= (login): the training, its description and the caller's AC count. */
export const useTrainingDetail = (tid: number) =>
  useQuery({
    queryKey: trainingKeys.detail(tid),
    queryFn: () => apiGet<TrainingVo & { description: string }>('/get-training-detail', { tid }),
  });

/** GET /api/get-training-access?tid=: whether the caller may enter, is registered, administers it. */
export const useTrainingAccess = (tid: number, enabled = true) =>
  useQuery({
    queryKey: trainingKeys.access(tid),
    queryFn: () => apiGet<TrainingAccessVo>('/get-training-access', { tid }, { silent: true }),
    enabled,
  });

/** POST /api/register-training {tid, password}; refreshes the training's queries on success. */
export const useRegisterTraining = (tid: number) =>
  useMutation({
    mutationFn: (password: string) => apiPost<null>('/register-training', { tid, password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingKeys.one(tid) }),
  });

/** GET /api/get-training-problem-list?tid=: the problems in order with the caller's status. */
export const useTrainingProblems = (tid: number, enabled = true) =>
  useQuery({
    queryKey: trainingKeys.problems(tid),
    queryFn: () => apiGet<TrainingProblemVo[]>('/get-training-problem-list', { tid }),
    enabled,
  });

/** GET /api/get-training-problem-details?tid=&displayId=: the problem as the practice page shows it. */
export const useTrainingProblemDetail = (tid: number, displayId: string) =>
  useQuery({
    queryKey: trainingKeys.problem(tid, displayId),
    queryFn: () => apiGet<ProblemDetailResponse>('/get-training-problem-details', { tid, displayId }),
  });

/** GET /api/get-training-rank?tid&currentPage&limit&keyword: a page of the training's rank. */
export const useTrainingRank = (q: { tid: number; currentPage: number; limit: number; keyword?: string }) =>
  useQuery({
    queryKey: trainingKeys.rank(q.tid, q),
    queryFn: () => apiGet<Page<TrainingRankRecord>>('/get-training-rank', compact(q)),
    placeholderData: keepPreviousData,
  });
