import type { Files } from '../testcase/import-common.js';
import { text } from '../testcase/import-common.js';

export interface KattisStatement {
  description: string;
  input: string;
  output: string;
  hint: string;
}

/** Picks the statement file: English Markdown, then English LaTeX, then other Markdown, then other LaTeX. */
function pickStatement(files: Files): string | null {
  const names = [...files.keys()].filter((n) =>
    /^(problem_statement|statement)\/problem(\.[\w-]+)?\.(md|tex)$/.test(n),
  );
  const rank = (n: string) => (/\.en\.|problem\.(md|tex)$/.test(n) ? 0 : 2) + (n.endsWith('.md') ? 0 : 1);
  return names.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/**
 * Reads a Kattis statement into description / input / output / hint: Markdown `#`/`##` sections or LaTeX
 * `\section*{…}` sections named Input, Output, Notes. LaTeX is kept as text (KaTeX renders `$…$` math).
 */
export function readKattisStatement(files: Files): KattisStatement {
  const name = pickStatement(files);
  const src = name ? (text(files, name) ?? '') : '';
  const tex = name?.endsWith('.tex') ?? false;
  const body = tex ? src.replace(/\\problemname\{[^}]*\}/, '') : src.replace(/^#\s+.*\n/, '');
  const splitter = tex ? /\\section\*?\{([^}]*)\}/g : /^#{1,3}\s+(.*)$/gm;
  const out: KattisStatement = { description: '', input: '', output: '', hint: '' };
  let cur: keyof KattisStatement = 'description';
  let last = 0;
  const push = (chunk: string) => {
    const c = chunk.trim();
    if (c) out[cur] = out[cur] ? `${out[cur]}\n\n${c}` : c;
  };
  for (const m of body.matchAll(splitter)) {
    push(body.slice(last, m.index));
    const h = m[1].toLowerCase();
    cur = /input|indata/.test(h)
      ? 'input'
      : /output|utdata/.test(h)
        ? 'output'
        : /note|hint|explanation/.test(h)
          ? 'hint'
          : 'description';
    last = (m.index ?? 0) + m[0].length;
  }
  push(body.slice(last));
  return out;
}
