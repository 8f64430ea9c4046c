import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { purgeOldViews } from '../discussion/discussion.views.js';
import { deliverNotices } from './notice.service.js';

/** The job's period (doc 1 §9: notifications are pushed hourly); runs at each multiple of it (the top of the hour). */
export const noticeJobSettings = { periodMs: 3600_000 };

/**
 * One run: delivers the undelivered notices (exactly once across instances: deliverNotices locks them) and drops
 * discussion view marks older than an hour. Returns what it delivered.
 */
export async function runNoticeJob(ctx: AppContext) {
  const delivered = await deliverNotices(ctx);
  await purgeOldViews(ctx);
  return delivered;
}

/**
 * Starts this instance's hourly notice job, as the judge sweeper runs per instance: every instance fires at the
 * top of each hour and the database lock makes the delivery happen once. Returns a stop function.
 */
export function startNoticeJob(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    const period = noticeJobSettings.periodMs;
    timer = setTimeout(tick, period - (Date.now() % period));
    timer.unref();
  };
  const tick = async () => {
    if (stopped) return;
    try {
      const r = await runNoticeJob(ctx);
      if (r.notices) log.info(r, 'notices delivered');
    } catch (e) {
      if (!stopped) log.error({ err: e }, 'notice delivery failed');
    }
    if (!stopped) schedule();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
