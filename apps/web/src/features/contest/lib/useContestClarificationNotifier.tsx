import {
  ContestStatus,
  LIVE_EVENT,
  LIVE_LIMITS,
  type LiveClarificationAskedData,
  type LiveClarificationData,
} from '@oj/shared';
import { Button } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface.js';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Markdown } from '../../../components/Markdown.js';
import { useLiveEvent, useLiveResync, useLiveStatus } from '../../../lib/events.js';
import { queryClient } from '../../../lib/query-client.js';
import {
  type ContestClarificationVo,
  clarificationKeys,
  useUnreadClarifications,
} from '../api/clarifications.js';
import type { ContestAccessVo, ContestVo } from '../api/types.js';
import { clarificationNews } from './clarification-news.js';
import { phaseAt } from './clock.js';
import { contestNoticeOptions, loadContestNotices } from './contest-notices.js';
import { menuDisabled } from './tabs.js';

/** How often a running contest asks for new clarification answers (as the announcements: 60 s). */
export const CLARIFICATION_POLL_MS = 60_000;

/** antd's static notification once loaded (see loadContestNotices), for closing notices. */
let notifications: NotificationInstance | null = null;
const loadNotifications = async () => {
  notifications = await loadContestNotices();
  return notifications;
};

const answerKey = (id: number) => `contest-clarification-${id}`;
const queueKey = (cid: number) => `contest-clarification-queue-${cid}`;

/** What this browser tab has announced, per contest (kept across the contest's tabs and visits). */
const announced = new Map<number, Set<number>>();
const lastUnanswered = new Map<number, number>();
const announcedOf = (cid: number) => {
  const s = announced.get(cid) ?? new Set<number>();
  announced.set(cid, s);
  return s;
};

/** Answers read on the Clarifications tab: a notice still loading for one of them is not shown. */
const dismissed = new Set<number>();

/** Closes the open notices of answers `ids` (they were read on the Clarifications tab). */
export function dismissClarificationNotices(ids: readonly number[]): void {
  for (const id of ids) {
    dismissed.add(id);
    notifications?.destroy(answerKey(id));
  }
}

/** True while the viewer is on the Clarifications tab itself (what arrives there is shown, not announced). */
const onTheTab = () => window.location.pathname.endsWith('/clarifications');

/**
 * One check (what a live-events stream calls on a clarification event): refetches contest `cid`'s unread answers
 * and unanswered count; the notifier mounted in the contest shell turns what is new into notices and refreshes
 * the lists. A failed check changes nothing (the next one tries again).
 */
export async function checkContestClarifications(cid: number): Promise<void> {
  await queryClient.refetchQueries({ queryKey: clarificationKeys.unread(cid), exact: true });
}

/**
 * The clarification notifier of the contest shell (issue 10 §3): while the viewer may see the contest's tabs it
 * loads the unread answers (the tab badge reads the same cache); while the contest runs it checks again every
 * {@link CLARIFICATION_POLL_MS} and whenever the browser tab comes back into view (while the live stream is up, on
 * each of its clarification events instead, the timer stretched to LIVE_LIMITS.safetyPollMs). Each new answer shows once
 * as a notification (until closed or viewed); contest admins also hear of new questions, at once on the stream's
 * `clarification-asked` (their queue refetches too). Returns `check`.
 */
export function useContestClarificationNotifier(
  cid: number,
  v: { contest: ContestVo | undefined; access: ContestAccessVo | undefined; now: number },
): { check: () => Promise<void> } {
  const { t } = useTranslation('clarification');
  const navigate = useNavigate();
  const latest = useRef({ t, navigate });
  latest.current = { t, navigate };

  const open =
    !!v.contest &&
    !!v.access &&
    !menuDisabled(v.contest, phaseAt(v.contest, v.now), {
      isContestAdmin: v.access.isAdmin,
      access: v.access.access,
    });
  const live = open && !!v.contest && phaseAt(v.contest, v.now) === ContestStatus.RUNNING;
  const unread = useUnreadClarifications(cid, open);
  const check = useCallback(() => checkContestClarifications(cid), [cid]);

  useEffect(() => {
    const data = unread.data;
    if (!data) return;
    const news = clarificationNews(data, announcedOf(cid), lastUnanswered.get(cid) ?? null);
    if (data.unanswered != null) lastUnanswered.set(cid, data.unanswered);
    if (news.answers.length === 0 && news.newQuestions === 0) return;
    const all = clarificationKeys.all(cid);
    void queryClient.invalidateQueries({ queryKey: [...all, 'list'] });
    void queryClient.invalidateQueries({ queryKey: [...all, 'queue'] });
    const { t: tr, navigate: go } = latest.current;
    const view = () => go(`/contest/${cid}/clarifications`);
    if (onTheTab()) return;
    // Oldest first, so the newest notice ends on top.
    for (const a of [...news.answers].reverse()) void showAnswer(a, tr, view);
    if (news.newQuestions > 0) void showQuestions(cid, data.unanswered ?? 0, tr, view);
  }, [cid, unread.data]);

  // The live stream (issue 10 §4) tells of an answer at once: check on its event (and on a resync); while it is
  // up the timer only runs as a rare safety net.
  const streaming = useLiveStatus();
  useLiveEvent<LiveClarificationData>(
    LIVE_EVENT.clarification,
    (d) => {
      if (d.cid === cid) void check();
    },
    open,
  );
  // A new question (sent to the contest's admins only): the queue and the unanswered badge refetch at once; the
  // check also tells an admin elsewhere in the contest with a notice.
  const isAdmin = !!v.access?.isAdmin;
  useLiveEvent<LiveClarificationAskedData>(
    LIVE_EVENT.clarificationAsked,
    (d) => {
      if (d.cid !== cid) return;
      void queryClient.invalidateQueries({ queryKey: [...clarificationKeys.all(cid), 'queue'] });
      void check();
    },
    open && isAdmin,
  );
  useLiveResync(() => void check(), open);

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(
      () => void check(),
      streaming ? LIVE_LIMITS.safetyPollMs : CLARIFICATION_POLL_MS,
    );
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [live, check, streaming]);

  return { check };
}

type Tr = (key: string, opts?: Record<string, unknown>) => string;

/** A notice for answer `a`: the problem (or General), the answer as sanitized markdown (at most a few lines), and a button to the tab. */
async function showAnswer(a: ContestClarificationVo, t: Tr, view: () => void) {
  const n = await loadNotifications();
  if (dismissed.has(a.id)) return;
  const key = answerKey(a.id);
  const about = a.displayId ?? t('General');
  n.info({
    key,
    message: a.mine ? t('Notice_your_answer', { about }) : t('Notice_public', { about }),
    description: (
      <div data-testid="clarification-notice">
        <div
          data-testid="clarification-notice-answer"
          style={{ overflowWrap: 'anywhere', maxHeight: '8em', overflowY: 'auto' }}
        >
          <Markdown source={a.answer ?? ''} />
        </div>
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          data-testid="clarification-notice-view"
          onClick={() => {
            n.destroy(key);
            view();
          }}
        >
          {t('View')}
        </Button>
      </div>
    ),
    ...contestNoticeOptions,
  });
}

/** A notice for contest admins: questions are waiting in the queue. */
async function showQuestions(cid: number, count: number, t: Tr, view: () => void) {
  const n = await loadNotifications();
  const key = queueKey(cid);
  n.warning({
    key,
    message: t('Notice_new_questions', { count }),
    description: (
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        data-testid="clarification-queue-notice-view"
        onClick={() => {
          n.destroy(key);
          view();
        }}
      >
        {t('Open_queue')}
      </Button>
    ),
    ...contestNoticeOptions,
  });
}
