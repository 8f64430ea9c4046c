import path from 'node:path';
import { type CliEnvVar, envHelp } from '@oj/shared/cli';
import { z } from 'zod';

/** Environment variables, parsed once at start-up (README "Configuration"; every variable in .env.example). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  OJ_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Without DATABASE_URL: force PGlite or the private PostgreSQL cluster (default: chosen; README, issue 22). */
  OJ_EMBEDDED_DB: z.enum(['pglite', 'postgres']).optional(),
  OJ_ADMIN_PASSWORD: z.string().min(6).max(20).optional(),
  OJ_JUDGE_TOKEN: z.string().min(8).optional(),
  OJ_JWT_SECRET: z.string().min(16).optional(),
  /** Number of embedded judge workers; 0 disables the embedded judgehost. Default: one per core. */
  OJ_EMBEDDED_JUDGE_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  /**
   * Server processes sharing the port (node:cluster; issue 22). Default: one per core but one, at most 4, on
   * PostgreSQL (the private cluster or DATABASE_URL; 1 on 2 cores); always 1 on PGlite (one process owns its files).
   */
  OJ_SERVER_PROCESSES: z.coerce.number().int().min(1).max(32).optional(),
  OJ_WEB_DIST: z.string().optional(),
  /** The Codeforces API the user home's CF rating is read from; "off" turns the look-up off (issue 25). */
  OJ_CODEFORCES_API: z.union([z.literal('off'), z.string().url()]).default('https://codeforces.com/api'),
  /**
   * The key sealing the remote-judge account passwords (issue 27): 32 bytes as 64 hex digits or base64. Unset: the
   * file `<OJ_DATA_DIR>/remote-judge.key`, made (mode 0600) on first use.
   */
  OJ_REMOTE_JUDGE_KEY: z.string().min(32).optional(),
  /** Bytes (MB) of unpacked test-case uploads one user may have staged at once (issue 24 item 6). */
  OJ_TESTCASE_UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).default(512),
  /** Bytes (MB) of unpacked test-case uploads staged on the server for all users together. */
  OJ_TESTCASE_UPLOAD_TOTAL_MB: z.coerce.number().int().min(1).default(4096),
  /** Trust X-Forwarded-For (only behind a reverse proxy: otherwise clients could fake their IP for rate limits). */
  OJ_TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** A request's headers and body must arrive within this (ms; issue 22 item 6; raise it for big uploads over slow
   * links: a 256 MB test-case archive needs 35 Mbit/s at 60 s). Streams are responses: not cut. */
  OJ_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** A request's headers must arrive within this (ms; at most OJ_REQUEST_TIMEOUT_MS). */
  OJ_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** The demo problems and contest on a fresh database: 1 on, 0 off (default: on for the embedded database only). */
  OJ_DEMO_SEED: z.enum(['0', '1']).optional(),
  /** `pretty`: coloured lines for a person; `json`: JSON lines (default: pretty on a terminal, else JSON). */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SECURE: z.enum(['true', 'false']).optional(),
  SMTP_FROM: z.string().optional(),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string };

/** Parses `process.env`; throws listing every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable (`DATABASE_URL=`) means "not set", as shells and env files commonly write it.
  const set = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.OJ_DATA_DIR) };
}

/** The server's variables for `--help` (`npm start -- --help`), defaults read from the schema; README "Configuration". */
export const serverEnvHelp: CliEnvVar[] = envHelp(envSchema.shape, {
  PORT: 'HTTP port',
  HOST: 'address to listen on',
  OJ_DATA_DIR: 'data directory (embedded database, uploads), relative to apps/server',
  DATABASE_URL: 'PostgreSQL URL (unset: the embedded database)',
  OJ_EMBEDDED_DB: 'without DATABASE_URL: pglite or postgres (default: postgres when installed)',
  OJ_ADMIN_PASSWORD: "root's password on a fresh database (default: generated, printed once)",
  OJ_JUDGE_TOKEN: 'the judge token (default: generated, on the admin page)',
  OJ_JWT_SECRET: 'session signing secret, 16+ chars (default: generated, kept in the database)',
  OJ_EMBEDDED_JUDGE_WORKERS: 'embedded judge workers, 0 = none (default: one per core)',
  OJ_SERVER_PROCESSES:
    'server processes sharing the port (default: one per core but one, at most 4, on PostgreSQL (1 on 2 cores); 1 on PGlite)',
  OJ_WEB_DIST: 'the built web app (default: apps/web/dist)',
  OJ_CODEFORCES_API: 'Codeforces API for the CF rating, or off',
  OJ_REMOTE_JUDGE_KEY:
    'key sealing the remote-judge account passwords and generated accounts awaiting download, 32 bytes hex or base64 (default: <data dir>/remote-judge.key, made on first use)',
  OJ_TESTCASE_UPLOAD_QUOTA_MB: 'MB of staged test-data uploads per user',
  OJ_TESTCASE_UPLOAD_TOTAL_MB: 'MB of staged test-data uploads on the server',
  OJ_TRUST_PROXY: 'trust X-Forwarded-For (behind a reverse proxy only)',
  OJ_REQUEST_TIMEOUT_MS: "a request's headers and body must arrive within this",
  OJ_HEADERS_TIMEOUT_MS: "a request's headers must arrive within this",
  OJ_DEMO_SEED: 'demo problems on a fresh database: 1 on, 0 off (default: embedded database only)',
  LOG_FORMAT: 'pretty or json (default: pretty on a terminal)',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent',
  SMTP_HOST: 'mail server for password resets (unset: no mail)',
  SMTP_PORT: 'its port',
  SMTP_USER: 'its user',
  SMTP_PASSWORD: 'its password',
  SMTP_SECURE: 'true: TLS from the start',
  SMTP_FROM: 'the From address',
});
