import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface.js';

/** How long a contest notice (announcement, clarification answer, question queue) stays open: 10 s. */
export const CONTEST_NOTICE_SECONDS = 10;
/** At most this many contest notices at once (the oldest closes first). */
export const CONTEST_NOTICE_MAX = 3;
/** On a phone one at a time: three reach up over the contest's title and tab bar at 375 px. */
export const CONTEST_NOTICE_MAX_PHONE = 1;
/** Widths up to this many px count as a phone (antd's xs). */
const PHONE_MAX_WIDTH = 575;

/**
 * The contest notices' placement (issue 25 item 5): bottom right, so they never cover the contest title, countdown
 * and tab bar on a phone, nor the header's user menu on a desktop.
 */
export const CONTEST_NOTICE_PLACEMENT: ArgsProps['placement'] = 'bottomRight';

let loaded: Promise<NotificationInstance> | null = null;

/**
 * antd's static notification for contest notices, loaded with the first one (no page carries it otherwise) and
 * configured once: at most CONTEST_NOTICE_MAX open (CONTEST_NOTICE_MAX_PHONE on a phone), each closing after CONTEST_NOTICE_SECONDS, bottom right.
 */
export function loadContestNotices(): Promise<NotificationInstance> {
  loaded ??= import('antd/es/notification/index.js').then(({ default: n }) => {
    const phone = window.matchMedia?.(`(max-width: ${PHONE_MAX_WIDTH}px)`).matches ?? false;
    n.config({
      maxCount: phone ? CONTEST_NOTICE_MAX_PHONE : CONTEST_NOTICE_MAX,
      placement: CONTEST_NOTICE_PLACEMENT,
      duration: CONTEST_NOTICE_SECONDS,
    });
    return n;
  });
  return loaded;
}

/** The per-notice options every contest notice carries (the static config may be changed by another page). */
export const contestNoticeOptions = {
  duration: CONTEST_NOTICE_SECONDS,
  placement: CONTEST_NOTICE_PLACEMENT,
} as const;
