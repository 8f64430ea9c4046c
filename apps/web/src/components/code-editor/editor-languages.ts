import type { Extension } from '@codemirror/state';

/**
 * CodeMirror language modes by the language's content type (doc 2 §3 "Language": contentType such as
 * `text/x-c++src`), with the language name as a fallback. Every mode is a dynamic import, so a page only loads the
 * grammar it shows. Unknown languages get plain text (null).
 */
type Loader = () => Promise<Extension>;

const cpp: Loader = () => import('@codemirror/lang-cpp').then((m) => m.cpp());
const java: Loader = () => import('@codemirror/lang-java').then((m) => m.java());
const python: Loader = () => import('@codemirror/lang-python').then((m) => m.python());
const javascript: Loader = () => import('@codemirror/lang-javascript').then((m) => m.javascript());
const go: Loader = () => import('@codemirror/lang-go').then((m) => m.go());
const rust: Loader = () => import('@codemirror/lang-rust').then((m) => m.rust());
const php: Loader = () => import('@codemirror/lang-php').then((m) => m.php());
const ruby: Loader = () =>
  Promise.all([import('@codemirror/language'), import('@codemirror/legacy-modes/mode/ruby')]).then(([l, m]) =>
    l.StreamLanguage.define(m.ruby),
  );
const csharp: Loader = () =>
  Promise.all([import('@codemirror/language'), import('@codemirror/legacy-modes/mode/clike')]).then(
    ([l, m]) => l.StreamLanguage.define(m.csharp),
  );

const BY_CONTENT_TYPE: Record<string, Loader> = {
  'text/x-csrc': cpp,
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
  [/^c(\+\+)?(\s|$)/i, cpp],
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
