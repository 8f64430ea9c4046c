import { LIMITS } from '@oj/shared';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { NewProblem } from '../../problem/problem.store.js';

/** One FPS `<item>` turned into a problem to create, or refused with a reason. */
export type FpsItem =
  | { ok: true; title: string; problem: NewProblem; notes: string[]; images: FpsImage[] }
  | { ok: false; title: string; reason: string };

/** An embedded picture: the URL the statement used (`<src>`) and its bytes (`<base64>`). */
export interface FpsImage {
  src: string;
  data: Buffer;
}

/** FPS language names -> the judge's names; unknown names are kept as given (stored solutions only). */
const LANGUAGE_MAP: Record<string, string> = {
  c: 'C',
  'c++': 'C++',
  cpp: 'C++',
  java: 'Java',
  python: 'Python3',
  python3: 'Python3',
  python2: 'Python2',
  'c#': 'C#',
  csharp: 'C#',
  go: 'Golang',
  golang: 'Golang',
  ruby: 'Ruby',
  php: 'PHP',
  javascript: 'JavaScript Node',
  rust: 'Rust',
};

/** The judge's name for an FPS language attribute (e.g. `C++` -> `C++`, `Python` -> `Python3`). */
export function mapFpsLanguage(name: string): string {
  return LANGUAGE_MAP[name.trim().toLowerCase()] ?? name.trim();
}

const ARRAYS = new Set([
  'item',
  'sample_input',
  'sample_output',
  'test_input',
  'test_output',
  'solution',
  'template',
  'prepend',
  'append',
  'img',
  'src',
  'base64',
  'spj',
  'tpj',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

type Node = string | { '#text'?: string; [attr: string]: unknown };

const text = (n: unknown): string => {
  if (n == null) return '';
  if (typeof n === 'string') return n;
  if (typeof n === 'number' || typeof n === 'boolean') return String(n);
  const t = (n as { '#text'?: unknown })['#text'];
  return t == null ? '' : String(t);
};
const attr = (n: unknown, name: string): string | undefined => {
  if (n && typeof n === 'object') {
    const v = (n as Record<string, unknown>)[`@_${name}`];
    return v == null ? undefined : String(v);
  }
  return undefined;
};
const list = (n: unknown): Node[] => (Array.isArray(n) ? n : n == null ? [] : [n]) as Node[];

/** Time limit in ms from `<time_limit unit="s|ms">` (no unit: seconds); null when not a positive number. */
export function parseTimeLimitMs(n: unknown): number | null {
  const v = Number.parseFloat(text(n).trim());
  if (!Number.isFinite(v) || v <= 0) return null;
  const unit = (attr(n, 'unit') ?? 's').toLowerCase();
  return Math.max(1, Math.round(unit === 'ms' ? v : v * 1000));
}

/** Memory limit in MB from `<memory_limit unit="mb|kb">` (no unit: MB); null when not a positive number. */
export function parseMemoryLimitMb(n: unknown): number | null {
  const v = Number.parseFloat(text(n).trim());
  if (!Number.isFinite(v) || v <= 0) return null;
  const unit = (attr(n, 'unit') ?? 'mb').toLowerCase();
  if (unit === 'kb') return Math.max(1, Math.ceil(v / 1024));
  if (unit === 'gb') return Math.round(v * 1024);
  return Math.max(1, Math.round(v));
}

/** FPS nests about 4 deep (fps > item > field > img…); deeper documents are refused before parsing. */
const MAX_XML_DEPTH = 100;

/** The deepest element nesting of `markup` (XML without CDATA and comments), counted over tags without parsing. */
function maxDepth(markup: string): number {
  let depth = 0;
  let max = 0;
  for (const m of markup.matchAll(/<(\/?)[A-Za-z_][^>]*?(\/?)>/g)) {
    if (m[1]) depth -= 1;
    else if (!m[2]) depth += 1;
    if (depth > max) max = depth;
    if (max > MAX_XML_DEPTH) break;
  }
  return max;
}

/**
 * Parses an FPS XML document into items. A document that is not well-formed XML gives one refused item naming
 * the parse error; each item is checked on its own (missing title, bad limits, no or unpaired test data, bogus
 * special judge, SQL-only problems, remote problems) and refused with a reason instead of failing the file.
 */
export function parseFps(xml: string): FpsItem[] {
  const refuse = (why: string): FpsItem[] => [
    { ok: false, title: '', reason: `Not a well-formed FPS XML: ${why}` },
  ];
  // Markup outside CDATA, comments and processing instructions: what the checks below look at.
  const markup = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g, '');
  // Entity declarations can point outside (external entities) or expand without end: FPS files declare none
  // (their DOCTYPE only names the public DTD), so a document declaring one is refused (issue 8, finding 10).
  if (/<!ENTITY/i.test(markup)) return refuse('entity declarations are not allowed');
  const depth = maxDepth(markup);
  if (depth > MAX_XML_DEPTH) return refuse(`elements nested ${depth} deep (at most ${MAX_XML_DEPTH})`);
  let doc: { fps?: { item?: unknown[] } };
  try {
    const valid = XMLValidator.validate(xml);
    if (valid !== true) return refuse(`${valid.err.msg} (line ${valid.err.line})`);
    doc = parser.parse(xml) as { fps?: { item?: unknown[] } };
  } catch (e) {
    return refuse((e as Error).message);
  }
  if (!doc.fps) return [{ ok: false, title: '', reason: 'Not an FPS file: no <fps> root element' }];
  return list(doc.fps.item).map((it) => parseItem(it as Record<string, unknown>));
}

function parseItem(it: Record<string, unknown>): FpsItem {
  const title = text(list(it.title)[0]).trim();
  const refuse = (reason: string): FpsItem => ({ ok: false, title, reason });
  if (!title) return refuse('missing <title>');
  if (title.length > 255) return refuse('title longer than 255 characters');
  const timeLimit = parseTimeLimitMs(list(it.time_limit)[0]);
  if (timeLimit == null) return refuse(`bad <time_limit> "${text(list(it.time_limit)[0]).trim()}"`);
  const memoryLimit = parseMemoryLimitMb(list(it.memory_limit)[0]);
  if (memoryLimit == null) return refuse(`bad <memory_limit> "${text(list(it.memory_limit)[0]).trim()}"`);
  const remote = text(list(it.remote_oj)[0]).trim();
  if (remote) return refuse(`remote judge problem (${remote}) is not supported`);

  const solutions = list(it.solution).map((s) => ({
    language: mapFpsLanguage(attr(s, 'language') ?? ''),
    code: text(s),
  }));
  const codeLangs = [
    ...solutions,
    ...list(it.template).map((s) => ({ language: attr(s, 'language') ?? '' })),
  ];
  if (codeLangs.length && codeLangs.every((s) => /^sql/i.test(s.language))) {
    return refuse('SQL problem (sqlite3): this judge does not run SQL');
  }

  const ins = list(it.test_input);
  const outs = list(it.test_output);
  if (!ins.length) return refuse('no test data (<test_input> missing)');
  if (ins.length !== outs.length) {
    return refuse(`${ins.length} <test_input> but ${outs.length} <test_output>: test data is not paired`);
  }
  const seen = new Set<string>();
  const testcases = ins.map((inp, i) => {
    const raw = (attr(inp, 'name') ?? attr(outs[i], 'name') ?? '').replace(/[^\w.-]/g, '_');
    let base = raw || String(i + 1);
    if (seen.has(base)) base = `${base}_${i + 1}`;
    seen.add(base);
    return { input: text(inp), output: text(outs[i]), inputName: `${base}.in`, outputName: `${base}.out` };
  });

  const notes: string[] = [];
  const spj = list(it.spj)[0];
  let spjFields = {};
  if (spj != null) {
    const code = text(spj);
    if (!/\bmain\s*\(/.test(code)) return refuse('<spj> is not a program (no main function)');
    const lang = mapFpsLanguage(attr(spj, 'language') ?? 'C++');
    if (lang !== 'C' && lang !== 'C++')
      return refuse(`<spj> language ${lang} is not supported (C or C++ only)`);
    spjFields = { judgeMode: 'spj', spjCode: code, spjLanguage: lang, spjProtocol: 'hustoj' };
  }
  if (list(it.tpj).length) notes.push('<tpj> (third-party judge) ignored');
  const images: FpsImage[] = [];
  for (const img of list(it.img) as unknown as Record<string, unknown>[]) {
    const src = text(list(img?.src)[0]).trim();
    const b64 = text(list(img?.base64)[0]).replace(/\s+/g, '');
    if (src && b64) images.push({ src, data: Buffer.from(b64, 'base64') });
    else notes.push(`an <img> without ${src ? '<base64>' : '<src>'} skipped`);
  }

  // HUSTOJ's prepend / template / append build the whole program around the user's part: we keep the joined
  // program as the editor template (our judge compiles exactly what the user submits).
  const byLang = new Map<string, { prepend: string; template: string; append: string }>();
  for (const key of ['prepend', 'template', 'append'] as const) {
    for (const n of list(it[key])) {
      const lang = mapFpsLanguage(attr(n, 'language') ?? '');
      const e = byLang.get(lang) ?? { prepend: '', template: '', append: '' };
      e[key] = text(n);
      byLang.set(lang, e);
    }
  }
  const codeTemplates = [...byLang.entries()].map(([language, e]) => ({
    language,
    code: [e.prepend, e.template, e.append].filter((s) => s.length).join('\n'),
  }));

  const sIn = list(it.sample_input).map(text);
  const sOut = list(it.sample_output).map(text);
  const examples = sIn
    .map((input, i) => ({ input, output: sOut[i] ?? '' }))
    .filter((e) => e.input.trim() || e.output.trim())
    .slice(0, LIMITS.examplesMax);

  return {
    ok: true,
    title,
    notes,
    images,
    problem: {
      problem: {
        title,
        timeLimit,
        memoryLimit,
        description: text(list(it.description)[0]),
        input: text(list(it.input)[0]),
        output: text(list(it.output)[0]),
        hint: text(list(it.hint)[0]),
        source: text(list(it.source)[0]).trim().slice(0, 255),
        examples,
        isRemoveEndBlank: true,
        ...spjFields,
      },
      testcases,
      codeTemplates,
      solutions: solutions.filter((s) => s.code.trim()),
    },
  };
}
