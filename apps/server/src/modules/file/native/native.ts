import { and, asc, eq, inArray } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { blobs, codeTemplates, languages, problemSolutions, testcases } from '../../../db/schema/index.js';
import { loadProblemByPid } from '../../problem/problem.access.js';
import { problemCodeTemplates, problemLanguageNames, tagsByPid } from '../../problem/problem.query.js';
import { problemFields } from '../../problem/problem.schema.js';
import type { NewProblem } from '../../problem/problem.store.js';
import { progressStep, progressTotal } from '../../progress/progress.js';
import {
  checkLimits,
  type ImportResult,
  importOne,
  refuse,
  requirePackages,
  text,
} from '../testcase/import-common.js';
import type { ZipFileEntry } from '../testcase/safe-zip.js';

/** Format version written into every native export. */
export const NATIVE_FORMAT = 1;

/** Problem columns carried by the native format (everything but ids, counters, times and the case version). */
const FIELDS = [
  'problemId',
  'title',
  'author',
  'type',
  'timeLimit',
  'memoryLimit',
  'stackLimit',
  'description',
  'input',
  'output',
  'examples',
  'hint',
  'source',
  'difficulty',
  'auth',
  'ioScore',
  'codeShare',
  'judgeMode',
  'judgeCaseMode',
  'spjCode',
  'spjLanguage',
  'spjProtocol',
  'userExtraFile',
  'judgeExtraFile',
  'isRemoveEndBlank',
  'tleRecheck',
  'tleRecheckMargin',
  'openCaseResult',
  'isUploadCase',
  'isFileIO',
  'ioReadFileName',
  'ioWriteFileName',
  'isRemote',
  'remoteOj',
] as const;

const nativeJson = z.object({
  format: z.literal(NATIVE_FORMAT, { error: `format must be ${NATIVE_FORMAT}` }),
  problem: z.record(z.string(), z.unknown()),
  tags: z.array(z.string()).default([]),
  languages: z.array(z.string()).default([]),
  codeTemplates: z
    .array(z.object({ language: z.string(), code: z.string(), status: z.boolean().default(true) }))
    .default([]),
  solutions: z.array(z.object({ language: z.string(), code: z.string() })).default([]),
  testcases: z.array(
    z.object({
      inputFile: z.string(),
      outputFile: z.string(),
      inputName: z.string(),
      outputName: z.string(),
      score: z.number().int().min(0),
      groupNum: z.number().int(),
    }),
  ),
});

/** Safe name part for `problem_<id>`. */
const idPart = (problemId: string) => problemId.replace(/[^A-Za-z0-9_.+-]/g, '_');

/**
 * GET /api/file/export-problem?pid=: the problem as a zip holding `problem_<id>.json` (every field, tags,
 * languages, templates with status, solutions, case list) and `problem_<id>/` with `<n>.in` / `<n>.out` files.
 * Several pids (HOJ's `?pid=1&pid=2`): one zip `problem_export.zip` holding each problem's json and folder, which
 * POST /api/file/import-problem reads back whole. 404 for an unknown pid.
 */
export async function exportNative(
  ctx: AppContext,
  pids: number | number[],
): Promise<{ name: string; zip: Uint8Array }> {
  const list = [...new Set([pids].flat())];
  const files: Record<string, Uint8Array> = {};
  let name = 'problem_export.zip';
  for (const pid of list) {
    const one = await nativeFiles(ctx, pid, (id) => `problem_${id}.json` in files);
    Object.assign(files, one.files);
    if (list.length === 1) name = `problem_${one.id}.zip`;
  }
  return { name, zip: zipSync(files, { level: 6 }) };
}

/**
 * One problem's native files: `problem_<id>.json` and `problem_<id>/<n>.in|out`, keyed by path; `<id>` gets the
 * suffix `_<pid>` when `taken(id)` (two problem ids that are the same once made safe for a file name).
 */
async function nativeFiles(
  ctx: AppContext,
  pid: number,
  taken: (id: string) => boolean = () => false,
): Promise<{ id: string; files: Record<string, Uint8Array> }> {
  const p = await loadProblemByPid(ctx, pid);
  const [tagMap, langs, templates, sols, cases] = await Promise.all([
    tagsByPid(ctx, [pid]),
    problemLanguageNames(ctx, pid),
    problemCodeTemplates(ctx, pid, false),
    ctx.db
      .select()
      .from(problemSolutions)
      .where(eq(problemSolutions.pid, pid))
      .orderBy(asc(problemSolutions.id)),
    ctx.db.select().from(testcases).where(eq(testcases.pid, pid)).orderBy(asc(testcases.index)),
  ]);
  const hashes = [...new Set(cases.flatMap((c) => [c.inputHash, c.outputHash]))];
  const data = new Map<string, Buffer>();
  if (hashes.length)
    for (const b of await ctx.db.select().from(blobs).where(inArray(blobs.hash, hashes)))
      data.set(b.hash, b.data);
  const safe = idPart(p.problemId);
  const id = taken(safe) ? `${safe}_${pid}` : safe;
  const files: Record<string, Uint8Array> = {};
  const problem: Record<string, unknown> = {};
  for (const f of FIELDS) problem[f] = p[f];
  const json = {
    format: NATIVE_FORMAT,
    problem,
    tags: (tagMap.get(pid) ?? []).map((t) => t.name),
    languages: langs,
    codeTemplates: templates.map((t) => ({ language: t.language, code: t.code, status: t.status })),
    solutions: sols.map((s) => ({ language: s.language, code: s.code })),
    testcases: cases.map((c) => ({
      inputFile: `${c.index}.in`,
      outputFile: `${c.index}.out`,
      inputName: c.inputName,
      outputName: c.outputName,
      score: c.score,
      groupNum: c.groupNum,
    })),
  };
  files[`problem_${id}.json`] = strToU8(JSON.stringify(json, null, 2));
  for (const c of cases) {
    files[`problem_${id}/${c.index}.in`] = data.get(c.inputHash) ?? new Uint8Array();
    files[`problem_${id}/${c.index}.out`] = data.get(c.outputHash) ?? new Uint8Array();
  }
  return { id, files };
}

/**
 * POST /api/file/import-problem: imports every `problem_<id>.json` of a native zip with its `problem_<id>/`
 * files, one transaction per problem (template status set right after). Returns one ImportResult per json.
 */
export async function importNative(ctx: AppContext, entries: ZipFileEntry[]): Promise<ImportResult[]> {
  const files = new Map(entries.map((e) => [e.path, e.data]));
  const jsons = requirePackages(
    [...files.keys()].filter((n) => /(^|\/)problem_[^/]+\.json$/.test(n)).sort(),
    'problem_<id>.json',
  );
  progressTotal(jsons.length);
  const out: ImportResult[] = [];
  for (const j of jsons) {
    const folder = j.slice(0, -'.json'.length);
    let disabled: string[] = [];
    const r = await importOne(ctx, j, (): NewProblem => {
      let raw: unknown;
      try {
        raw = JSON.parse(text(files, j) ?? '');
      } catch (e) {
        refuse(`${j} is not valid JSON (${(e as Error).message})`);
      }
      const parsed = nativeJson.safeParse(raw);
      if (!parsed.success)
        refuse(`${j}: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`);
      const n = parsed.data;
      const typed = problemFields.safeParse(n.problem);
      if (!typed.success)
        refuse(`${j}: problem.${typed.error.issues[0].path.join('.')}: ${typed.error.issues[0].message}`);
      const problem: Record<string, unknown> = {};
      for (const f of FIELDS) if (f in n.problem) problem[f] = (typed.data as Record<string, unknown>)[f];
      if (typeof problem.title !== 'string' || !problem.title) refuse(`${j}: problem.title is missing`);
      checkLimits(Number(problem.timeLimit ?? 1000), Number(problem.memoryLimit ?? 256));
      disabled = n.codeTemplates.filter((t) => !t.status).map((t) => t.language);
      return {
        problem: problem as NewProblem['problem'],
        testcases: n.testcases.map((c) => ({
          input: files.get(`${folder}/${c.inputFile}`) ?? refuse(`${folder}/${c.inputFile} is missing`),
          output: files.get(`${folder}/${c.outputFile}`) ?? refuse(`${folder}/${c.outputFile} is missing`),
          inputName: c.inputName,
          outputName: c.outputName,
          score: c.score,
          groupNum: c.groupNum,
        })),
        languages: n.languages,
        tags: n.tags,
        codeTemplates: n.codeTemplates.map((t) => ({ language: t.language, code: t.code })),
        solutions: n.solutions,
      };
    });
    if (r.imported && r.pid && disabled.length) {
      const lids = await ctx.db
        .select({ id: languages.id })
        .from(languages)
        .where(inArray(languages.name, disabled));
      if (lids.length)
        await ctx.db
          .update(codeTemplates)
          .set({ status: false })
          .where(
            and(
              eq(codeTemplates.pid, r.pid),
              inArray(
                codeTemplates.lid,
                lids.map((l) => l.id),
              ),
            ),
          );
    }
    out.push(r);
    progressStep();
  }
  return out;
}
