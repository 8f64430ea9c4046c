import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { refreshAvailability } from '../language/language.service.js';
import { notifyQueued, queueSettings, sweepExpiredLeases } from './queue.js';

/**
 * Starts this instance's sweeper: every queueSettings.sweepMs it returns expired leases to the queue (waking
 * waiting leases) and refreshes language availability from live judgehosts. Every instance runs one; the SQL is
 * safe under concurrency. Returns a stop function.
 */
export function startSweeper(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  let stopped = false;
  let tick = 0;
  const timer = setInterval(async () => {
    if (running || stopped) return;
    running = true;
    try {
      const r = await sweepExpiredLeases(ctx.db);
      if (r.requeued || r.failed) {
        log.warn(r, 'expired judge leases swept');
        if (r.requeued) notifyQueued(ctx);
      }
      if (++tick % 5 === 0) await refreshAvailability(ctx);
    } catch (e) {
      if (!stopped) log.error({ err: e }, 'judge sweeper failed');
    } finally {
      running = false;
    }
  }, queueSettings.sweepMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
