import { LIVE_EVENT, type LiveQueueData } from '@oj/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppEvents } from '../../app-events.js';
import type { AppContext } from '../../context.js';
import type { NotifyHub } from '../../plugins/notify-hub.js';
import type { Tx } from '../problem/problem.store.js';
import { notifyQueueMovedSql, QUEUE_CHANNEL } from './queue.js';
import { queueTracker } from './queue-position.js';

/** What the push needs of the live-event bus (events/bus.ts): the users with a stream here, and a local send. */
export interface LocalStreams {
  userIds(): Iterable<string>;
  hasUser(uid: string): boolean;
  sendToUser(uid: string, type: string, data: unknown): void;
}

/** Wait after a queue change before computing (ms): the changes of one moment fold into one computation. */
export const PUSH_DELAY_MS = 200;
/** At most one computation and round of `queue` events per this many ms (per process). */
export const PUSH_MIN_GAP_MS = 1000;
/** While jobs are queued and someone is watching, the estimates are refreshed this often anyway (ms). */
export const PUSH_REFRESH_MS = 10_000;

/**
 * Registers the queue notices (the judge plugin calls it once; `publish` phase): the queue moves when a submission is
 * queued, rejudged (back to Pending) or cancelled / judged by hand while queued, a NOTIFY on QUEUE_CHANNEL at commit
 * (leases, releases and the sweeper notify in queue.ts). A judge's verdict needs none: the lease of that worker's
 * next job notifies.
 */
export function registerQueueNotices(events: AppEvents): void {
  const opts = { area: 'judge', phase: 'publish' } as const;
  const moved = async (tx: Tx) => {
    await tx.execute(notifyQueueMovedSql);
  };
  events.on('submission/queued', moved, opts);
  events.on('submission/reset', moved, opts);
  events.on(
    'submission/judged',
    async (tx, e) => {
      if (e.source !== 'judge') await tx.execute(notifyQueueMovedSql);
    },
    opts,
  );
}

/**
 * Live queue positions (issue 29 part 2; docs/events.md `queue`): hears QUEUE_CHANNEL on the process's listening
 * connection (a lease, release, requeue, new submission, rejudge or cancel on any instance) and, at most once per
 * PUSH_MIN_GAP_MS, computes the queue snapshot once and sends each signed-in user with a stream on this process the
 * positions of their own queued submissions — only when they changed, and one last empty list when none is queued
 * any more. Every PUSH_REFRESH_MS it refreshes while anything is queued (test runs are queued without a NOTIFY; the
 * estimates drift). Call while the app is built (subscribes to the hub); returns the stop function for onClose.
 */
export function startQueuePush(
  ctx: AppContext,
  hub: NotifyHub,
  streams: LocalStreams,
  log: FastifyBaseLogger,
): () => void {
  const tracker = queueTracker(ctx);
  /** Per user: the positions last sent (JSON), while they had some. */
  const sent = new Map<string, string>();
  let timer: NodeJS.Timeout | null = null;
  let last = 0;
  let stopped = false;

  const watched = () => {
    for (const _ of streams.userIds()) return true;
    return false;
  };

  const deliver = async () => {
    timer = null;
    if (stopped || !watched()) return;
    last = Date.now();
    let snap: Awaited<ReturnType<typeof tracker.recompute>>;
    try {
      snap = await tracker.recompute();
    } catch (err) {
      if (!stopped) log.warn({ err }, 'queue positions: computing the snapshot failed');
      return;
    }
    for (const uid of streams.userIds()) {
      const positions = snap.byUser.get(uid) ?? [];
      const key = JSON.stringify(positions);
      const before = sent.get(uid);
      if (before === key || (before === undefined && !positions.length)) continue;
      const data: LiveQueueData = { length: snap.length, positions };
      streams.sendToUser(uid, LIVE_EVENT.queue, data);
      if (positions.length) sent.set(uid, key);
      else sent.delete(uid);
    }
    for (const uid of sent.keys()) if (!streams.hasUser(uid)) sent.delete(uid);
  };

  const schedule = () => {
    tracker.moved();
    if (timer || stopped) return;
    const wait = Math.max(PUSH_DELAY_MS, last + PUSH_MIN_GAP_MS - Date.now());
    timer = setTimeout(() => void deliver(), wait);
    timer.unref();
  };

  hub.subscribe(QUEUE_CHANNEL, { onNotify: schedule, onConnected: schedule });
  tracker.listening = true;
  const refresh = setInterval(() => {
    if (sent.size) schedule();
  }, PUSH_REFRESH_MS);
  refresh.unref();
  return () => {
    stopped = true;
    tracker.listening = false;
    clearInterval(refresh);
    if (timer) clearTimeout(timer);
  };
}
