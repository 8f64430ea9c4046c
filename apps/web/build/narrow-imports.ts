import type { Plugin } from 'vite';

/**
 * Imports inside libraries that name a package's index where one module of it is meant, rewritten to that module.
 * Each one costs every page: antd's `form/context.js` (imported by every popup through `_util/ContextIsolator`)
 * takes `FormProvider` from rc-field-form's index, whose top level builds the whole Form, so rc-field-form and
 * its async validator (~15 KB brotli) rode along on pages without a form.
 */
const NARROWED: { file: RegExp; from: string; to: string }[] = [
  {
    file: /node_modules\/antd\/es\/form\/context\.js$/,
    from: "from 'rc-field-form'",
    to: "from 'rc-field-form/es/FormContext'",
  },
];

/** Vite plugin (build only) applying `NARROWED`; fails the build when a listed import is no longer there. */
export function narrowImports(): Plugin {
  return {
    name: 'oj-narrow-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const rule = NARROWED.find((r) => r.file.test(id));
      if (!rule) return null;
      if (!code.includes(rule.from))
        this.error(`${id} no longer imports ${rule.from}: update build/narrow-imports.ts`);
      return { code: code.replace(rule.from, rule.to), map: null };
    },
  };
}
