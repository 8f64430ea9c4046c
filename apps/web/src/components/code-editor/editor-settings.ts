import { LIMITS } from '@oj/shared';
import { DEFAULT_THEME, EDITOR_THEME_CHOICES } from './editor-themes.js';

/**
 * Editor look settings kept globally (doc 2 §2.3, §9): theme (a named one or `auto`, following the site's look),
 * font size px (12-20), tab size (2/4/8).
 */
export interface EditorLook {
  theme: string;
  fontSize: number;
  tabSize: number;
}

/** What is kept per problem (or contest problem) key: the code and its language, plus the look. */
export interface SavedCode extends Partial<EditorLook> {
  code?: string;
  language?: string;
}

const GLOBAL_KEY = 'editorSettings';
const codeKey = (key: string) => `code:${key}`;

export const DEFAULT_LOOK: EditorLook = {
  theme: DEFAULT_THEME,
  fontSize: LIMITS.editorDefaultFontSize,
  tabSize: LIMITS.editorDefaultTabSize,
};

function readJson<T>(k: string): T | null {
  try {
    const raw = localStorage.getItem(k);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function writeJson(k: string, v: unknown): void {
  try {
    localStorage.setItem(k, JSON.stringify(v));
  } catch {
    // storage full or unavailable: the editor still works, the code is just not kept
  }
}

/** Clamps a stored look to the allowed values (bad or missing values fall back to the defaults). */
export function normalizeLook(l: Partial<EditorLook> | null | undefined): EditorLook {
  const fontSize = Number(l?.fontSize);
  const tabSize = Number(l?.tabSize);
  return {
    theme: l?.theme && EDITOR_THEME_CHOICES.includes(l.theme) ? l.theme : DEFAULT_LOOK.theme,
    fontSize:
      Number.isInteger(fontSize) &&
      fontSize >= LIMITS.editorFontSizeMin &&
      fontSize <= LIMITS.editorFontSizeMax
        ? fontSize
        : DEFAULT_LOOK.fontSize,
    tabSize: (LIMITS.editorTabSizes as readonly number[]).includes(tabSize) ? tabSize : DEFAULT_LOOK.tabSize,
  };
}

/** The global look (last one chosen anywhere). */
export function loadGlobalLook(): EditorLook {
  return normalizeLook(readJson<EditorLook>(GLOBAL_KEY));
}

/** Stores the global look. */
export function saveGlobalLook(look: EditorLook): void {
  writeJson(GLOBAL_KEY, normalizeLook(look));
}

/** The code, language and look saved for a problem key (e.g. `problem-<pid>`), or an empty object. */
export function loadSavedCode(key: string): SavedCode {
  return readJson<SavedCode>(codeKey(key)) ?? {};
}

/** Saves code, language and look for a problem key. */
export function saveCode(key: string, saved: SavedCode): void {
  writeJson(codeKey(key), saved);
}

/**
 * The language to use (doc 2 §2.3): the saved one when the problem allows it, else the first allowed language
 * (undefined when the problem allows none).
 */
export function pickLanguage(saved: string | undefined, allowed: readonly string[]): string | undefined {
  if (saved && allowed.includes(saved)) return saved;
  return allowed[0];
}

/** Language-name patterns by file extension, most likely first (names as the language admin lists them). */
const BY_EXTENSION: Record<string, RegExp[]> = {
  c: [/^c(\s|$)/i],
  cc: [/^c\+\+/i],
  cpp: [/^c\+\+/i],
  cxx: [/^c\+\+/i],
  hpp: [/^c\+\+/i],
  java: [/^java(\s|$)/i, /java(?!script)/i],
  py: [/^python\s*3|^pypy\s*3/i, /py/i],
  go: [/^go/i],
  rs: [/rust/i],
  js: [/javascript|node/i],
  php: [/php/i],
  rb: [/ruby/i],
  cs: [/c#/i],
};

/**
 * The language an uploaded file is written in, among `allowed`: `current` when it already fits the extension
 * (C++ With O2 stays for `x.cpp`), else the first allowed language that does; undefined when none does or the
 * extension is unknown (then the choice is left alone).
 */
export function languageForFile(
  fileName: string,
  allowed: readonly string[],
  current: string | undefined,
): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const patterns = BY_EXTENSION[ext];
  if (!patterns) return undefined;
  if (current && patterns.some((re) => re.test(current))) return current;
  for (const re of patterns) {
    const hit = allowed.find((l) => re.test(l));
    if (hit) return hit;
  }
  return undefined;
}
