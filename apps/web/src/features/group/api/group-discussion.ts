import type { Page } from '@oj/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import type { DiscussionToggle } from '../../admin-discussion/components/DiscussionAdminTable.js';
import { discussionKeys } from '../../discussion/api/keys.js';
import type { Discussion } from '../../discussion/api/types.js';

/**
 * A group's Discussion Admin (doc 3 "Group discussions"; docs/groups.md): its admin list and the status / top
 * toggles. Keys live under `discussionKeys.all`, so a post, an edit or a delete anywhere refreshes the admin table,
 * and a toggle here refreshes the members' list and the details.
 */
export const groupDiscussionKeys = {
  admin: (gid: number, q: { currentPage: number; limit: number; pid?: string }) =>
    [...discussionKeys.all, 'group-admin', gid, q] as const,
};

/** GET /api/group/get-admin-discussion-list?gid&currentPage&limit&pid (group admins): disabled ones too. */
export const getGroupAdminDiscussions = (
  gid: number,
  q: { currentPage: number; limit: number; pid?: string },
) => apiGet<Page<Discussion>>('/group/get-admin-discussion-list', { gid, ...q });
export const useGroupAdminDiscussions = (
  gid: number,
  q: { currentPage: number; limit: number; pid?: string },
) =>
  useQuery({
    queryKey: groupDiscussionKeys.admin(gid, q),
    queryFn: () => getGroupAdminDiscussions(gid, q),
    placeholderData: keepPreviousData,
  });

/**
 * PUT /api/group/discussion {id, status?, topPriority?} (the group's admins): disable / enable (status 1 / 0) and
 * pin a group discussion; answers the updated discussion.
 */
export const toggleGroupDiscussion = (v: DiscussionToggle) => apiPut<Discussion>('/group/discussion', v);
export const useToggleGroupDiscussion = () =>
  useMutation({
    mutationFn: toggleGroupDiscussion,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: discussionKeys.all }),
  });
