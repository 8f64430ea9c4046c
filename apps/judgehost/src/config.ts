import { type CliEnvVar, envHelp } from '@oj/shared/cli';
import { z } from 'zod';

/**
 * The judgehost's environment variables in one schema (issue 28; the server's is apps/server/src/env.ts), parsed
 * once. Every variable is documented in the README ("Configuration") and listed by `npm run judgehost -- --help`.
 */
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const judgehostEnvSchema = z.object({
  /** The server's URL (the `--server` flag wins). */
  OJ_SERVER: z.string().url().default('http://127.0.0.1:8080'),
  /** The judge token (or `--token-file FILE`); the server's admin page shows it. */
  OJ_JUDGE_TOKEN: z.string().min(1).optional(),
  /** Directory caching test data between jobs (the `--cache` flag wins). */
  OJ_JUDGE_CACHE: z.string().min(1).default('./judge-cache'),
  /** Root-owned run-time directory: the helpers, the box's /etc files, the work-dir tmpfs (docs/sandbox.md). */
  OJ_SANDBOX_DIR: z.string().startsWith('/', 'must be an absolute path').default('/run/oj-judge'),
  /** First of the unprivileged uids (gid = uid) the runs use; unset: the first free range. */
  OJ_SANDBOX_UID_BASE: int(1000, 2 ** 31 - 1).optional(),
  /** How many uids: one per concurrent run. */
  OJ_SANDBOX_UID_COUNT: int(1, 65536).default(32),
  /** The cgroup under each hierarchy's root where run cgroups are made. */
  OJ_CGROUP_PARENT: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, 'must be a relative cgroup path')
    .default('oj-judge'),
  /** Size of the tmpfs holding the work dirs. */
  OJ_SANDBOX_WORK_SIZE: z
    .string()
    .regex(/^\d+[kmg]?$/i, 'must look like 2g or 512m')
    .default('2g'),
  /** The bubblewrap binary. */
  OJ_BWRAP: z.string().startsWith('/', 'must be an absolute path').default('/usr/bin/bwrap'),
  /** `json`: JSON log lines even on a terminal (else a terminal gets coloured lines). */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /**
   * Remote judging (issue 27, docs/remote-judges.md): `true` on a judgehost that can reach the remote judges' sites;
   * it then also takes remote-problem jobs (judged on the sites, not in the sandbox). Default: never.
   */
  OJ_REMOTE_JUDGE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Remote jobs judged at once (each mostly waits on its site). */
  OJ_REMOTE_JUDGE_MAX: int(1, 256).default(8),
  /** ms between two looks at a remote run (HOJ: 2500). */
  OJ_REMOTE_POLL_MS: int(10, 600_000).default(2500),
  /** Looks at a remote run before it is Submitted Failed (HOJ: 60). */
  OJ_REMOTE_MAX_POLLS: int(1, 10_000).default(60),
  OJ_REMOTE_HDU_URL: z.string().url().optional(),
  OJ_REMOTE_CF_URL: z.string().url().optional(),
  OJ_REMOTE_GYM_URL: z.string().url().optional(),
  OJ_REMOTE_POJ_URL: z.string().url().optional(),
  OJ_REMOTE_AC_URL: z.string().url().optional(),
  OJ_REMOTE_SPOJ_URL: z.string().url().optional(),
  /** Set by the server for its embedded judgehost: exit when that process is gone (and read no .env file). */
  OJ_JUDGE_PARENT_PID: int(1, 2 ** 31 - 1).optional(),
});

export type JudgehostEnv = z.infer<typeof judgehostEnvSchema>;

/** Whether `name` is one of the judgehost's variables (what it takes from a .env file). */
export function isJudgehostVariable(name: string): boolean {
  return name in judgehostEnvSchema.shape || name === 'OJ_ENV_FILE';
}

/**
 * Parses the judgehost's variables from `source` (an empty value means unset). Throws one Error naming every bad
 * variable: `Invalid environment:\n  OJ_SANDBOX_UID_COUNT: …`.
 */
export function parseJudgehostEnv(source: NodeJS.ProcessEnv = process.env): JudgehostEnv {
  const set = Object.fromEntries(
    Object.keys(judgehostEnvSchema.shape)
      .filter((k) => source[k] !== undefined && source[k] !== '')
      .map((k) => [k, source[k]]),
  );
  const parsed = judgehostEnvSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

let cached: JudgehostEnv | undefined;

/** The judgehost's settings from process.env, parsed on first use (throws as parseJudgehostEnv). */
export function judgehostEnv(): JudgehostEnv {
  cached ??= parseJudgehostEnv();
  return cached;
}

/** The variables for `--help`, with their defaults from the schema. */
export const judgehostEnvHelp: CliEnvVar[] = [
  ...envHelp(judgehostEnvSchema.shape, {
    OJ_SERVER: 'the server URL (--server wins)',
    OJ_JUDGE_TOKEN: 'the judge token (or --token-file; shown on the admin page)',
    OJ_JUDGE_CACHE: 'test-data cache directory (--cache wins)',
    OJ_SANDBOX_DIR: 'root-owned sandbox run-time directory',
    OJ_SANDBOX_UID_BASE:
      'first sandbox uid, >= 1000 (default: 61000, or the first free range with --auto-uids)',
    OJ_SANDBOX_UID_COUNT: 'sandbox uids, one per concurrent run',
    OJ_CGROUP_PARENT: 'cgroup (relative path) holding the run cgroups',
    OJ_SANDBOX_WORK_SIZE: 'size of the work-dir tmpfs (2g, 512m)',
    OJ_BWRAP: 'the bubblewrap binary',
    LOG_FORMAT: 'json: JSON lines even on a terminal (pretty: coloured lines)',
    OJ_REMOTE_JUDGE: 'true: also judge remote problems on their sites (needs outside access)',
    OJ_REMOTE_JUDGE_MAX: 'remote jobs judged at once',
    OJ_REMOTE_POLL_MS: 'ms between looks at a remote run',
    OJ_REMOTE_MAX_POLLS: 'looks at a remote run before Submitted Failed',
    OJ_REMOTE_HDU_URL: 'HDU base URL (default https://acm.hdu.edu.cn)',
    OJ_REMOTE_CF_URL: 'Codeforces base URL (default https://codeforces.com)',
    OJ_REMOTE_GYM_URL: 'Codeforces gym base URL (default https://codeforces.com)',
    OJ_REMOTE_POJ_URL: 'POJ base URL (default http://poj.org)',
    OJ_REMOTE_AC_URL: 'AtCoder base URL (default https://atcoder.jp)',
    OJ_REMOTE_SPOJ_URL: 'SPOJ base URL (default https://www.spoj.com)',
  }),
  { name: 'OJ_ENV_FILE', description: 'the .env file to read', default: '<checkout>/.env' },
];
