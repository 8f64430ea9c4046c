import { LIMITS, LIVE_EVENT } from '@oj/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api.js';
import { useLiveEvent, useLiveResync } from '../../../lib/events.js';
import { queryClient } from '../../../lib/query-client.js';
import { messageKeys } from './keys.js';

/** Unread counts of doc 1 §3: comment, reply, like, sys, mine. */
export interface UnreadCounts {
  comment: number;
  reply: number;
  like: number;
  sys: number;
  mine: number;
}

export const ZERO_UNREAD: UnreadCounts = { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };

/**
 * GET /api/msg/unread (doc 1 §7). A 404 (messages not deployed) answers zeros without a toast; other errors
 * also fall back to zeros silently, since the badge is decoration.
 */
export async function getUnread(): Promise<UnreadCounts> {
  try {
    return { ...ZERO_UNREAD, ...(await apiGet<UnreadCounts>('/msg/unread', undefined, { silent: true })) };
  } catch (e) {
    if (e instanceof ApiError) return ZERO_UNREAD;
    throw e;
  }
}

export const unreadQuery = (uid: string | undefined) =>
  queryOptions({ queryKey: messageKeys.unread(uid), queryFn: getUnread, staleTime: LIMITS.unreadPollMs });

/**
 * Unread counts polled every 120 s while logged in (doc 1 §4), and fetched again at once when the live event stream
 * says they changed (`unread-messages`, sent when someone comments, replies or likes, and when the user reads or
 * cleans messages in another tab) or cannot vouch for what it missed; zeros when logged out.
 */
export function useUnread(uid: string | undefined): UnreadCounts {
  const refetch = () => void queryClient.invalidateQueries({ queryKey: messageKeys.unread(uid) });
  useLiveEvent(LIVE_EVENT.unreadMessages, refetch, !!uid);
  useLiveResync(refetch, !!uid);
  const { data } = useQuery({
    ...unreadQuery(uid),
    enabled: !!uid,
    refetchInterval: LIMITS.unreadPollMs,
  });
  return uid && data ? data : ZERO_UNREAD;
}

/** Badge text: capped at 99 (doc 1 §2.3). */
export function badgeCount(n: number): number {
  return Math.min(n, LIMITS.unreadBadgeCap);
}
