import type { Extension } from '@codemirror/state';
import { LIMITS } from '@oj/shared';

/** Editor theme names of doc 2 §9 (monokai, solarized, material, idea, eclipse, base16-dark, cobalt, dracula). */
export type EditorThemeName = (typeof LIMITS.editorThemes)[number];
export const EDITOR_THEMES = LIMITS.editorThemes as readonly EditorThemeName[];
/**
 * The editor theme that follows the site's (issue 28), the default: idea in the light look, base16-dark in the dark
 * one. Kept in the browser's editor settings like a named theme; the server never sees it.
 */
export const AUTO_THEME = 'auto';
export const DEFAULT_THEME = AUTO_THEME;
/** What the editor's theme list offers: follow the site, then the named themes. */
export const EDITOR_THEME_CHOICES: readonly string[] = [AUTO_THEME, ...EDITOR_THEMES];
const SITE_EDITOR_THEMES: Record<'light' | 'dark', EditorThemeName> = { light: 'idea', dark: 'base16-dark' };

/** The named theme to draw for a chosen one (`auto` resolved by the site's look `light` / `dark`). */
export function editorThemeFor(chosen: string, look: 'light' | 'dark'): string {
  return chosen === AUTO_THEME ? SITE_EDITOR_THEMES[look] : chosen;
}

/**
 * Loads a theme extension by name (lazy: the theme bundle is fetched the first time a theme is shown). Five come
 * from @uiw/codemirror-themes-all; idea, base16-dark and cobalt are built here with createTheme because that
 * package has no such themes.
 */
export async function loadTheme(name: string): Promise<Extension> {
  switch (name) {
    case 'idea':
    case 'base16-dark':
    case 'cobalt':
      return (await import('./extra-themes.js')).EXTRA_THEMES[name];
    default: {
      // Destructured so the bundler keeps only these five of the package's themes.
      const { monokai, solarizedLight, material, eclipse, dracula } = await import(
        '@uiw/codemirror-themes-all'
      );
      const map: Record<string, Extension> = {
        monokai,
        solarized: solarizedLight,
        material,
        eclipse,
        dracula,
      };
      return map[name] ?? (await import('./extra-themes.js')).EXTRA_THEMES.idea;
    }
  }
}
