import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { tooMany } from '../../lib/errors.js';
import { shareOf } from '../../server-processes.js';
import type { Entry } from './clics.access.js';
import { COMPLETE, collectEntries, feedLines, objectKey } from './clics.feed.js';
import { feedTimings, subscribe } from './clics.hub.js';
import type { ClicsView } from './clics.view.js';

/**
 * GET contests/{id}/event-feed as a stream (ccs-specs 2026-01 "Event feed"): the feed so far, then, while the
 * contest has not ended, every change as it is seen (clics.hub: one shared poller per contest wakes the streams when something
 * changed; a stream never queries by itself), and a bare newline
 * when nothing was sent for `keepAliveMs` (the spec asks for one within 120 s). Each connection remembers a hash
 * of what it sent per object, so only changes go out; a superseded judgement's deletion goes out only if the
 * connection had sent it, and so does the deletion of a team, clarification or award that is no longer there. The
 * stream stays open after the end (judgements still arrive, the thaw releases the withheld ones) and ends once the
 * state's `end_of_updates` went out (clics.state: the contest finalized), when the contest is no longer visible
 * to the caller, or when the client goes away (it resumes with its last token).
 */

export { feedTimings } from './clics.hub.js';

/**
 * Open-stream caps of this server (issue 22 item 6; each of its processes allows its share): in all, per address and per signed-in user. A contest
 * admin's streams (the contest's own tools) are never counted nor refused. Tests lower them.
 */
export const feedLimits = { total: 2000, perAddress: 20, perUser: 10 };
const openStreams = new Set<() => void>();
/** Counted (non-admin) streams: in all, by address, by user. */
let counted = 0;
const byAddress = new Map<string, number>();
const byUser = new Map<string, number>();
const bump = (m: Map<string, number>, k: string, d: number) => {
  const n = (m.get(k) ?? 0) + d;
  if (n > 0) m.set(k, n);
  else m.delete(k);
};

/** Ends every open stream (the server is closing: clients resume with their last token). */
export function closeAllFeeds(): void {
  for (const finish of [...openStreams]) finish();
}

const hash = (s: string) => createHash('sha1').update(s).digest('base64');

/**
 * Sends the feed of `view` from `floor` (ms, null: everything). With `stream` false, or once `end_of_updates` is
 * set, the reply is the feed so far and ends; otherwise it stays open as described above.
 */
export async function sendFeed(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  view: ClicsView,
  floor: number | null,
  stream: boolean,
): Promise<FastifyReply> {
  const live = stream && !view.state.endOfUpdates;
  const uid = view.user?.uid ?? null;
  // Each server process counts its own streams: its share of each cap (server-processes.ts).
  const share = (cap: number) => shareOf(cap, ctx.serverProcesses);
  const overCap = () =>
    !view.admin &&
    (counted >= share(feedLimits.total) ||
      (byAddress.get(req.ip) ?? 0) >= share(feedLimits.perAddress) ||
      (uid !== null && (byUser.get(uid) ?? 0) >= share(feedLimits.perUser)));
  // Refused before the feed is read (a client at its cap costs no query), and again once read (others opened).
  if (live && overCap()) throw tooMany();
  const { entries: first } = await collectEntries(ctx.db, view, floor, { deletions: floor != null });
  reply.header('Content-Type', 'application/x-ndjson; charset=utf-8').header('Cache-Control', 'no-store');
  if (!live) return reply.send(feedLines(first));
  if (overCap()) throw tooMany();
  if (!view.admin) {
    counted++;
    bump(byAddress, req.ip, 1);
    if (uid !== null) bump(byUser, uid, 1);
  }
  const out = new PassThrough();
  const sent = new Map<string, string>();
  let lastWrite = Date.now();
  let closed = false;
  const write = (entries: Entry[]) => {
    const batch: Entry[] = [];
    for (const e of entries) {
      const k = objectKey(e);
      const h = e.data === null ? 'null' : hash(JSON.stringify(e.data));
      if (sent.get(k) === h) continue;
      if (e.data === null && !sent.has(k)) continue;
      sent.set(k, h);
      batch.push(e);
    }
    if (batch.length) {
      out.write(feedLines(batch));
      lastWrite = Date.now();
    }
  };
  /** Deletions of the objects of COMPLETE types this connection sent that are no longer there. */
  const gone = (present: Set<string>, key: number): Entry[] => {
    const out: Entry[] = [];
    for (const [k, h] of sent) {
      const type = k.slice(0, k.indexOf('/'));
      if (h === 'null' || !COMPLETE.has(type) || present.has(k)) continue;
      out.push({ type: type as Entry['type'], id: k.slice(type.length + 1), data: null, key });
    }
    return out;
  };
  for (const e of first) sent.set(objectKey(e), e.data === null ? 'null' : hash(JSON.stringify(e.data)));
  out.write(feedLines(first));
  let unsubscribe: () => void = () => undefined;
  const finish = () => {
    if (closed) return;
    closed = true;
    openStreams.delete(finish);
    unsubscribe();
    if (!view.admin) {
      counted--;
      bump(byAddress, req.ip, -1);
      if (uid !== null) bump(byUser, uid, -1);
    }
    out.end();
  };
  openStreams.add(finish);
  req.raw.on('close', finish);
  unsubscribe = subscribe(ctx, req.log, view.contest.id, {
    user: view.user,
    update(fresh, entries, present, now) {
      if (closed) return;
      write([...entries, ...gone(present, now)]);
      this.idle(Date.now());
      if (fresh.state.endOfUpdates) finish();
    },
    idle(now) {
      if (closed || now - lastWrite < feedTimings.keepAliveMs) return;
      out.write('\n');
      lastWrite = now;
    },
    finish,
  });
  return reply.send(out);
}
