import {
  type ContestAnnouncementVo,
  LIVE_EVENT,
  LIVE_LIMITS,
  type LiveContestAnnouncementData,
} from '@oj/shared';
import { Button } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface.js';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveEvent, useLiveResync, useLiveStatus } from '../../../lib/events.js';
import { queryClient } from '../../../lib/query-client.js';
import { useSession } from '../../../lib/session.js';
import { getUnreadAnnouncements } from '../api/announcements.js';
import { contestOpsKeys } from '../api/ops-keys.js';
import { loadReadIds, markRead } from './announcement-reads.js';
import { contestNoticeOptions, loadContestNotices } from './contest-notices.js';

/** How often a running contest asks for new announcements (doc 2 §7, §9: 60 s). */
export const ANNOUNCEMENT_POLL_MS = 60_000;

/** antd's static notification once loaded (see loadContestNotices), for closing notices. */
let notifications: NotificationInstance | null = null;
const loadNotifications = async () => {
  notifications = await loadContestNotices();
  return notifications;
};

const noticeKey = (id: number) => `contest-announcement-${id}`;

/** Notices being closed without being read (antd calls `onClose` for those too, later). */
const closingUnread = new Set<number>();

/**
 * Closes the notices of announcements `ids`: read (`read`, they were opened on the Announcements tab) or left
 * unread (the viewer left the contest; they come back on the next visit).
 */
export function dismissAnnouncementNotices(ids: readonly number[], read = true): void {
  for (const id of ids) {
    if (!read) closingUnread.add(id);
    notifications?.destroy(noticeKey(id));
  }
}

/**
 * Shows announcement `a` of contest `cid` as a notification (closes by itself, contest-notices.ts); closing it, or opening the
 * Announcements tab from it (`view`), marks it read in this browser. The key is the announcement's id, so showing it
 * again while it is open does not stack a second notice.
 */
async function showNotice(cid: number, a: ContestAnnouncementVo, t: TFunction, view: () => void) {
  const n = await loadNotifications();
  const key = noticeKey(a.id);
  closingUnread.delete(a.id);
  n.info({
    key,
    message: t('New_announcement', { title: a.title }),
    description: (
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        data-testid="announcement-notice-view"
        onClick={() => {
          markRead(cid, [a.id]);
          n.destroy(key);
          view();
        }}
      >
        {t('View_announcement')}
      </Button>
    ),
    ...contestNoticeOptions,
    className: 'oj-announcement-notice',
    onClose: () => {
      if (!closingUnread.delete(a.id)) markRead(cid, [a.id]);
    },
  });
}

/**
 * One check (the part a live-events stream can call on an announcement event): asks the server for contest `cid`'s
 * announcements not in this browser's read list, shows each as a notification (`show`) and refreshes the
 * Announcements tab when there are new ones. The viewer's own announcements (`self`, a username) count as read
 * without a notice. Returns the new ones; a failed check returns [] (the next one tries again).
 */
export async function checkContestAnnouncements(
  cid: number,
  show: (a: ContestAnnouncementVo) => void,
  self?: string,
): Promise<ContestAnnouncementVo[]> {
  let fresh: ContestAnnouncementVo[];
  try {
    fresh = await getUnreadAnnouncements(cid, loadReadIds(cid));
  } catch {
    return [];
  }
  if (fresh.length === 0) return fresh;
  void queryClient.invalidateQueries({ queryKey: contestOpsKeys.announcements(cid) });
  const own = fresh.filter((a) => self && a.username === self).map((a) => a.id);
  if (own.length > 0) markRead(cid, own);
  // Oldest first, so the newest notice ends on top.
  for (const a of [...fresh].reverse()) if (!own.includes(a.id)) show(a);
  return fresh.filter((a) => !own.includes(a.id));
}

/**
 * The announcement notifier of the contest shell (doc 2 §2.7, §7): while `active` (the contest runs and the viewer
 * may see its tabs) it checks at once, then every {@link ANNOUNCEMENT_POLL_MS} and when the browser tab comes back
 * into view; while the live stream is up, on each of its announcement events instead, the timer stretched to
 * LIVE_LIMITS.safetyPollMs. Returns `check`. Leaving the contest closes its open notices (unread: they come back on the
 * next visit).
 */
export function useContestAnnouncementNotifier(cid: number, active: boolean): { check: () => Promise<void> } {
  const { t } = useTranslation('contest');
  const navigate = useNavigate();
  const self = useSession().userInfo?.username;
  const latest = useRef({ t, navigate, self });
  latest.current = { t, navigate, self };

  const shown = useRef(new Set<number>());

  const check = useCallback(async () => {
    await checkContestAnnouncements(
      cid,
      (a) => {
        const { t: tr, navigate: go } = latest.current;
        shown.current.add(a.id);
        void showNotice(cid, a, tr, () => go(`/contest/${cid}/announcements`));
      },
      latest.current.self,
    );
  }, [cid]);

  useEffect(() => {
    const ids = shown.current;
    return () => dismissAnnouncementNotices([...ids], false);
  }, []);

  // The live stream (issue 10 §4) announces new announcements at once: check on its event, and while it is up the
  // timer only runs as a rare safety net.
  const streaming = useLiveStatus();
  useLiveEvent<LiveContestAnnouncementData>(
    LIVE_EVENT.contestAnnouncement,
    (d) => {
      if (d.cid === cid) void check();
    },
    active,
  );
  useLiveResync(() => void check(), active);

  useEffect(() => {
    if (!active) return;
    void check();
    const timer = setInterval(
      () => void check(),
      streaming ? LIVE_LIMITS.safetyPollMs : ANNOUNCEMENT_POLL_MS,
    );
    // A browser tab in the background may have its timers slowed: look again when it comes back into view.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, check, streaming]);

  return { check };
}
