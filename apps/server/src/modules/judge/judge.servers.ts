import type { JudgeServerVo } from '@oj/shared';
import { asc } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { judgehosts } from '../../db/schema/index.js';
import { JUDGEHOST_LIVE_SECONDS } from '../language/language.service.js';

/**
 * Every registered judgehost, by name: GET /api/admin/judge/get-judge-server-status and HOJ's
 * GET /api/admin/config/get-judge-service-info read it.
 */
export async function judgeServerList(ctx: AppContext): Promise<JudgeServerVo[]> {
  const rows = await ctx.db.select().from(judgehosts).orderBy(asc(judgehosts.name));
  const now = Date.now();
  return rows.map((h) => ({
    id: h.id,
    name: h.name,
    hostname: h.hostname,
    version: h.version,
    cpuCount: h.cpuCount,
    workers: h.workers,
    running: h.running,
    load: h.load,
    languages: h.languages,
    enabled: h.enabled,
    lastHeartbeat: h.lastHeartbeat.toISOString(),
    online: h.enabled && now - h.lastHeartbeat.getTime() < JUDGEHOST_LIVE_SECONDS * 1000,
    healthy: h.problem === null,
    problem: h.problem,
  }));
}
