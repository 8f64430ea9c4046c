import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { languages } from '../../../db/schema/index.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import { createProblem, type NewProblem } from '../../problem/problem.store.js';
import { progressStep, progressTotal } from '../../progress/progress.js';
import { readUpload } from '../storage.js';
import { readZipSafely, resolveSymlinks, type ZipFileEntry } from './safe-zip.js';
import { naturalCompare } from './testcase.service.js';

/** What every importer answers per problem (doc 3 export/import). */
export interface ImportResult {
  title: string;
  pid: number | null;
  problemId: string | null;
  imported: boolean;
  reason?: string;
  /** What was left out although the problem was imported (LaTeX not converted, pictures not stored…). */
  notes?: string[];
}

/** What an importer builds: the problem to store and, optionally, notes for the import result. */
export type BuiltProblem = NewProblem & { notes?: string[] };

/** Largest problem package accepted (bytes). */
export const PACKAGE_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Reads the uploaded zip (multipart field `file`) into entries, symbolic links inside the package followed
 * (`textLinks`: also links that git checked out as plain files holding the target path).
 */
export async function readPackage(
  req: FastifyRequest,
  opts: { textLinks?: boolean } = {},
): Promise<ZipFileEntry[]> {
  const { data } = await readUpload(req, {
    field: 'file',
    maxBytes: PACKAGE_MAX_BYTES,
    tooLarge: () => badRequest('file.tooLarge', { field: 'file', max: PACKAGE_MAX_BYTES }),
  });
  return resolveSymlinks(await readZipSafely(data), opts);
}

/** A package's files by path relative to its folder. */
export type Files = Map<string, Buffer>;

/**
 * Splits entries into problem folders: every folder holding `marker` (e.g. `problem.yaml`) directly is one
 * problem (a marker at the root makes the whole zip one problem). Folders are returned in natural order.
 */
export function splitPackages(
  entries: ZipFileEntry[],
  marker: (name: string) => boolean,
): { name: string; files: Files }[] {
  const roots = new Set<string>();
  for (const e of entries) {
    const slash = e.path.lastIndexOf('/');
    const base = e.path.slice(slash + 1);
    if (marker(base)) roots.add(slash < 0 ? '' : e.path.slice(0, slash));
  }
  // Only outermost roots: a package may hold marker-named files deeper down.
  const outer = [...roots].filter(
    (r) => ![...roots].some((o) => o !== r && (o === '' || r.startsWith(`${o}/`))),
  );
  return outer.sort(naturalCompare).map((root) => {
    const files: Files = new Map();
    const prefix = root ? `${root}/` : '';
    for (const e of entries) if (e.path.startsWith(prefix)) files.set(e.path.slice(prefix.length), e.data);
    return { name: root || 'package', files };
  });
}

/** Every local language name in display order: imported problems allow them all. */
export async function allLanguageNames(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db
    .select({ name: languages.name })
    .from(languages)
    .where(eq(languages.oj, 'ME'))
    .orderBy(asc(languages.seq), asc(languages.id));
  return rows.map((r) => r.name);
}

/** A refusal of one problem inside a package: becomes `imported: false` with this reason. */
export class ImportRefusal extends Error {}

/** Throws an ImportRefusal with `reason`. */
export function refuse(reason: string): never {
  throw new ImportRefusal(reason);
}

/**
 * Builds and stores one problem: `build` returns the NewProblem (or throws ImportRefusal / AppError), then
 * createProblem stores it in one transaction. Any failure becomes `imported: false` with a reason; nothing of
 * a refused problem is left behind.
 */
export async function importOne(
  ctx: AppContext,
  title: string,
  build: () => Promise<BuiltProblem> | BuiltProblem,
): Promise<ImportResult> {
  let np: BuiltProblem;
  try {
    np = await build();
  } catch (e) {
    if (e instanceof ImportRefusal || e instanceof AppError)
      return { title, pid: null, problemId: null, imported: false, reason: e.message };
    return {
      title,
      pid: null,
      problemId: null,
      imported: false,
      reason: `malformed package: ${(e as Error).message}`,
    };
  }
  const t = np.problem.title || title;
  try {
    const created = await createProblem(ctx.db, np);
    const notes = np.notes?.length ? { notes: np.notes } : {};
    return { title: t, pid: created.id, problemId: created.problemId, imported: true, ...notes };
  } catch (e) {
    // The transaction rolled back: nothing of this problem is stored.
    const err = e as Error & { cause?: Error };
    const detail = (err.cause?.message ?? err.message).split('\n')[0].slice(0, 300);
    const reason = e instanceof AppError ? e.message : `could not store the problem: ${detail}`;
    return { title: t, pid: null, problemId: np.problem.problemId ?? null, imported: false, reason };
  }
}

/** Parses a duration such as `1s`, `1.5s`, `1000ms`, `1000` (ms) into ms; null when unreadable. */
export function parseTimeMs(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? Math.round(v) : null;
  const m = /^\s*([\d.]+)\s*(ms|s)?\s*$/i.exec(String(v ?? ''));
  if (!m) return null;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return null;
  return Math.round((m[2] ?? 'ms').toLowerCase() === 's' ? n * 1000 : n);
}

/** Parses a memory size such as `256m`, `512MB`, `1g`, `65536k`, `256` (MB) into MB; null when unreadable. */
export function parseMemoryMb(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? Math.round(v) : null;
  const m = /^\s*([\d.]+)\s*([kmg]i?b?|b)?\s*$/i.exec(String(v ?? ''));
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'm')[0].toLowerCase();
  const mb = unit === 'g' ? n * 1024 : unit === 'k' ? n / 1024 : unit === 'b' ? n / 1024 / 1024 : n;
  return Math.max(1, Math.round(mb));
}

/** Checks limits against the ranges of doc 3 §5 (ms, MB); refuses with a reason naming the value. */
export function checkLimits(timeMs: number, memoryMb: number): void {
  if (timeMs < 1 || timeMs > 30_000) refuse(`time limit ${timeMs} ms is outside 1..30000 ms`);
  if (memoryMb < 1 || memoryMb > 4096) refuse(`memory limit ${memoryMb} MB is outside 1..4096 MB`);
}

/** Judge language of a checker / interactor source by its extension; refuses unknown ones. */
export function languageOfSource(file: string): string {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  if (['cc', 'cpp', 'cxx', 'c++'].includes(ext)) return 'C++';
  if (ext === 'c') return 'C';
  if (ext === 'py') return 'Python3';
  if (ext === 'java') return 'Java';
  return refuse(`checker source ${file}: language .${ext} is not supported`);
}

/** Text of a package file (UTF-8, BOM removed), or null when absent. */
export function text(files: Files, name: string): string | null {
  const b = files.get(name);
  return b ? b.toString('utf8').replace(/^\uFEFF/, '') : null;
}

/** A problem id made from a package folder name (letters, digits, `-_.+` kept, the rest `_`), max 100. */
export function idFromFolder(folder: string): string {
  const base = folder.slice(folder.lastIndexOf('/') + 1);
  return base.replace(/[^A-Za-z0-9_.+-]/g, '_').slice(0, 100) || 'problem';
}

/** Import responses refuse a zip that holds no problem at all. */
export function requirePackages<T>(list: T[], what: string): T[] {
  if (list.length === 0) throw badRequest('file.zipNoPackage', { what });
  return list;
}

/**
 * Imports every package of a zip (see splitPackages; `what` names one in the 400 when there is none), one
 * transaction each through importOne. A refused package is titled by `titleOf` (its metadata's title, read
 * leniently) or else by its folder. Returns one ImportResult per package in folder order.
 */
export async function importPackages(
  ctx: AppContext,
  entries: ZipFileEntry[],
  marker: (name: string) => boolean,
  what: string,
  build: (files: Files, folder: string) => Promise<BuiltProblem> | BuiltProblem,
  titleOf?: (files: Files, folder: string) => string | null,
): Promise<ImportResult[]> {
  const pkgs = requirePackages(splitPackages(entries, marker), what);
  progressTotal(pkgs.length);
  const out: ImportResult[] = [];
  for (const p of pkgs) {
    // A refused package is listed under its own title where `titleOf` can read one, else its folder's name.
    let title = p.name;
    try {
      title = titleOf?.(p.files, p.name)?.trim() || p.name;
    } catch {
      // unreadable metadata: the refusal's reason says why; the folder names it
    }
    out.push(await importOne(ctx, title, () => build(p.files, p.name)));
    progressStep();
  }
  return out;
}
