import type { Files } from '../testcase/import-common.js';
import { text } from '../testcase/import-common.js';
import { latexToMarkdown } from './latex.js';

export interface KattisStatement {
  description: string;
  input: string;
  output: string;
  hint: string;
  /** What the import result tells the author: LaTeX that could not be converted, pictures not found. */
  notes: string[];
}

/** The statement file's folder (`statement/` or `problem_statement/`), '' when there is none. */
export function statementDir(files: Files): string {
  const name = pickStatement(files);
  return name ? name.slice(0, name.lastIndexOf('/') + 1) : '';
}

/** Picks the statement file: English Markdown, then English LaTeX, then other Markdown, then other LaTeX. */
function pickStatement(files: Files): string | null {
  const names = [...files.keys()].filter((n) =>
    /^(problem_statement|statement)\/problem(\.[\w-]+)?\.(md|tex)$/.test(n),
  );
  const rank = (n: string) => (/\.en\.|problem\.(md|tex)$/.test(n) ? 0 : 2) + (n.endsWith('.md') ? 0 : 1);
  return names.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/** The package files `\includegraphics{name}` may mean (relative to the statement folder; extension optional). */
export function graphicsCandidates(files: Files, name: string): string[] {
  const base = `${statementDir(files)}${name.replace(/^\.\//, '')}`;
  return [base, ...['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'].map((e) => `${base}.${e}`)].filter((n) =>
    files.has(n),
  );
}

/** The file names of every `\includegraphics[…]{name}` in the LaTeX statement (none for Markdown). */
export function statementGraphics(files: Files): string[] {
  const name = pickStatement(files);
  if (!name?.endsWith('.tex')) return [];
  const src = text(files, name) ?? '';
  return [
    ...new Set(
      [...src.matchAll(/\\includegraphics\s*(?:\[[^\]]*\])?\s*\{([^}]+)\}/g)].map((m) => m[1].trim()),
    ),
  ];
}

/**
 * Reads a Kattis statement into description / input / output / hint: Markdown `#`/`##` sections or LaTeX
 * `\section*{…}` sections named Input, Output, Notes. LaTeX is converted to markdown (`latex.ts`: tables, lists,
 * emphasis, math, figures); `images` maps an `\includegraphics` name to the URL its stored picture is served at.
 * What could not be converted is listed in `notes`.
 */
export function readKattisStatement(files: Files, images: Map<string, string> = new Map()): KattisStatement {
  const name = pickStatement(files);
  const src = name ? (text(files, name) ?? '') : '';
  const tex = name?.endsWith('.tex') ?? false;
  const body = tex ? src.replace(/\\problemname\{[^}]*\}/, '') : src.replace(/^#\s+.*\n/, '');
  const splitter = tex ? /\\section\*?\{([^}]*)\}/g : /^#{1,3}\s+(.*)$/gm;
  const out: KattisStatement = { description: '', input: '', output: '', hint: '', notes: [] };
  const unconverted = new Set<string>();
  const missing = new Set<string>();
  const convert = (chunk: string): string => {
    if (!tex) return chunk;
    const r = latexToMarkdown(chunk, (src) => {
      const url = images.get(src.trim());
      if (!url) missing.add(src.trim());
      return url ?? null;
    });
    for (const u of r.unconverted) unconverted.add(u);
    return r.markdown;
  };
  let cur: Exclude<keyof KattisStatement, 'notes'> = 'description';
  let last = 0;
  const push = (chunk: string) => {
    const c = convert(chunk).trim();
    if (c) out[cur] = out[cur] ? `${out[cur]}\n\n${c}` : c;
  };
  for (const m of body.matchAll(splitter)) {
    push(body.slice(last, m.index));
    const h = m[1].toLowerCase();
    const heading = m[1].trim();
    cur = /input|indata/.test(h)
      ? 'input'
      : /output|utdata/.test(h)
        ? 'output'
        : /note|hint|explanation/.test(h)
          ? 'hint'
          : 'description';
    // A section of its own kind (Scoring, Interaction…) keeps its title inside the description.
    if (cur === 'description' && heading) out.description += `${out.description ? '\n\n' : ''}### ${heading}`;
    last = (m.index ?? 0) + m[0].length;
  }
  push(body.slice(last));
  if (unconverted.size) out.notes.push(`LaTeX not converted (kept as text): ${[...unconverted].join(', ')}`);
  if (missing.size) out.notes.push(`pictures not found in the package: ${[...missing].join(', ')}`);
  return out;
}
