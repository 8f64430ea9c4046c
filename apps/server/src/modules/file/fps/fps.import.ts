import { ProblemAuth } from '@oj/shared';
import type { AppContext, SessionUser } from '../../../context.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import { dbCause } from '../../../lib/text-guard.js';
import { createProblem } from '../../problem/problem.store.js';
import { progressStep, progressTotal } from '../../progress/progress.js';
import { storeStatementPicture } from '../statement-images.js';
import { DEFAULT_ZIP_LIMITS, readZipSafely, type ZipLimits } from '../testcase/safe-zip.js';
import { type FpsImage, parseFps } from './fps.parse.js';

/** The statement fields pictures can appear in. */
const TEXT_FIELDS = ['description', 'input', 'output', 'hint'] as const;
type TextFields = Partial<Record<(typeof TEXT_FIELDS)[number], string>>;

/** The forms a statement may use for a picture's `<src>`: as written, and for an absolute URL its path (HUSTOJ's statements link `/upload/…`). */
function srcForms(src: string): string[] {
  const forms = [src];
  try {
    const u = new URL(src);
    if (u.pathname.length > 1) forms.push(`${u.pathname}${u.search}`);
  } catch {
    // not an absolute URL: only the text as written
  }
  return forms;
}

/**
 * Stores an item's embedded pictures (statement-images.ts: the editor's limits, type by magic bytes) and points
 * the statement at them: every `src="<original>"` (quoted, as written or its path) becomes the stored URL.
 * Returns the rewritten fields and a note per picture that could not be stored.
 */
export async function storeFpsImages(
  ctx: AppContext,
  uid: string,
  fields: TextFields,
  images: FpsImage[],
): Promise<{ fields: TextFields; notes: string[] }> {
  const out: TextFields = { ...fields };
  const notes: string[] = [];
  for (const img of images) {
    const r = await storeStatementPicture(
      ctx,
      img.data,
      img.src.slice(img.src.lastIndexOf('/') + 1) || 'image',
      uid,
    );
    if (!r.ok) {
      notes.push(`picture not stored: ${r.reason}`);
      continue;
    }
    for (const f of TEXT_FIELDS) {
      let v = out[f];
      if (!v) continue;
      for (const form of srcForms(img.src))
        v = v.split(`"${form}"`).join(`"${r.url}"`).split(`'${form}'`).join(`'${r.url}'`);
      out[f] = v;
    }
  }
  return { fields: out, notes };
}

/** The answer for one FPS item (doc 3 import problem). */
export interface FpsImportItem {
  /** The XML file the item came from (inside a zip: its path). */
  file: string;
  title: string;
  /** Numeric id of the created problem (null when refused). */
  pid: number | null;
  /** Display id given to the created problem: the next free `P<n>` (n from 1000). */
  problemId: string | null;
  imported: boolean;
  reason?: string;
  /** What was left out although the item was imported (images, unknown template languages…). */
  notes?: string[];
}

/** FPS zips: at most 256 MB unpacked in all (XML only; other entries are never inflated), 10,000 files. */
export const FPS_ZIP_LIMITS: ZipLimits = { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 256 * 1024 * 1024 };

/**
 * The XML documents of an upload: the file itself, or every `.xml` inside a zip (read through safe-zip, so a zip
 * bomb is refused with 400 file.zipBomb / file.zipTooBig before it fills the memory). 400 for anything else.
 */
export async function fpsDocuments(name: string, data: Buffer): Promise<{ file: string; xml: string }[]> {
  if (data.length >= 4 && data.readUInt32LE(0) === 0x04034b50) {
    const entries = await readZipSafely(
      data,
      FPS_ZIP_LIMITS,
      (p) => /\.xml$/i.test(p) && !p.startsWith('__MACOSX/'),
    );
    const docs = entries
      .filter((e) => !e.symlink)
      .sort((a, b) => a.path.localeCompare(b.path))
      .map((e) => ({ file: e.path, xml: e.data.toString('utf8') }));
    if (!docs.length) throw badRequest('file.zipNoXml');
    return docs;
  }
  const head = data
    .subarray(0, 200)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!head.startsWith('<')) throw badRequest('file.notFps');
  return [{ file: name, xml: data.toString('utf8').replace(/^\uFEFF/, '') }];
}

/**
 * Imports every item of the uploaded FPS file(s): each accepted item becomes a problem in its own transaction
 * (problem.store createProblem), so a refused or failing item never leaves half a problem. Returns one entry per
 * item, in file order.
 */
export async function importFps(
  ctx: AppContext,
  user: SessionUser,
  upload: { name: string; data: Buffer },
): Promise<FpsImportItem[]> {
  const out: FpsImportItem[] = [];
  // Every file parsed first: the progress (issue 28) knows the number of items before the first is stored.
  const docs = (await fpsDocuments(upload.name, upload.data)).map((doc) => ({
    doc,
    items: parseFps(doc.xml),
  }));
  progressTotal(docs.reduce((n, d) => n + d.items.length, 0));
  for (const { doc, items } of docs) {
    for (const item of items) {
      if (!item.ok) {
        out.push({
          file: doc.file,
          title: item.title,
          pid: null,
          problemId: null,
          imported: false,
          reason: item.reason,
        });
        progressStep();
        continue;
      }
      try {
        const pics = await storeFpsImages(ctx, user.uid, item.problem.problem, item.images);
        const created = await createProblem(ctx.db, {
          ...item.problem,
          problem: {
            ...item.problem.problem,
            ...pics.fields,
            author: user.username,
            modifiedUser: user.username,
            auth: ProblemAuth.PUBLIC,
          },
        });
        const notes = [...item.notes, ...pics.notes];
        if (created.unknownLanguages.length) {
          notes.push(`templates for unknown languages skipped: ${created.unknownLanguages.join(', ')}`);
        }
        out.push({
          file: doc.file,
          title: item.title,
          pid: created.id,
          problemId: created.problemId,
          imported: true,
          ...(notes.length ? { notes } : {}),
        });
      } catch (e) {
        const reason =
          e instanceof AppError
            ? e.message
            : `database refused the problem: ${dbCause(e)?.message ?? 'error'}`;
        out.push({ file: doc.file, title: item.title, pid: null, problemId: null, imported: false, reason });
      }
      progressStep();
    }
  }
  return out;
}
