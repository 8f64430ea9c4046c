import { LIVE_EVENT } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { publishToUser } from '../events/publish.js';
import type { Tx } from '../problem/problem.store.js';
import { forgetUnread } from './message.unread.js';

/**
 * The unread-badge seam (issue 12; doc 1 §2.8): called once per recipient whose unread counts changed, inside the
 * transaction that created the message, so the live event stream (modules/events) sends `unread-messages` to the
 * recipient's open tabs when it commits (never when it rolls back). The event carries no counts: the web refetches
 * GET /api/msg/unread. Without an open stream the badge follows the 120 s poll. It also drops the recipient's kept
 * counts in this process at once (message.unread.ts; the triggers of migration 0015 tell every process at commit).
 */
export async function publishUnread(db: Db | Tx, uid: string): Promise<void> {
  forgetUnread(uid);
  await publishToUser(db, uid, LIVE_EVENT.unreadMessages, {});
}
