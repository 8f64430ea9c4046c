import path from 'node:path';
import { z } from 'zod';

/** Environment variables, parsed once at start-up (README "Environment"). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  OJ_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  OJ_ADMIN_PASSWORD: z.string().min(6).max(20).optional(),
  OJ_JUDGE_TOKEN: z.string().min(8).optional(),
  OJ_JWT_SECRET: z.string().min(16).optional(),
  /** Number of embedded judge workers; 0 disables the embedded judgehost. Default: one per core. */
  OJ_EMBEDDED_JUDGE_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  OJ_WEB_DIST: z.string().optional(),
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
