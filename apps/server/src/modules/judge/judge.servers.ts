import { asc } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { judgehosts } from '../../db/schema/index.js';
import { JUDGEHOST_LIVE_SECONDS } from '../language/language.service.js';

/** One registered judgehost as the back office shows it (doc 3 judge server status). */
export interface JudgeServerVo {
  id: string;
  name: string;
  hostname: string;
  version: string;
  cpuCount: number;
  workers: number;
  running: number;
  /** The host's 1-minute load average at its last heartbeat. */
  load: number;
  languages: { name: string; version: string; available: boolean }[];
  enabled: boolean;
  /** ISO time of the last heartbeat. */
  lastHeartbeat: string;
  /** Enabled and heard from within JUDGEHOST_LIVE_SECONDS. */
  online: boolean;
  /** False when the judgehost reported that it cannot judge (`problem` says why; it is leased nothing). */
  healthy: boolean;
  problem: string | null;
}

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
