/**
 * One registered judgehost as the back office shows it (doc 3 judge server status): the answer rows of
 * GET /api/admin/judge/get-judge-server-status, written once for the server and the web.
 */
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
  /** Enabled and heard from within the judgehost live window (JUDGEHOST_LIVE_SECONDS on the server). */
  online: boolean;
  /** False when the judgehost reported that it cannot judge (`problem` says why; it is leased nothing). */
  healthy: boolean;
  problem: string | null;
}

/** GET /api/admin/judge/get-judge-server-status: the judgehosts and the queue's counts. */
export interface JudgeServerStatus {
  judgeServerList: JudgeServerVo[];
  /**
   * `queued` / `leased` jobs now; `ratePerMinute` submissions judged per minute over the last 5 minutes;
   * `oldestAgeSeconds` how long the oldest queued job has waited (null: none queued); `workers` online (issue 29).
   */
  queue: {
    queued: number;
    leased: number;
    ratePerMinute: number;
    oldestAgeSeconds: number | null;
    workers: number;
  };
}
