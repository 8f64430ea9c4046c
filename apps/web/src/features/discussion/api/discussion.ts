import type { Page } from '@oj/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut, apiUpload, type UploadProgress } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { discussionKeys } from './keys.js';
import type { Discussion, DiscussionCategory, DiscussionInput, DiscussionListFilter } from './types.js';

/** GET /api/discussion-category (doc 2 §7): every category. */
export const getCategories = () => apiGet<DiscussionCategory[]>('/discussion-category');
export const categoriesQuery = () =>
  queryOptions({ queryKey: discussionKeys.categories(), queryFn: getCategories, staleTime: 60_000 });
export const useDiscussionCategories = () => useQuery(categoriesQuery());

/**
 * POST /api/discussion-category (super admin): the whole list (new entries without id, removed ones left out);
 * answers the stored list.
 */
export const saveCategories = (list: { id?: number; name: string }[]) =>
  apiPost<DiscussionCategory[]>('/discussion-category', list);
export const useSaveCategories = () =>
  useMutation({
    mutationFn: saveCategories,
    onSuccess: (list) => {
      queryClient.setQueryData(discussionKeys.categories(), list);
      void queryClient.invalidateQueries({ queryKey: discussionKeys.all });
    },
  });

/**
 * GET /api/get-discussion-list (doc 2 §7): a page of discussions, pinned first; a group's (`gid`): GET
 * /api/group/get-discussion-list (HOJ's path, doc 3 §7 "group discussion list (page, limit, groupID, problemID)").
 */
export const getDiscussionList = (f: DiscussionListFilter) =>
  apiGet<Page<Discussion>>(f.gid ? '/group/get-discussion-list' : '/get-discussion-list', f);
export const discussionListQuery = (f: DiscussionListFilter) =>
  queryOptions({ queryKey: discussionKeys.list(f), queryFn: () => getDiscussionList(f) });
export const useDiscussionList = (f: DiscussionListFilter) =>
  useQuery({ ...discussionListQuery(f), placeholderData: keepPreviousData });

/** GET /api/get-discussion-detail?did (doc 2 §7): the discussion with its content and the caller's like. */
export const getDiscussionDetail = (did: number) => apiGet<Discussion>('/get-discussion-detail', { did });
export const discussionDetailQuery = (did: number) =>
  queryOptions({ queryKey: discussionKeys.detail(did), queryFn: () => getDiscussionDetail(did) });
export const useDiscussionDetail = (did: number) =>
  useQuery({ ...discussionDetailQuery(did), enabled: Number.isInteger(did) && did > 0 });

const refresh = () => void queryClient.invalidateQueries({ queryKey: discussionKeys.all });

/**
 * POST /api/discussion (new) or PUT /api/discussion (edit own; like and view counts are not sent); in a group
 * (`gid`) /api/group/discussion, a new one carrying the gid.
 */
export const saveDiscussion = (d: DiscussionInput, gid: number | null = null) => {
  const url = gid == null ? '/discussion' : '/group/discussion';
  return d.id ? apiPut<Discussion>(url, d) : apiPost<Discussion>(url, gid == null ? d : { ...d, gid });
};
export const useSaveDiscussion = (gid: number | null = null) =>
  useMutation({ mutationFn: (d: DiscussionInput) => saveDiscussion(d, gid), onSuccess: refresh });

/** DELETE /api/discussion?did (own, or any for admin roles; a group's: /api/group/discussion, also its admins). */
export const deleteDiscussion = (did: number, gid: number | null = null) =>
  apiDelete<null>(gid == null ? '/discussion' : '/group/discussion', { did });
export const useDeleteDiscussion = (gid: number | null = null) =>
  useMutation({ mutationFn: (did: number) => deleteDiscussion(did, gid), onSuccess: refresh });

/** GET /api/discussion-like?did&toLike=true: likes once; a like cannot be undone (doc 2 §4.6). */
export const likeDiscussion = (did: number) => apiGet<null>('/discussion-like', { did, toLike: true });
export const useLikeDiscussion = () => useMutation({ mutationFn: likeDiscussion, onSuccess: refresh });

/** POST /api/discussion-report: `content` is the `#tag#` labels followed by the reason (doc 2 §5). */
export const reportDiscussion = (r: { did: number; content: string; reporter: string }) =>
  apiPost<null>('/discussion-report', r);
export const useReportDiscussion = () => useMutation({ mutationFn: reportDiscussion });

/**
 * POST /api/file/upload-md-img (doc 1 §7): an image for markdown; answers its address (`link`) and `fileId`. `gid`:
 * an image of a group's text (the optional gid of doc 1 §7).
 */
export const uploadMdImage = (file: File, gid: number | null = null, onProgress?: UploadProgress) =>
  apiUpload<{ link: string; fileId: number }>(
    gid == null ? '/file/upload-md-img' : `/file/upload-md-img?gid=${gid}`,
    'image',
    file,
    file.name,
    onProgress,
  );

/**
 * POST /api/file/upload-md-file (doc 1 §7): any file for markdown (≤ 32 MB), answers its address (`link`, served as
 * an attachment) and `fileId`. Admin roles only; with `gid`, that group's admins instead.
 */
export const uploadMdFile = (file: File, gid: number | null = null, onProgress?: UploadProgress) =>
  apiUpload<{ link: string; fileId: number }>(
    gid == null ? '/file/upload-md-file' : `/file/upload-md-file?gid=${gid}`,
    'file',
    file,
    file.name,
    onProgress,
  );
