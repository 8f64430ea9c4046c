import { z } from 'zod';
import { TLE_RECHECK_MARGIN } from '../constants/tle-recheck.js';

/**
 * Payloads of the super admin's System Config, Switch and Announcement screens (doc 3 admin; doc 1 §1, §3, §2.6).
 * The server's config sections (apps/server/src/modules/config/config.defaults.ts) hold the defaults; these
 * schemas validate what a client may send. Every field is optional in a "set" call: absent fields keep their value.
 */

const text = (field: string, max: number) =>
  z
    .string({ error: `The ${field} must be a string` })
    .trim()
    .max(max, `The ${field} can not exceed ${max} characters`);
const flag = (field: string) => z.boolean({ error: `The ${field} must be true or false` });
const count = (field: string, max = 1_000_000) =>
  z
    .number({ error: `The ${field} must be a number` })
    .int(`The ${field} must be an integer`)
    .min(0, `The ${field} can not be negative`)
    .max(max, `The ${field} can not exceed ${max}`);

/** A per-address request limit, requests a minute: 1 to 100,000. */
const perMinute = (field: string) => count(field, 100_000).min(1, `The ${field} must be at least 1`);

/** PUT /api/admin/config/set-web-config: the website section (doc 1 §3 "Website config"). */
export const setWebConfigBody = z
  .object({
    baseUrl: text('baseUrl', 255),
    name: text('name', 100),
    shortName: text('shortName', 30),
    description: text('description', 1000),
    recordName: text('recordName', 100),
    recordUrl: text('recordUrl', 255),
    projectName: text('projectName', 100),
    projectUrl: text('projectUrl', 255),
    register: flag('register'),
    openPublicDiscussion: flag('openPublicDiscussion'),
    openGroupDiscussion: flag('openGroupDiscussion'),
    openContestComment: flag('openContestComment'),
  })
  .partial()
  .strict();
export type SetWebConfigBody = z.infer<typeof setWebConfigBody>;

/**
 * PUT /api/admin/config/set-email-config. `password` absent or "" keeps the stored one; null clears it.
 * An empty `host` turns mail off (codes are then written to the server log).
 */
export const setEmailConfigBody = z
  .object({
    host: text('host', 255),
    port: count('port', 65535),
    username: text('username', 255),
    password: z.string({ error: 'The password must be a string' }).max(255).nullable(),
    ssl: flag('ssl'),
    from: text('from', 255),
    backgroundImage: text('backgroundImage', 1000),
  })
  .partial()
  .strict();
export type SetEmailConfigBody = z.infer<typeof setEmailConfigBody>;

/** GET /api/admin/config/get-email-config: the SMTP settings without the password. */
export interface EmailConfigView {
  host: string;
  port: number;
  username: string;
  ssl: boolean;
  from: string;
  backgroundImage: string;
  hasPassword: boolean;
}

/** POST /api/admin/config/test-email. */
export const testEmailBody = z.object({
  email: z
    .string({ error: 'The email is required' })
    .trim()
    .min(1, 'The email is required')
    .max(320, 'The email is too long')
    .pipe(z.email('The email format is incorrect')),
});

/** PUT /api/admin/switch/update: judge switches and community limits (doc 3 "switch"; doc 1 §6). */
export const setSwitchConfigBody = z
  .object({
    openPublicJudge: flag('openPublicJudge'),
    openGroupJudge: flag('openGroupJudge'),
    openContestJudge: flag('openContestJudge'),
    hideNonContestSubmissionCode: flag('hideNonContestSubmissionCode'),
    defaultSubmitInterval: count('defaultSubmitInterval', 3600),
    defaultCreateDiscussionACInitValue: count('defaultCreateDiscussionACInitValue'),
    defaultCreateDiscussionDailyLimit: count('defaultCreateDiscussionDailyLimit'),
    defaultCreateCommentACInitValue: count('defaultCreateCommentACInitValue'),
    commentLimitPerThreadPerMinute: perMinute('commentLimitPerThreadPerMinute'),
    commentLimitPerMinute: perMinute('commentLimitPerMinute'),
    defaultCreateGroupACInitValue: count('defaultCreateGroupACInitValue'),
    defaultCreateGroupDailyLimit: count('defaultCreateGroupDailyLimit'),
    defaultCreateGroupLimit: count('defaultCreateGroupLimit'),
    loginLimitPerMinute: perMinute('loginLimitPerMinute'),
    accountLimitPerMinute: perMinute('accountLimitPerMinute'),
    mailLimitPerMinute: perMinute('mailLimitPerMinute'),
    /** CIDR ranges (`10.0.0.0/8`, `2001:db8::/32`); the server checks each one (400 naming trustedRanges[i]). */
    trustedRanges: z
      .array(text('trustedRanges', 50), { error: 'The trustedRanges must be a list' })
      .max(100, 'The trustedRanges can hold at most 100 ranges'),
    trustedLoginLimitPerMinute: perMinute('trustedLoginLimitPerMinute'),
    trustedAccountLimitPerMinute: perMinute('trustedAccountLimitPerMinute'),
    trustedMailLimitPerMinute: perMinute('trustedMailLimitPerMinute'),
    /** Borderline TLE re-check, the site default (docs/judging.md): on / off and the margin in whole percent. */
    tleRecheck: flag('tleRecheck'),
    tleRecheckMarginPercent: count('tleRecheckMarginPercent', TLE_RECHECK_MARGIN.max).min(
      TLE_RECHECK_MARGIN.min,
      `The tleRecheckMarginPercent must be at least ${TLE_RECHECK_MARGIN.min}`,
    ),
  })
  .partial()
  .strict();
export type SetSwitchConfigBody = z.infer<typeof setSwitchConfigBody>;

const announcementTitle = z
  .string({ error: 'The title is required' })
  .trim()
  .min(1, 'The title is required')
  .max(255, 'The title can not exceed 255 characters');
const announcementContent = z
  .string({ error: 'The content is required' })
  .trim()
  .min(1, 'The content is required')
  .max(65535, 'The content can not exceed 65535 characters');

/** POST /api/admin/announcement. */
export const createAnnouncementBody = z.object({ title: announcementTitle, content: announcementContent });

/** PUT /api/admin/announcement. `status` 0 visible, 1 hidden (doc 3 §4). */
export const updateAnnouncementBody = z.object({
  id: z.coerce
    .number({ error: 'The id is required' })
    .int('The id must be an integer')
    .positive('The id is required'),
  title: announcementTitle,
  content: announcementContent,
  status: z
    .union([z.literal(0), z.literal(1)], { error: 'The status must be 0 (visible) or 1 (hidden)' })
    .optional(),
});

/** An announcement as lists answer it (doc 1 §3): author name joined in. Times ISO 8601 UTC. */
export interface AnnouncementItem {
  id: number;
  title: string;
  content: string;
  status: number;
  uid: string | null;
  username: string | null;
  gmtCreate: string;
  gmtModified: string;
}

/** One image of the home carousel: `url` is served by the server. */
export interface CarouselItem {
  id: number;
  url: string;
}

/**
 * GET /api/admin/config/get-deployment-config: the System Config sections the deployment fixes (doc 3 System
 * Config "mobile", "datasource", "judge"), read-only in the back office.
 */
export interface DeploymentConfig {
  /**
   * The database: `kind` pglite | postgres; `fromUrl` true when DATABASE_URL sets it, else the embedded database
   * under OJ_DATA_DIR; `url` DATABASE_URL with the password replaced by ****** and the query dropped (null when
   * embedded); `host`, `port`, `database`, `username` from it. There is no Redis.
   */
  datasource: {
    kind: string;
    fromUrl: boolean;
    url: string | null;
    host: string | null;
    port: number | null;
    database: string | null;
    username: string | null;
  };
  /**
   * Judging: `embeddedWorkers` the judge workers this server process starts (OJ_EMBEDDED_JUDGE_WORKERS; 0 =
   * judgehosts only); `tokenFromEnv` whether OJ_JUDGE_TOKEN fixes the judgehost token (else generated and stored);
   * `judgehostsOnline` / `judgehostsTotal`; the judge switches and the submit interval (s) of the Switch page.
   */
  judge: {
    embeddedWorkers: number;
    tokenFromEnv: boolean;
    judgehostsOnline: number;
    judgehostsTotal: number;
    openPublicJudge: boolean;
    openGroupJudge: boolean;
    openContestJudge: boolean;
    defaultSubmitInterval: number;
  };
  /**
   * Mobile SMS: `provider` null, none is built in; no call sends an SMS (the mobile number is changed with the
   * account password, doc 1 §5 asks no SMS code).
   */
  sms: { provider: string | null };
}

/**
 * GET /api/health's data (public, no secrets): `status` ok | degraded (no judgehost online) | down (database or
 * migrations wrong) | closing; the database (`ms` the check's time), migrations, judgehosts heard from within
 * 30 s, the judge queue, the process uptime in seconds. HTTP 503 (same body) when down or closing.
 */
export interface HealthInfo {
  /**
   * ok: serving; degraded: serving but no judgehost online that can judge; down: database or migrations wrong;
   * closing: shutting down
   */
  status: 'ok' | 'degraded' | 'down' | 'closing';
  database: { ok: boolean; ms: number; kind: string };
  migrations: { applied: number; expected: number; current: boolean };
  /**
   * online: heard from within 30 s, enabled and able to judge; unhealthy: heard from within 30 s but reporting
   * that it cannot judge (its sandbox failed its check; it leases nothing); total: every judgehost ever registered.
   */
  judgehosts: { online: number; unhealthy: number; total: number };
  queue: { queued: number; leased: number };
  uptimeSeconds: number;
}

/** GET /api/admin/config/get-service-info: this server process (HOJ's shape; loads as "12.34%"). */
export interface ServiceInfo {
  backupCores: number;
  backupPercentCpuLoad: string;
  backupPercentMemoryLoad: string;
  backupService: { serviceId: string; host: string; port: number | null; secure: boolean; uri: string }[];
}
