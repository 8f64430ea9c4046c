import { ProblemAuth } from '@oj/shared';
import { parse as parseYaml } from 'yaml';
import type { AppContext } from '../../../context.js';
import type { NewTestcase } from '../../problem/problem.store.js';
import { storeStatementPicture } from '../statement-images.js';
import {
  allLanguageNames,
  type BuiltProblem,
  checkLimits,
  type Files,
  type ImportResult,
  idFromFolder,
  importPackages,
  languageOfSource,
  refuse,
  text,
} from '../testcase/import-common.js';
import type { ZipFileEntry } from '../testcase/safe-zip.js';
import { naturalCompare, spreadScores } from '../testcase/testcase.service.js';
import { graphicsCandidates, readKattisStatement, statementGraphics } from './kattis.statement.js';

/** Kattis' default memory limit (MB) when problem.yaml sets none; time (ms) when no limit is given. */
const KATTIS_DEFAULT_MEMORY_MB = 2048;
const DEFAULT_TIME_MS = 1000;

type Yaml = Record<string, unknown>;

function yamlAt(files: Files, name: string): Yaml | null {
  const src = text(files, name);
  if (src == null) return null;
  try {
    const v = parseYaml(src) as unknown;
    return v && typeof v === 'object' ? (v as Yaml) : {};
  } catch (e) {
    return refuse(`${name} is not valid YAML (${(e as Error).message.split('\n')[0]})`);
  }
}

/** The title: a string, or a language map (English preferred). */
function titleOf(name: unknown): string {
  if (typeof name === 'string') return name.trim();
  if (name && typeof name === 'object') {
    const m = name as Record<string, unknown>;
    const v = m.en ?? Object.values(m)[0];
    if (typeof v === 'string') return v.trim();
  }
  return '';
}

/** The output validator (checker or interactor): main source plus other files as judge extra files. */
function validatorOf(files: Files): { code: string; language: string; extra: Record<string, string> } | null {
  const names = [...files.keys()].filter(
    (n) => n.startsWith('output_validators/') || n.startsWith('output_validator/'),
  );
  if (!names.length) return null;
  const sources = names.filter((n) => /\.(cc|cpp|cxx|c|py|java)$/i.test(n));
  const main =
    sources.find((n) => /\bmain\s*\(/.test(text(files, n) ?? '')) ??
    (sources.length === 1 ? sources[0] : undefined);
  if (!main) return refuse('output validator: no source file with a main function');
  const extra: Record<string, string> = {};
  for (const n of names) {
    if (n === main) continue;
    const base = n.slice(n.lastIndexOf('/') + 1);
    const data = files.get(n) as Buffer;
    if (!data.includes(0)) extra[base] = data.toString('utf8');
  }
  return { code: text(files, main) as string, language: languageOfSource(main), extra };
}

/** `range: 0 50` / accept_score: the points of a test group, or null. */
function groupPoints(y: Yaml | null): number | null {
  if (!y) return null;
  if (y.accept_score != null && Number.isFinite(Number(y.accept_score))) return Number(y.accept_score);
  const r = typeof y.range === 'string' ? y.range.trim().split(/\s+/) : null;
  return r && r.length === 2 && Number.isFinite(Number(r[1])) ? Number(r[1]) : null;
}

/**
 * Stores the pictures the LaTeX statement shows (`\includegraphics`) like editor uploads: name -> URL, plus notes
 * for pictures that are not gif, jpg, png, bmp or webp (e.g. PDF or SVG figures) or too large.
 */
async function storeGraphics(
  ctx: AppContext,
  files: Files,
): Promise<{ images: Map<string, string>; notes: string[] }> {
  const images = new Map<string, string>();
  const notes: string[] = [];
  for (const name of statementGraphics(files)) {
    const file = graphicsCandidates(files, name)[0];
    if (!file) continue; // named in the statement's notes as not found
    const r = await storeStatementPicture(ctx, files.get(file) as Buffer, file, null);
    if (r.ok) images.set(name, r.url);
    else notes.push(`picture not stored: ${r.reason}`);
  }
  return { images, notes };
}

/** Builds the problem of one Kattis / ICPC package; refuses unsupported kinds with a reason. */
async function buildKattis(ctx: AppContext, files: Files, folder: string): Promise<BuiltProblem> {
  const meta = yamlAt(files, 'problem.yaml') ?? refuse('problem.yaml is missing');
  const title = titleOf(meta.name) || folder;
  const kinds = [
    ...(Array.isArray(meta.type) ? meta.type.map(String) : String(meta.type ?? 'pass-fail').split(/\s+/)),
    ...String(meta.validation ?? '').split(/\s+/),
  ];
  for (const k of ['multi-pass', 'submit-answer'])
    if (kinds.includes(k)) refuse(`problem type ${k} is not supported`);
  const interactive = kinds.includes('interactive');
  const scoring = kinds.includes('scoring') || kinds.includes('score');
  const validator = validatorOf(files);
  const custom = kinds.includes('custom') || interactive || !!validator;
  if (custom && !validator) refuse('the package asks for a custom output validator but ships none');

  const limits = (meta.limits ?? {}) as Yaml;
  const timeLimit =
    limits.time_limit != null ? Math.round(Number(limits.time_limit) * 1000) : DEFAULT_TIME_MS;
  const memoryLimit = limits.memory != null ? Math.round(Number(limits.memory)) : KATTIS_DEFAULT_MEMORY_MB;
  if (!Number.isFinite(timeLimit) || !Number.isFinite(memoryLimit))
    refuse('problem.yaml: limits are not numbers');
  checkLimits(timeLimit, memoryLimit);

  // Samples: statement examples, and judged too except in scoring problems (they score nothing there).
  const sampleIns = [...files.keys()].filter((n) => /^data\/sample\/[^/]+\.in$/.test(n)).sort(naturalCompare);
  const examples = sampleIns.map((n) => ({
    input: text(files, n) ?? '',
    output: text(files, `${n.slice(0, -3)}.ans`) ?? '',
  }));

  type Ref = { name: string; group: number; points: number | null; dir: string };
  const refs: Ref[] = [];
  if (!scoring) for (const n of sampleIns) refs.push({ name: n, group: 1, points: null, dir: 'data/sample' });
  const secret = [...files.keys()].filter((n) => /^data\/secret\/.+\.in$/.test(n));
  const dirs = [...new Set(secret.map((n) => n.slice(0, n.lastIndexOf('/'))))].sort(naturalCompare);
  let groups = 0;
  for (const d of dirs) {
    groups += 1;
    const points = scoring ? groupPoints(yamlAt(files, `${d}/testdata.yaml`)) : null;
    for (const n of secret.filter((x) => x.slice(0, x.lastIndexOf('/')) === d).sort(naturalCompare))
      refs.push({ name: n, group: scoring ? groups : 1, points, dir: d });
  }
  if (!secret.length) refuse('no test data: data/secret holds no *.in files');
  const subtasks = scoring && dirs.length > 1;
  const spread = spreadScores(refs.length);
  const testcases: NewTestcase[] = refs.map((r, i) => {
    const stem = r.name.slice(0, -3);
    const ans = files.get(`${stem}.ans`);
    if (!ans && !interactive) refuse(`${stem}.ans is missing`);
    const rel = r.name.slice('data/'.length);
    return {
      input: files.get(r.name) as Buffer,
      output: ans ?? Buffer.alloc(0),
      inputName: rel.replace(/\//g, '_'),
      outputName: `${rel.slice(0, -3).replace(/\//g, '_')}.ans`,
      score: subtasks ? (r.points ?? 0) : scoring ? spread[i] : 0,
      groupNum: r.group,
    };
  });
  const pictures = await storeGraphics(ctx, files);
  const st = readKattisStatement(files, pictures.images);
  const ioScore = subtasks
    ? [...new Map(refs.map((r) => [r.group, r.points ?? 0])).values()].reduce((a, b) => a + b, 0)
    : 100;
  return {
    problem: {
      problemId: idFromFolder(folder),
      title,
      description: st.description,
      input: st.input,
      output: st.output,
      hint: st.hint,
      examples: examples.slice(0, 2),
      source: typeof meta.source === 'string' ? meta.source : '',
      author:
        typeof meta.author === 'string' ? meta.author : typeof meta.credits === 'string' ? meta.credits : '',
      type: scoring ? 1 : 0,
      timeLimit,
      memoryLimit,
      ioScore,
      judgeMode: interactive ? 'interactive' : custom ? 'spj' : 'default',
      judgeCaseMode: subtasks ? 'subtask_lowest' : 'default',
      spjCode: validator?.code ?? null,
      spjLanguage: validator?.language ?? null,
      spjProtocol: 'kattis',
      judgeExtraFile: validator && Object.keys(validator.extra).length ? validator.extra : null,
      isUploadCase: true,
      auth: ProblemAuth.PUBLIC,
    },
    testcases,
    languages: await allLanguageNames(ctx),
    tags: [],
    notes: [...st.notes, ...pictures.notes],
  };
}

/**
 * POST /api/file/import-kattis-problem: imports every Kattis / ICPC problem package (folder with problem.yaml)
 * of the zip, one transaction each; the problem id is the package's short name (its folder). Returns one ImportResult per package.
 */
export async function importKattis(ctx: AppContext, entries: ZipFileEntry[]): Promise<ImportResult[]> {
  return importPackages(
    ctx,
    entries,
    (n) => n === 'problem.yaml',
    'Kattis package (problem.yaml)',
    (files, folder) => buildKattis(ctx, files, folder),
  );
}
