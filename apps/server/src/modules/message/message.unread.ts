import type { UnreadMessageCount } from '@oj/shared';
import { LRUCache } from 'lru-cache';
import type { NotifyHub } from '../../plugins/notify-hub.js';

/**
 * The unread badge's counts kept in process (docs/community.md "Speed"): `GET /api/msg/unread` is polled by every
 * open tab, and a user's counts change only when a message or notice reaches them or they read or remove some.
 *
 * - Kept per user until told otherwise: triggers on `user_messages` and `user_notices` (migration 0015) notify
 *   `oj_unread` at commit with the recipient's uid (`*` for many at once or a TRUNCATE), whatever made the change,
 *   and every server process drops what it kept (the process's one listening connection, plugins/notify-hub.ts).
 *   While that connection is down nothing is kept (`onConnected` clears; kept values also expire after 5 min).
 * - This process's own writers also drop the uid at once (`forgetUnread`), so a request that follows a change on
 *   the same instance never waits for the notification.
 * - Only the promise of a read is kept: a read that a change overtakes still answers the requests that were
 *   waiting for it, but its result is not kept after the change dropped it.
 */

/** The notification channel the triggers of migration 0015 use; payload a uid, or `*` for everyone. */
export const UNREAD_CHANNEL = 'oj_unread';

/** Reads of the database this process made for the badge (tests). */
export const unreadStats = { reads: 0 };

/** Every open app's cache in this process (tests build several apps). */
const open = new Set<UnreadCache>();

/** One app's kept counts. */
export class UnreadCache {
  private readonly kept = new LRUCache<string, Promise<UnreadMessageCount>>({ max: 100_000, ttl: 300_000 });
  /** Whether the listening connection is up (nothing is kept while it is not). */
  private listening = false;

  /** `uid`'s counts: the kept ones, or `load()` (kept for the next request unless a change drops them). */
  get(uid: string, load: () => Promise<UnreadMessageCount>): Promise<UnreadMessageCount> {
    const hit = this.kept.get(uid);
    if (hit) return hit;
    unreadStats.reads += 1;
    const p = load();
    if (this.listening) {
      this.kept.set(uid, p);
      p.catch(() => {
        if (this.kept.get(uid) === p) this.kept.delete(uid);
      });
    }
    return p;
  }

  /** Drops `uid`'s counts, or everyone's for `*`. */
  forget(uid: string): void {
    if (uid === '*') this.kept.clear();
    else this.kept.delete(uid);
  }

  /** Listens on UNREAD_CHANNEL through the process's hub (call while the app is built). */
  listen(hub: NotifyHub): void {
    hub.subscribe(UNREAD_CHANNEL, {
      onNotify: (payload) => this.forget(payload),
      onConnected: () => {
        this.kept.clear();
        this.listening = true;
      },
    });
  }

  /** Stops keeping anything and leaves forgetUnread's list (the app closes). */
  close(): void {
    open.delete(this);
    this.listening = false;
    this.kept.clear();
  }
}

/** A new cache listening through `hub`, registered for forgetUnread until `close`. */
export function openUnreadCache(hub: NotifyHub): UnreadCache {
  const c = new UnreadCache();
  c.listen(hub);
  open.add(c);
  return c;
}

/** Drops `uid`'s kept counts (or everyone's for `*`) in every app of this process: its own writers call it. */
export function forgetUnread(uid: string): void {
  for (const c of open) c.forget(uid);
}
