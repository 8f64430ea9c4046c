import { useSyncExternalStore } from 'react';

/** What the user chose (issue 28): a fixed light or dark look, or whatever the system prefers. */
export type ThemePreference = 'light' | 'dark' | 'system';
/** The look in force: the preference with `system` resolved through `prefers-color-scheme`. */
export type ResolvedTheme = 'light' | 'dark';

/**
 * Local-storage key of the preference. `boot/theme-boot.js` (run before the first paint) reads the same key
 * and sets `<html data-theme>`; keep both in step.
 */
export const THEME_KEY = 'oj-theme';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readPreference(): ThemePreference {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

function systemDark(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.(DARK_QUERY).matches;
}

/** Resolves a preference to the look: `system` follows `prefers-color-scheme` now. */
export function resolveTheme(pref: ThemePreference, dark = systemDark()): ResolvedTheme {
  return pref === 'system' ? (dark ? 'dark' : 'light') : pref;
}

let preference: ThemePreference = readPreference();
let resolved: ResolvedTheme = resolveTheme(preference);

/** Writes the look onto `<html>`: `data-theme` (the CSS variables of global.css key on it) and `color-scheme`. */
function applyToDocument(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = resolved;
  document.documentElement.style.colorScheme = resolved;
}

function update(): void {
  const next = resolveTheme(preference);
  resolved = next;
  applyToDocument();
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  applyToDocument();
  window.matchMedia?.(DARK_QUERY).addEventListener?.('change', () => {
    if (preference === 'system') update();
  });
  // Another tab changed the preference: follow it.
  window.addEventListener('storage', (e) => {
    if (e.key !== THEME_KEY) return;
    preference = readPreference();
    update();
  });
}

/** Sets and remembers (per browser, local storage `oj-theme`; `system` removes the key) the theme preference. */
export function setThemePreference(pref: ThemePreference): void {
  preference = pref;
  try {
    if (pref === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, pref);
  } catch {
    // storage unavailable: the choice holds for this page only
  }
  update();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The stored preference (`light` / `dark` / `system`), re-rendering on change. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(
    subscribe,
    () => preference,
    () => 'system',
  );
}

/** The look in force (`light` / `dark`), re-rendering when the preference or the system's scheme changes. */
export function useResolvedTheme(): ResolvedTheme {
  return useSyncExternalStore(
    subscribe,
    () => resolved,
    () => 'light',
  );
}
