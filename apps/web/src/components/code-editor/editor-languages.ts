import type { Extension } from '@codemirror/state';

/**
 * CodeMirror language modes by the language's content type (doc 2 §3 "Language": contentType such as
 * `text/x-c++src`), with the language name as a fallback. Every mode is a dynamic import, so a page only loads the
 * grammar it shows. Unknown languages get plain text (null).
 */
type Loader = () => Promise<Extension>;

/** A CodeMirror 5 mode from `@codemirror/legacy-modes` (a few KB) through `StreamLanguage`. */
const legacy =
  (load: () => Promise<Record<string, unknown>>, mode: string): Loader =>
  () =>
    Promise.all([import('@codemirror/language'), load()]).then(([l, m]) =>
      l.StreamLanguage.define(m[mode] as Parameters<typeof l.StreamLanguage.define>[0]),
    );
const clike = () => import('@codemirror/legacy-modes/mode/clike') as Promise<Record<string, unknown>>;
// C, C++ and Java (the languages most submissions use) through the legacy C-like mode: ~5 KB instead of lezer's
// C++ grammar and LR runtime (~35 KB on the problem page, issue 14); it highlights and indents the same way.
const c: Loader = legacy(clike, 'c');
const cpp: Loader = legacy(clike, 'cpp');
const java: Loader = legacy(clike, 'java');
const python: Loader = () => import('@codemirror/lang-python').then((m) => m.python());
const javascript: Loader = () => import('@codemirror/lang-javascript').then((m) => m.javascript());
const go: Loader = () => import('@codemirror/lang-go').then((m) => m.go());
const rust: Loader = () => import('@codemirror/lang-rust').then((m) => m.rust());
const php: Loader = () => import('@codemirror/lang-php').then((m) => m.php());
const ruby: Loader = legacy(
  () => import('@codemirror/legacy-modes/mode/ruby') as Promise<Record<string, unknown>>,
  'ruby',
);
const csharp: Loader = legacy(clike, 'csharp');

const BY_CONTENT_TYPE: Record<string, Loader> = {
  'text/x-csrc': c,
  'text/x-c++src': cpp,
  'text/x-java': java,
  'text/x-python': python,
  'text/javascript': javascript,
  'text/x-go': go,
  'text/x-rustsrc': rust,
  'text/x-php': php,
  'text/x-ruby': ruby,
  'text/x-csharp': csharp,
};

const BY_NAME: [RegExp, Loader][] = [
  [/^c\+\+/i, cpp],
  [/^c(\s|$)/i, c],
  [/java(?!script)/i, java],
  [/py/i, python],
  [/javascript|node/i, javascript],
  [/^go/i, go],
  [/rust/i, rust],
  [/php/i, php],
  [/ruby/i, ruby],
  [/c#/i, csharp],
];

/** The loader for a language (contentType first, then name patterns); null for plain text. */
export function languageLoader(contentType: string | undefined, name: string | undefined): Loader | null {
  if (contentType && BY_CONTENT_TYPE[contentType]) return BY_CONTENT_TYPE[contentType];
  if (name) for (const [re, l] of BY_NAME) if (re.test(name)) return l;
  return null;
}

/** Loads the CodeMirror extension for a language; resolves to null for plain text. */
export async function loadLanguage(contentType?: string, name?: string): Promise<Extension | null> {
  const l = languageLoader(contentType, name);
  return l ? l() : null;
}
