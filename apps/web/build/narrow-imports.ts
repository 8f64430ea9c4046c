import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const shim = (name: string) => fileURLToPath(new URL(`./shims/${name}`, import.meta.url));

/**
 * Imports inside libraries that name a package's index where one module of it is meant, rewritten to that module
 * (and two registrations of code the app never runs, removed).
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
  {
    // The button's style tokens take `isBright` from the color picker's preset panel, which builds a Collapse:
    // every page with a button carried antd's Collapse and rc-collapse (~6 KB brotli).
    file: /node_modules\/antd\/es\/button\/style\/token\.js$/,
    from: "from '../../color-picker/components/ColorPresets'",
    to: `from ${JSON.stringify(shim('antd-is-bright.ts'))}`,
  },
  {
    // remark-gfm also registers its markdown *writers* (mdast-util-to-markdown, markdown-table: ~5 KB brotli) on
    // the processor; the renderer only reads markdown, so they are not registered and rollup drops them.
    file: /node_modules\/remark-gfm\/lib\/index\.js$/,
    from: 'toMarkdownExtensions.push(gfmToMarkdown(settings))',
    to: '',
  },
  {
    file: /node_modules\/remark-math\/lib\/index\.js$/,
    from: 'toMarkdownExtensions.push(mathToMarkdown(settings))',
    to: '',
  },
  {
    // React Router builds NavLink and Form at module level with unannotated `forwardRef` calls, so rollup kept
    // both, and what they use (view transitions, form submission, fetcher keys), in the entry chunk though the
    // app renders neither. Marked pure, they go when unused.
    file: /node_modules\/react-router\/dist\/[a-z]+\/chunk-\w+\.mjs$/,
    from: 'var NavLink = React10.forwardRef(',
    to: 'var NavLink = /* @__PURE__ */ React10.forwardRef(',
  },
  {
    // (their display names, for React's developer tools, are set by top-level assignments that would keep them)
    file: /node_modules\/react-router\/dist\/[a-z]+\/chunk-\w+\.mjs$/,
    from: 'NavLink.displayName = "NavLink";',
    to: '',
  },
  {
    file: /node_modules\/react-router\/dist\/[a-z]+\/chunk-\w+\.mjs$/,
    from: 'var Form = React10.forwardRef(',
    to: 'var Form = /* @__PURE__ */ React10.forwardRef(',
  },
  {
    file: /node_modules\/react-router\/dist\/[a-z]+\/chunk-\w+\.mjs$/,
    from: 'Form.displayName = "Form";',
    to: '',
  },
  {
    // Link's `prefetch` prop (framework mode: it renders <link rel=prefetch> for the target's route modules and
    // data) brought the prefetch and RSC link code into the entry chunk; the app never sets it (its default is
    // "none"), so Link returns the anchor alone.
    file: /node_modules\/react-router\/dist\/[a-z]+\/chunk-\w+\.mjs$/,
    from: 'return shouldPrefetch && !isAbsolute ? /* @__PURE__ */ React10.createElement(React10.Fragment, null, link, /* @__PURE__ */ React10.createElement(PrefetchPageLinks, { page: href })) : link;',
    to: 'return link;',
  },
];

/** Packages replaced as a whole in the build (not in unit tests, where jsdom lacks what the shim relies on). */
const REPLACED: Record<string, string> = {
  'resize-observer-polyfill': shim('resize-observer.ts'),
};

/**
 * `@ant-design/fast-color` is installed three times (antd's own 2.x copy, the color picker's 2.x copy and a 3.x at
 * the top level for @ant-design/colors), and pages with a button carried all three (~3.5 KB brotli each). The
 * color picker's copy and the `isBright` shim's import are pointed at antd's copy when the versions agree.
 */
function antdFastColor(): { dir: string; version: string } {
  const fromAntd = createRequire(createRequire(import.meta.url).resolve('antd/package.json'));
  const dir = path.dirname(fromAntd.resolve('@ant-design/fast-color/package.json'));
  return { dir, version: JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version };
}
const FAST_COLOR_USERS = [/node_modules\/@rc-component\/color-picker\//, /build\/shims\/antd-is-bright\.ts$/];

/**
 * Vite plugin (build only) applying `NARROWED` (a rule to every module its `file` matches that holds its `from`)
 * and `REPLACED`; fails the build when a rule found no module to apply to (the library changed).
 */
export function narrowImports(): Plugin {
  const applied = new Set<(typeof NARROWED)[number]>();
  return {
    name: 'oj-narrow-imports',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (REPLACED[source]) return REPLACED[source];
      if (source === '@ant-design/fast-color' && importer && FAST_COLOR_USERS.some((r) => r.test(importer))) {
        const own = await this.resolve(source, importer, { skipSelf: true });
        const pkg = own && findPackageJson(own.id);
        const antd = antdFastColor();
        if (pkg && JSON.parse(fs.readFileSync(pkg, 'utf8')).version === antd.version)
          return path.join(antd.dir, 'es/index.js');
        if (/antd-is-bright/.test(importer)) return path.join(antd.dir, 'es/index.js');
      }
      return null;
    },
    buildStart() {
      applied.clear();
    },
    transform(code, id) {
      const rules = NARROWED.filter((r) => r.file.test(id) && code.includes(r.from));
      if (rules.length === 0) return null;
      let out = code;
      for (const rule of rules) {
        out = out.replace(rule.from, rule.to);
        applied.add(rule);
      }
      return { code: out, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missed = NARROWED.filter((r) => !applied.has(r));
      if (missed.length > 0)
        this.error(
          `no module matching ${missed.map((r) => `${r.file} holds ${JSON.stringify(r.from)}`).join(', ')}: ` +
            'update build/narrow-imports.ts',
        );
    },
  };
}

/** The package.json of the package holding `file`. */
function findPackageJson(file: string): string | null {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const p = path.join(dir, 'package.json');
    if (fs.existsSync(p) && JSON.parse(fs.readFileSync(p, 'utf8')).name) return p;
  }
  return null;
}
