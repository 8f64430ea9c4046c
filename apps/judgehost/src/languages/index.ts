import { C, CWithO2 } from './c.js';
import { Cpp, Cpp17, Cpp17WithO2, Cpp20, Cpp20WithO2, CppWithO2 } from './cpp.js';
import { CSharp } from './csharp.js';
import { Golang } from './golang.js';
import { Java } from './java.js';
import { JavaScriptNode } from './javascript.js';
import { PHP } from './php.js';
import { PyPy3 } from './pypy3.js';
import { Python2 } from './python2.js';
import { Python3 } from './python3.js';
import { Ruby } from './ruby.js';
import { Rust } from './rust.js';
import type { Language } from './types.js';

export type { Language } from './types.js';

/** Every language the judge knows, in the order users see them (names are HOJ's, exactly). */
const LANGUAGES: readonly Language[] = [
  C,
  CWithO2,
  Cpp,
  CppWithO2,
  Cpp17,
  Cpp17WithO2,
  Cpp20,
  Cpp20WithO2,
  Java,
  Python3,
  PyPy3,
  Golang,
  Rust,
  JavaScriptNode,
  PHP,
  Ruby,
  CSharp,
  Python2,
];

const byName = new Map(LANGUAGES.map((language) => [language.name, language]));

/** The language of that exact name, or null when unknown. */
export function getLanguage(name: string): Language | null {
  return byName.get(name) ?? null;
}

/** All registered languages (available or not). */
export function allLanguages(): readonly Language[] {
  return LANGUAGES;
}

let info: Promise<{ name: string; version: string; available: boolean }[]> | undefined;

/**
 * `{ name, version, available }` for every language (the judgehost's registration payload); each toolchain
 * is asked for its version once and the answer is cached. `version` is '' when unavailable.
 */
export function languageInfo(): Promise<{ name: string; version: string; available: boolean }[]> {
  info ??= Promise.all(
    LANGUAGES.map(async (language) => {
      const version = await language.version();
      return { name: language.name, version: version ?? '', available: version !== null };
    }),
  );
  return info;
}
