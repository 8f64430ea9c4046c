import type { Plugin } from 'vite';

/** KaTeX's `src:` fallbacks after the woff2 one (woff, truetype): every browser the app targets reads woff2. */
const FALLBACKS = /,url\([^)]*\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g;

/**
 * Vite plugin (build only): KaTeX's stylesheet names its fonts as woff2 only, so the woff and ttf copies are
 * neither emitted nor listed in the CSS. Fails the build when the stylesheet no longer has the expected form.
 */
export function katexWoff2Only(): Plugin {
  return {
    name: 'oj-katex-woff2',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/node_modules\/katex\/dist\/katex(?:\.min)?\.css$/.test(id)) return null;
      const out = code.replace(FALLBACKS, '');
      if (out === code)
        this.error('katex.css has no woff/ttf fallbacks to drop: update build/katex-woff2.ts');
      return { code: out, map: null };
    },
  };
}
