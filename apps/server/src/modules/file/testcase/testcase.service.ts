import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { AppContext } from '../../../context.js';
import { blobs, testcases } from '../../../db/schema/index.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import { checkCaseName, isSafeCaseName } from './case-name.js';
import { DEFAULT_ZIP_LIMITS, readZipSafely, type ZipFileEntry } from './safe-zip.js';
import { DIR_RE, dropStaged, recordStaged, stagingCaps, sweepAndMeasure, uploadRoot } from './staging.js';

export { uploadRoot } from './staging.js';

/** One pair found in an upload: file names inside the upload folder. */
export interface UploadedCase {
  input: string;
  output: string;
  score: number;
  groupNum?: number;
}

/** Natural order: `2.in` before `10.in`, case-insensitive. */
export const naturalCompare = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;

/** Spreads `total` points over `n` cases evenly, the remainder going to the last ones (doc 3 §4). */
export function spreadScores(n: number, total = 100): number[] {
  const base = Math.floor(total / n);
  const extra = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i >= n - extra ? 1 : 0));
}

/**
 * Pairs test files of a flat zip (one optional top folder is ignored): `X.in` with `X.out` or `X.ans`, in natural
 * order of X. In `default` mode every input needs an output; in `spj` / `interactive` mode inputs may come alone
 * (output ''). Throws 400 naming the first unpaired file, or when nothing pairs.
 */
export function pairCaseFiles(
  entries: ZipFileEntry[],
  mode: string,
): { files: Map<string, Buffer>; cases: UploadedCase[] } {
  const link = entries.find((e) => e.symlink);
  if (link) throw badRequest('testcase.symlink', { name: link.path });
  let list = entries.filter((e) => !e.path.split('/').some((p) => p.startsWith('.') || p === '__MACOSX'));
  const dirs = new Set(
    list.map((e) => (e.path.includes('/') ? e.path.slice(0, e.path.lastIndexOf('/')) : '')),
  );
  if (dirs.size === 1) list = list.map((e) => ({ ...e, path: e.path.slice(e.path.lastIndexOf('/') + 1) }));
  const files = new Map<string, Buffer>();
  for (const e of list) if (!e.path.includes('/')) files.set(e.path, e.data);
  const inputs = [...files.keys()].filter((n) => n.toLowerCase().endsWith('.in')).sort(naturalCompare);
  if (inputs.length === 0) throw badRequest('testcase.noInputs');
  const cases: UploadedCase[] = [];
  for (const input of inputs) {
    const stem = input.slice(0, -3);
    const output = [`${stem}.out`, `${stem}.ans`].find((n) => files.has(n));
    if (!output && mode === 'default') throw badRequest('testcase.noOutput', { input, stem });
    checkCaseName(input, 'file');
    if (output) checkCaseName(output, 'file');
    cases.push({ input, output: output ?? '', score: 0 });
  }
  const scores = spreadScores(cases.length);
  cases.forEach((c, i) => {
    c.score = scores[i];
  });
  return { files, cases };
}

/** Serialises the quota check and record of concurrent uploads (one process serves the API). */
let stagingLock: Promise<unknown> = Promise.resolve();

/**
 * POST /api/file/upload-testcase-zip: unpacks a test-case zip (safely) into a fresh upload folder owned by `uid`
 * and returns the pairs `{ fileList, fileListDir }`; `fileListDir` is the folder's token, given back as
 * `uploadTestcaseDir` when the problem is saved (the folder is then deleted; unused ones after an hour). The zip
 * may unpack to at most what is left of the user's staging quota and of the server's total (issue 24 item 6).
 * Throws 400 for unsafe or malformed zips, testcase.uploadQuota / testcase.uploadsFull past the caps.
 */
export async function acceptTestcaseZip(ctx: AppContext, zip: Buffer, mode: string, uid: string) {
  const caps = stagingCaps(ctx);
  const before = await sweepAndMeasure(ctx);
  const used = before.byUser.get(uid) ?? 0;
  const room = Math.min(caps.perUser - used, caps.total - before.total);
  const quotaError = () =>
    caps.perUser - used <= caps.total - before.total
      ? badRequest('testcase.uploadQuota', { max: caps.perUser, used })
      : badRequest('testcase.uploadsFull');
  if (room <= 0) throw quotaError();
  let entries: ZipFileEntry[];
  try {
    entries = await readZipSafely(zip, {
      ...DEFAULT_ZIP_LIMITS,
      maxTotalBytes: Math.min(DEFAULT_ZIP_LIMITS.maxTotalBytes, room),
    });
  } catch (e) {
    if (e instanceof AppError && e.msgKey === 'file.zipTooBig' && room < DEFAULT_ZIP_LIMITS.maxTotalBytes)
      throw quotaError();
    throw e;
  }
  const { files, cases } = pairCaseFiles(entries, mode);
  const bytes = cases.reduce(
    (n, c) => n + (files.get(c.input)?.length ?? 0) + (c.output ? (files.get(c.output)?.length ?? 0) : 0),
    0,
  );
  const root = uploadRoot(ctx);
  const token = randomBytes(12).toString('hex');
  // Check again and record under the lock: two uploads at once cannot both take the last room.
  const reserve = stagingLock.then(async () => {
    const now = await sweepAndMeasure(ctx);
    const mine = now.byUser.get(uid) ?? 0;
    if (mine + bytes > caps.perUser)
      throw badRequest('testcase.uploadQuota', { max: caps.perUser, used: mine });
    if (now.total + bytes > caps.total) throw badRequest('testcase.uploadsFull');
    await fsp.mkdir(path.join(root, token), { recursive: true, mode: 0o700 });
    await recordStaged(ctx, token, { uid, bytes });
  });
  stagingLock = reserve.catch(() => undefined);
  await reserve;
  const dir = path.join(root, token);
  try {
    for (const c of cases) {
      await fsp.writeFile(path.join(dir, c.input), files.get(c.input) as Buffer);
      if (c.output) await fsp.writeFile(path.join(dir, c.output), files.get(c.output) as Buffer);
    }
  } catch (e) {
    await dropStaged(root, token);
    throw e;
  }
  return { fileList: cases, fileListDir: token };
}

/**
 * Reads the chosen files of an upload folder (`token` from acceptTestcaseZip). 400 when the token is malformed
 * or expired, or a named file is not in the folder (names are plain file names only).
 */
export async function readUploadedCases(
  ctx: AppContext,
  token: string,
  list: { input: string; output: string }[],
): Promise<{ input: Buffer; output: Buffer }[]> {
  if (!DIR_RE.test(token)) throw badRequest('testcase.badUploadDir');
  const dir = path.join(uploadRoot(ctx), token);
  const present = new Set((await fsp.readdir(dir).catch(() => null as never as string[])) ?? []);
  if (present.size === 0) throw badRequest('testcase.uploadExpired');
  const read = async (name: string, i: number, field: string): Promise<Buffer> => {
    if (!name) return Buffer.alloc(0);
    if (name.includes('/') || name.includes('\\') || !present.has(name))
      throw badRequest('testcase.notInUpload', { index: i, field, name });
    return fsp.readFile(path.join(dir, name));
  };
  const out: { input: Buffer; output: Buffer }[] = [];
  for (const [i, c] of list.entries())
    out.push({ input: await read(c.input, i, 'input'), output: await read(c.output, i, 'output') });
  return out;
}

/** Removes an upload folder and its record once its cases are stored (best effort). */
export async function dropUpload(ctx: AppContext, token: string): Promise<void> {
  await dropStaged(uploadRoot(ctx), token);
}

/**
 * A zip (bytes) of a problem's test cases under their stored names (`<index>.in/.out` when names repeat), for
 * GET /api/file/download-testcase. Empty problems give an empty zip.
 */
export async function testcaseZip(ctx: AppContext, pid: number): Promise<Uint8Array> {
  const cases = await ctx.db
    .select()
    .from(testcases)
    .where(eq(testcases.pid, pid))
    .orderBy(asc(testcases.index));
  const hashes = [...new Set(cases.flatMap((c) => [c.inputHash, c.outputHash]))];
  const data = new Map<string, Buffer>();
  if (hashes.length) {
    const rows = await ctx.db
      .select({ hash: blobs.hash, data: blobs.data })
      .from(blobs)
      .where(inArray(blobs.hash, hashes));
    for (const r of rows) data.set(r.hash, r.data);
  }
  const names = cases.flatMap((c) => [c.inputName, c.outputName]);
  // Names stored before they were checked are never served back as entry paths (`../../etc/cron.d/x`).
  const unique = new Set(names).size === names.length && names.every(isSafeCaseName);
  const files: Record<string, Uint8Array> = {};
  for (const c of cases) {
    files[unique ? c.inputName : `${c.index}.in`] = data.get(c.inputHash) ?? strToU8('');
    files[unique ? c.outputName : `${c.index}.out`] = data.get(c.outputHash) ?? strToU8('');
  }
  return zipSync(files, { level: 6 });
}
