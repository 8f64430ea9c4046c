import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../../context.js';

/**
 * Staged test-case uploads (issue 24 item 6): `<dataDir>/testcase-upload/<token>/` holds the unpacked files of one
 * upload until the problem is saved (then it is deleted) or it is abandoned (deleted after UPLOAD_TTL_MS);
 * `<token>.json` beside it records `{ uid, bytes }` for the per-user and total quotas.
 */

/** An upload not used within an hour is abandoned. */
export const UPLOAD_TTL_MS = 3600 * 1000;

/** Upload tokens: 24 lowercase hex digits. */
export const DIR_RE = /^[a-f0-9]{24}$/;

/** Owner and size record of one staged upload. */
interface StagedMeta {
  uid: string;
  bytes: number;
}

/** Root of unpacked test-case uploads waiting for a problem save. */
export function uploadRoot(ctx: AppContext): string {
  return path.join(ctx.env.dataDir, 'testcase-upload');
}

/** Per-user and total staging caps in bytes (OJ_TESTCASE_UPLOAD_QUOTA_MB / OJ_TESTCASE_UPLOAD_TOTAL_MB). */
export function stagingCaps(ctx: AppContext): { perUser: number; total: number } {
  const mb = 1024 * 1024;
  return {
    perUser: ctx.env.OJ_TESTCASE_UPLOAD_QUOTA_MB * mb,
    total: ctx.env.OJ_TESTCASE_UPLOAD_TOTAL_MB * mb,
  };
}

/** Deletes an upload folder and its record (best effort). */
export async function dropStaged(root: string, token: string): Promise<void> {
  if (!DIR_RE.test(token)) return;
  await fsp.rm(path.join(root, token), { recursive: true, force: true });
  await fsp.rm(path.join(root, `${token}.json`), { force: true });
}

/**
 * Deletes abandoned uploads (older than UPLOAD_TTL_MS, or folders without a record and records without a
 * folder), then returns the bytes still staged: in total and by `uid`. Best effort on races.
 */
export async function sweepAndMeasure(
  ctx: AppContext,
  now = Date.now(),
): Promise<{ total: number; byUser: Map<string, number> }> {
  const root = uploadRoot(ctx);
  const names = await fsp.readdir(root).catch(() => [] as string[]);
  const tokens = new Set(names.map((n) => n.replace(/\.json$/, '')).filter((n) => DIR_RE.test(n)));
  const byUser = new Map<string, number>();
  let total = 0;
  for (const token of tokens) {
    const st = await fsp.stat(path.join(root, token)).catch(() => null);
    const meta = await fsp
      .readFile(path.join(root, `${token}.json`), 'utf8')
      .then((t) => JSON.parse(t) as StagedMeta)
      .catch(() => null);
    // A folder still being written has no record yet: only old ones without a record are stale.
    const old = !st || now - st.mtimeMs > UPLOAD_TTL_MS;
    if (old || (!meta && now - st.mtimeMs > 60_000)) {
      await dropStaged(root, token);
      continue;
    }
    if (!meta) continue;
    total += meta.bytes;
    byUser.set(meta.uid, (byUser.get(meta.uid) ?? 0) + meta.bytes);
  }
  return { total, byUser };
}

/** Records the owner and size of a fully written upload folder. */
export async function recordStaged(ctx: AppContext, token: string, meta: StagedMeta): Promise<void> {
  await fsp.writeFile(path.join(uploadRoot(ctx), `${token}.json`), JSON.stringify(meta), { mode: 0o600 });
}
