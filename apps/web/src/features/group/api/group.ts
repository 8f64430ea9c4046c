import type { GroupAccessVo, GroupMemberVo, GroupVo, Page } from '@oj/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut, apiUpload, type UploadProgress } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { type GroupListFilter, type GroupPageQuery, groupKeys } from './keys.js';

export { type GroupListFilter, groupKeys } from './keys.js';

const compact = (f: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** GET /api/get-group-list?currentPage&limit&keyword&auth&onlyMine: a page of the groups the caller may see. */
export const getGroupList = (f: GroupListFilter) => apiGet<Page<GroupVo>>('/get-group-list', compact(f));
export const groupListQuery = (f: GroupListFilter) =>
  queryOptions({ queryKey: groupKeys.list(f), queryFn: () => getGroupList(f) });
export const useGroupList = (f: GroupListFilter) =>
  useQuery({ ...groupListQuery(f), placeholderData: keepPreviousData });

/** GET /api/get-group-detail?gid: the group with its description (and invitation code for its roots); 404 hidden. */
export const getGroupDetail = (gid: number) => apiGet<GroupVo>('/get-group-detail', { gid });
export const groupDetailQuery = (gid: number) =>
  queryOptions({ queryKey: groupKeys.detail(gid), queryFn: () => getGroupDetail(gid) });
export const useGroupDetail = (gid: number) => useQuery(groupDetailQuery(gid));

/** GET /api/get-group-access?gid (login): the caller's level and whether they enter, administer, own the group. */
export const getGroupAccess = (gid: number) =>
  apiGet<GroupAccessVo>('/get-group-access', { gid }, { silent: true });
export const groupAccessQuery = (gid: number) =>
  queryOptions({ queryKey: groupKeys.access(gid), queryFn: () => getGroupAccess(gid) });
export const useGroupAccess = (gid: number, enabled = true) =>
  useQuery({ ...groupAccessQuery(gid), enabled });

/** After joining, leaving or a change of the group: its pages and the lists refetch. */
const refreshGroup = (gid?: number) => {
  void queryClient.invalidateQueries({ queryKey: gid == null ? groupKeys.all : groupKeys.one(gid) });
  void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
};

/** The group form's values (doc 3 §5): POST /api/group creates, PUT /api/group (with `id`) changes. */
export interface GroupInput {
  id?: number;
  name: string;
  shortName: string;
  brief: string;
  description: string;
  auth: number;
  code?: string;
  visible: boolean;
}

/** POST /api/group (login, creation limits) or PUT /api/group (group roots) -> the group. */
export const saveGroup = (g: GroupInput) =>
  g.id ? apiPut<GroupVo>('/group', g) : apiPost<GroupVo>('/group', g);
export const useSaveGroup = () =>
  useMutation({ mutationFn: saveGroup, onSuccess: (g) => refreshGroup(g?.id) });

/** DELETE /api/group?gid (owner or super admin): disbands the group. */
export const useDisbandGroup = () =>
  useMutation({
    mutationFn: (gid: number) => apiDelete<null>('/group', { gid }),
    onSuccess: () => refreshGroup(),
  });

/** POST /api/file/upload-group-avatar?gid (group roots, multipart `image`) -> the group with its new avatar. */
export const useUploadGroupAvatar = (gid: number) =>
  useMutation({
    mutationFn: ({ png, onProgress }: { png: Blob; onProgress?: UploadProgress }) =>
      apiUpload<GroupVo>(`/file/upload-group-avatar?gid=${gid}`, 'image', png, 'avatar.png', onProgress),
    onSuccess: () => refreshGroup(gid),
  });

/** POST /api/group/member {gid, code?, reason?}: joins a public group (auth 3) or applies (auth 1). */
export const useJoinGroup = (gid: number) =>
  useMutation({
    mutationFn: (b: { code?: string; reason?: string }) =>
      apiPost<{ auth: number }>('/group/member', { gid, ...compact(b) }),
    onSuccess: () => refreshGroup(gid),
  });

/** DELETE /api/group/member/exit?gid: leaves the group, or withdraws an application. */
export const useExitGroup = (gid: number) =>
  useMutation({
    mutationFn: () => apiDelete<null>('/group/member/exit', { gid }),
    onSuccess: () => refreshGroup(gid),
  });

/** GET /api/group/get-member-list (members): levels 3-5 in joining order; reasons only for the group's admins. */
export const useGroupMembers = (gid: number, q: GroupPageQuery, enabled = true) =>
  useQuery({
    queryKey: groupKeys.members(gid, q),
    queryFn: () => apiGet<Page<GroupMemberVo>>('/group/get-member-list', compact({ gid, ...q })),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /api/group/get-apply-list (group admins): the applications (level 1) and refused ones (level 2). */
export const useGroupApplications = (gid: number, q: GroupPageQuery, enabled = true) =>
  useQuery({
    queryKey: groupKeys.applications(gid, q),
    queryFn: () => apiGet<Page<GroupMemberVo>>('/group/get-apply-list', compact({ gid, ...q })),
    placeholderData: keepPreviousData,
    enabled,
  });

/** PUT /api/group/member {gid, uid, auth}: a member's new level (3 approves an application, 2 refuses it). */
export const useSetMemberLevel = (gid: number) =>
  useMutation({
    mutationFn: (b: { uid: string; auth: number }) => apiPut<null>('/group/member', { gid, ...b }),
    onSuccess: () => refreshGroup(gid),
  });

/** DELETE /api/group/member?gid&uid: removes a member (the owner's row disbands the group). */
export const useRemoveMember = (gid: number) =>
  useMutation({
    mutationFn: (uid: string) => apiDelete<null>('/group/member', { gid, uid }),
    onSuccess: () => refreshGroup(gid),
  });
