import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, tooMany } from '../../lib/errors.js';
import type { Entry } from './clics.access.js';
import { COMPLETE, collectEntries, feedLines, objectKey, RESUME_MARGIN_MS } from './clics.feed.js';
import { type ClicsView, openClicsContest } from './clics.view.js';

/**
 * GET contests/{id}/event-feed as a stream (ccs-specs 2026-01 "Event feed"): the feed so far, then, while the
 * contest has not ended, every change as it is seen (the view is read again every `pollMs`), and a bare newline
 * when nothing was sent for `keepAliveMs` (the spec asks for one within 120 s). Each connection remembers a hash
 * of what it sent per object, so only changes go out; a superseded judgement's deletion goes out only if the
 * connection had sent it, and so does the deletion of a team, clarification or award that is no longer there. The
 * stream stays open after the end (judgements still arrive, the thaw releases the withheld ones) and ends once the
 * state's `end_of_updates` went out (clics.state: the contest finalized), when the contest is no longer visible
 * to the caller, or when the client goes away (it resumes with its last token).
 */

/** Timings of the live stream (tests shorten them). */
export const feedTimings = { pollMs: 1000, keepAliveMs: 60_000 };
/** Open streams per process at most; more get 429. */
export const MAX_STREAMS = 200;
const openStreams = new Set<() => void>();

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
  const { entries: first } = await collectEntries(ctx.db, view, floor, { deletions: floor != null });
  reply.header('Content-Type', 'application/x-ndjson; charset=utf-8').header('Cache-Control', 'no-store');
  if (!stream || view.state.endOfUpdates) return reply.send(feedLines(first));
  if (openStreams.size >= MAX_STREAMS) throw tooMany();
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
  const finish = () => {
    if (closed) return;
    closed = true;
    openStreams.delete(finish);
    out.end();
  };
  openStreams.add(finish);
  req.raw.on('close', finish);
  let polledAt = Date.now();
  const tick = async () => {
    if (closed) return;
    try {
      const now = new Date();
      const fresh = await openClicsContest(ctx, view.user, view.contest.id, now);
      const { entries, present } = await collectEntries(ctx.db, fresh, polledAt - RESUME_MARGIN_MS, {
        deletions: true,
        always: true,
      });
      polledAt = now.getTime();
      write([...entries, ...gone(present, now.getTime())]);
      if (Date.now() - lastWrite >= feedTimings.keepAliveMs) {
        out.write('\n');
        lastWrite = Date.now();
      }
      if (fresh.state.endOfUpdates) return finish();
    } catch (err) {
      if (!(err instanceof AppError)) req.log.error({ err }, 'clics event feed');
      return finish();
    }
    setTimeout(tick, feedTimings.pollMs).unref();
  };
  setTimeout(tick, feedTimings.pollMs).unref();
  return reply.send(out);
}
