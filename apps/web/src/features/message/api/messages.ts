import { LIMITS, type Page } from '@oj/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { messageKeys } from './keys.js';

/** The five message boxes of doc 1 §2.8: the route segment under /message. */
export const MESSAGE_TABS = ['discuss', 'reply', 'like', 'sys', 'mine'] as const;
export type MessageTab = (typeof MESSAGE_TABS)[number];

/**
 * Per box (doc 1 §7, §2.8; doc 2 §9): the list path under /api/msg, the `type` of DELETE /api/msg/clean, the
 * unread count field, and the page size (6 for discuss, reply and like; 8 for system and mine).
 */
export const MESSAGE_BOX: Record<
  MessageTab,
  { path: string; cleanType: string; unread: 'comment' | 'reply' | 'like' | 'sys' | 'mine'; pageSize: number }
> = {
  discuss: { path: 'comment', cleanType: 'Discuss', unread: 'comment', pageSize: LIMITS.messagePageSize },
  reply: { path: 'reply', cleanType: 'Reply', unread: 'reply', pageSize: LIMITS.messagePageSize },
  like: { path: 'like', cleanType: 'Like', unread: 'like', pageSize: LIMITS.messagePageSize },
  sys: { path: 'sys', cleanType: 'Sys', unread: 'sys', pageSize: LIMITS.sysMessagePageSize },
  mine: { path: 'mine', cleanType: 'Mine', unread: 'mine', pageSize: LIMITS.sysMessagePageSize },
};

/**
 * A comment, reply or like message (doc 1 §3 "Message"): who did what (`action`) on which source (a discussion or
 * a contest: `sourceType`, `sourceTitle`), the text concerned (`sourceContent`, `quoteContent`) and `url`, the
 * in-site address to open. `state` true once read.
 */
export interface UserMessage {
  id: number;
  state: boolean;
  senderId: string | null;
  senderUsername: string | null;
  senderAvatar: string | null;
  action: string;
  sourceType: string | null;
  sourceId?: number | null;
  sourceTitle: string | null;
  sourceContent: string | null;
  quoteContent: string | null;
  url: string | null;
  gmtCreate: string;
}

/** A system message (an admin notice) or one of the user's own notices: title and markdown content. */
export interface SysMessage {
  id: number;
  state: boolean;
  title: string;
  content: string;
  gmtCreate: string;
}

export type AnyMessage = UserMessage | SysMessage;

/** GET /api/msg/{comment,reply,like,sys,mine}?currentPage&limit; loading a page marks the box read. */
export const getMessages = (tab: MessageTab, currentPage: number) =>
  apiGet<Page<AnyMessage>>(`/msg/${MESSAGE_BOX[tab].path}`, {
    currentPage,
    limit: MESSAGE_BOX[tab].pageSize,
  });

/** A page of a box; once it arrives the unread counts are fetched again (they drop: doc 2 §4.6). */
export const useMessages = (uid: string | undefined, tab: MessageTab, currentPage: number) =>
  useQuery({
    queryKey: messageKeys.list(uid, tab, currentPage),
    queryFn: async () => {
      const page = await getMessages(tab, currentPage);
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread(uid) });
      return page;
    },
    enabled: !!uid,
    placeholderData: keepPreviousData,
  });

/** DELETE /api/msg/clean?type&id: one message by id, or every message of the box without id. */
export const cleanMessages = (v: { tab: MessageTab; id?: number }) =>
  apiDelete<null>('/msg/clean', { type: MESSAGE_BOX[v.tab].cleanType, id: v.id });
export const useCleanMessages = () =>
  useMutation({
    mutationFn: cleanMessages,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
