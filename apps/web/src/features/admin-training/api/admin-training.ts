import type { AdminTrainingVo, Page, TrainingBody, TrainingCategoryVo } from '@oj/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { trainingKeys } from '../../training/api/keys.js';

/** Query keys of the training back office; every edit also invalidates the public `trainingKeys.all`. */
export const adminTrainingKeys = {
  all: ['admin-training'] as const,
  list: (q: object) => ['admin-training', 'list', q] as const,
  one: (tid: number) => ['admin-training', tid] as const,
  problems: (tid: number, q: object) => ['admin-training', tid, 'problems', q] as const,
};

const refresh = () => {
  void queryClient.invalidateQueries({ queryKey: adminTrainingKeys.all });
  void queryClient.invalidateQueries({ queryKey: trainingKeys.all });
};

/** A problem row of the admin training problem lists. */
export interface TrainingAdminProblemRow {
  id?: number;
  pid: number;
  problemId: string;
  title: string;
  author: string;
  auth: number;
  difficulty: number;
  displayId?: string;
  rank?: number;
}

/** GET /api/admin/training/list?keyword&currentPage&limit. */
export const useAdminTrainings = (q: { keyword: string; currentPage: number; limit: number }) =>
  useQuery({
    queryKey: adminTrainingKeys.list(q),
    queryFn: () => apiGet<Page<AdminTrainingVo>>('/admin/training/list', q),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/training?tid= (author or super admin). */
export const useAdminTraining = (tid: number | null) =>
  useQuery({
    queryKey: adminTrainingKeys.one(tid ?? 0),
    queryFn: () =>
      apiGet<{ training: AdminTrainingVo; trainingCategory: TrainingCategoryVo | null }>('/admin/training', {
        tid,
      }),
    enabled: tid != null,
  });

/** POST (new) or PUT (with training.id) /api/admin/training. */
export const useSaveTraining = () =>
  useMutation({
    mutationFn: (b: TrainingBody) =>
      b.training.id
        ? apiPut<null>('/admin/training', b).then(() => ({ tid: b.training.id as number }))
        : apiPost<{ tid: number }>('/admin/training', b),
    onSuccess: refresh,
  });

/** DELETE /api/admin/training?tid= (super admin). */
export const useDeleteTraining = () =>
  useMutation({
    mutationFn: (tid: number) => apiDelete<null>('/admin/training', { tid }),
    onSuccess: refresh,
  });

/** PUT /api/admin/training/change-training-status?tid=&status=. */
export const useChangeTrainingStatus = () =>
  useMutation({
    mutationFn: (v: { tid: number; status: boolean }) =>
      apiPut<null>('/admin/training/change-training-status', undefined, undefined, v),
    onSuccess: refresh,
  });

/** GET /api/admin/training/get-problem-list: the training's problems (queryExisted) or public ones to add. */
export const useTrainingAdminProblems = (q: {
  tid: number;
  keyword: string;
  queryExisted: boolean;
  currentPage: number;
  limit: number;
}) =>
  useQuery({
    queryKey: adminTrainingKeys.problems(q.tid, q),
    queryFn: () => apiGet<Page<TrainingAdminProblemRow>>('/admin/training/get-problem-list', q),
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/training/add-problem-from-public {pid, tid, displayId}. */
export const useAddTrainingProblem = () =>
  useMutation({
    mutationFn: (b: { pid: number; tid: number; displayId: string }) =>
      apiPost<null>('/admin/training/add-problem-from-public', b),
    onSuccess: refresh,
  });

/** PUT /api/admin/training/problem {id, displayId?, rank?}. */
export const useUpdateTrainingProblem = () =>
  useMutation({
    mutationFn: (b: { id: number; displayId?: string; rank?: number }) =>
      apiPut<null>('/admin/training/problem', b),
    onSuccess: refresh,
  });

/** DELETE /api/admin/training/problem?pid=&tid=: removes from the training only. */
export const useRemoveTrainingProblem = () =>
  useMutation({
    mutationFn: (q: { pid: number; tid: number }) => apiDelete<null>('/admin/training/problem', q),
    onSuccess: refresh,
  });

/** POST / PUT / DELETE /api/admin/training/category. */
export const useSaveCategory = () =>
  useMutation({
    mutationFn: (b: { id?: number; name: string; color: string }) =>
      b.id
        ? apiPut<null>('/admin/training/category', b)
        : apiPost<TrainingCategoryVo>('/admin/training/category', b),
    onSuccess: refresh,
  });
export const useDeleteCategory = () =>
  useMutation({
    mutationFn: (cid: number) => apiDelete<null>('/admin/training/category', { cid }),
    onSuccess: refresh,
  });
