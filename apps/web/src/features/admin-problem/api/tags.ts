import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { problemKeys } from '../../problem/api/keys.js';
import { adminProblemKeys } from './keys.js';

/** A tag (doc 3 §3 "Tag"): name, colour, classification. */
export interface TagItem {
  id: number;
  name: string;
  color: string;
  oj: string;
  classificationId: number | null;
  gmtCreate: string;
}

/** A tag classification: name and rank (order), per oj. */
export interface ClassificationItem {
  id: number;
  name: string;
  oj: string;
  rank: number;
  gmtCreate: string;
}

/**
 * GET /api/admin/tag: every local (oj ME) tag; for a group's problem form (`gid`) GET /api/group/get-all-problem-tags
 * (the same site tags, for the group's admins).
 */
export const adminTagsQuery = (gid: number | null = null) =>
  queryOptions({
    queryKey: gid == null ? adminProblemKeys.tags() : adminProblemKeys.groupTags(gid),
    queryFn: () =>
      gid == null
        ? apiGet<TagItem[]>('/admin/tag', { oj: 'ME' })
        : apiGet<TagItem[]>('/group/get-all-problem-tags', { gid }),
  });
export const useAdminTags = (gid: number | null = null) => useQuery(adminTagsQuery(gid));

/** GET /api/admin/tag/classification: local classifications by rank. */
export const classificationsQuery = () =>
  queryOptions({
    queryKey: adminProblemKeys.classifications(),
    queryFn: () => apiGet<ClassificationItem[]>('/admin/tag/classification', { oj: 'ME' }),
  });
export const useClassifications = () => useQuery(classificationsQuery());

const refresh = () => {
  void queryClient.invalidateQueries({ queryKey: adminProblemKeys.tags() });
  void queryClient.invalidateQueries({ queryKey: adminProblemKeys.classifications() });
  void queryClient.invalidateQueries({ queryKey: problemKeys.all });
};

export interface TagInput {
  id?: number;
  name: string;
  color: string;
  classificationId: number | null;
}
/** POST /api/admin/tag (no id) or PUT /api/admin/tag (with id); 400 on a duplicate name. */
export const saveTag = (t: TagInput) =>
  t.id
    ? apiPut<TagItem>('/admin/tag', { ...t, oj: 'ME' })
    : apiPost<TagItem>('/admin/tag', { ...t, oj: 'ME' });
/** DELETE /api/admin/tag?tid=. */
export const deleteTag = (tid: number) => apiDelete<null>('/admin/tag', { tid });

export interface ClassificationInput {
  id?: number;
  name: string;
  rank: number;
}
/** POST or PUT /api/admin/tag/classification. */
export const saveClassification = (c: ClassificationInput) =>
  c.id
    ? apiPut<ClassificationItem>('/admin/tag/classification', { ...c, oj: 'ME' })
    : apiPost<ClassificationItem>('/admin/tag/classification', { ...c, oj: 'ME' });
/** DELETE /api/admin/tag/classification?tcid=: its tags become unclassified. */
export const deleteClassification = (tcid: number) => apiDelete<null>('/admin/tag/classification', { tcid });

export const useSaveTag = () => useMutation({ mutationFn: saveTag, onSuccess: refresh });
export const useDeleteTag = () => useMutation({ mutationFn: deleteTag, onSuccess: refresh });
export const useSaveClassification = () =>
  useMutation({ mutationFn: saveClassification, onSuccess: refresh });
export const useDeleteClassification = () =>
  useMutation({ mutationFn: deleteClassification, onSuccess: refresh });
