import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import MagicString from 'magic-string';
import type { GetManualChunk, GetModuleInfo } from 'rollup';
import type { Plugin } from 'vite';

/**
 * Route-group chunking (issue 25 item 21: a cold inner page made 70–115 requests, most of them chunks of a few
 * hundred bytes: rollup gives every distinct set of pages sharing a module its own chunk).
 *
 * Every module the build includes is placed by the set of GROUPS that reach it through static imports, instead of
 * the set of pages: the entry (`boot`: main.tsx with the site layout, i18n, the api client) and the route pages of
 * each feature area (`src/features/<area>/pages/`, areas merged as in `AREAS`) are groups; any other lazy import (the
 * markdown renderer, the code editor, KaTeX, a dialog, a dictionary) is a group of its own. A module reached by:
 * - the entry: `boot` (it loads first anyway; the home page's modules are there too, see `AREAS`);
 * - one group: that group's chunk (`problem`, `contest`, `admin`… or the lazy import's own chunk);
 * - three or more front areas (problem, contest, community, training): `shared` (the antd pieces the inner pages
 *   use: table, pagination, input, tabs…); two: a chunk for the pair; one, with the back office or lazy parts:
 *   that area's chunk; the back office and groups only: `admin+group`;
 * - lazy parts only: a chunk named after that exact set, as rollup would.
 * The problem page is a group of its own (`OWN_GROUP_PAGES`), so `shared` is split in two: `shared-base`, what it uses
 * too, and `shared`, what only the other inner pages use; zod and the modules importing it go to `zod` (`ZOD`).
 * A page then fetches `boot`, `shared` and its area's chunk, plus what it loads lazily: the requests no longer grow
 * with the number of antd parts a page uses. Every module is given a chunk, so rollup drags nothing into a chunk
 * that does not need it (a manual chunk takes its unplaced static dependencies along).
 */

/** Feature folders (`src/features/<folder>`) mapped to the route group of their pages; others are their own group. */
const AREAS: Record<string, string> = {
  home: 'boot',
  problem: 'problem',
  submission: 'problem',
  contest: 'contest',
  rank: 'community',
  discussion: 'community',
  comment: 'community',
  message: 'community',
  announcement: 'community',
  user: 'community',
  account: 'community',
  about: 'community',
  help: 'community',
  training: 'training',
  group: 'group',
};

/**
 * Pages that are route groups of their own, apart from their area: the problem page (statement and editor), the most
 * visited page, uses little of what the other inner pages share (no table, form, select or menu: 301 of the 2,033 KB
 * of modules in `shared` before). Modules of three or more front areas go to `shared-base` when such a page uses
 * them, else to `shared`, so the problem page loads neither the lists' antd parts nor zod.
 */
const OWN_GROUP_PAGES: Record<string, string> = {
  'features/problem/pages/ProblemDetailPage.tsx': 'workspace',
};
const OWN_GROUPS = new Set(Object.values(OWN_GROUP_PAGES));

const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../src');

/** Namespaces named after no feature folder, by the area whose pages use them. */
const NS_AREAS: Record<string, string> = {
  clarification: 'contest',
  scrollBoard: 'contest',
  editor: 'problem',
};

/**
 * The chunk of a dictionary (`locales/<lang>/<ns>.json`): one per language and route area (the namespace named
 * after a feature folder: `adminProblem` -> `admin-problem` -> admin), so a page's namespaces mostly come in one
 * request and the second one a page asks for is there already (each was a request of its own, asked for when a
 * component needing it suspended). Namespaces of no area (`common`, `messages`…) and the home page's stay alone:
 * the home page loads no other area's texts.
 */
function dictionaryChunk(lang: string, ns: string): string {
  const folder = ns.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const area = folder.startsWith('admin') ? 'admin' : (NS_AREAS[ns] ?? AREAS[folder]);
  return `${!area || area === 'boot' ? ns : area}.${lang}`;
}

/** The group a lazily imported module (or the entry) starts: see the module comment. */
export function groupOf(id: string, isEntry: boolean): { name: string; route: boolean; shared?: boolean } {
  if (isEntry) return { name: 'boot', route: true };
  const rel = path.relative(SRC, id.replace(/\?.*$/, ''));
  if (rel === 'app/layouts/AdminLayout.tsx') return { name: 'admin', route: true };
  if (OWN_GROUP_PAGES[rel]) return { name: OWN_GROUP_PAGES[rel], route: true };
  const page = /^features\/([\w-]+)\/pages\//.exec(rel);
  if (page) {
    const folder = page[1];
    const name = folder.startsWith('admin') || folder === 'config' ? 'admin' : (AREAS[folder] ?? folder);
    return { name, route: true };
  }
  const file = id.replace(/\?.*$/, '');
  // A package's `index.js` is named after its package folder (`lazy-echarts`).
  const stem = path.basename(file).replace(/\.[^.]+$/, '');
  const base = (stem === 'index' ? path.basename(path.dirname(file)) : stem).replace(/[^\w-]/g, '');
  const dict = /^locales\/([\w-]+)\/([\w-]+)\.json$/.exec(rel);
  if (dict) return { name: dictionaryChunk(dict[1], dict[2]), route: false, shared: true };
  return { name: `lazy-${base}`, route: false };
}

/**
 * The chunk name of every module rollup included, by the groups reaching it (see the module comment). Walks the
 * static imports from the entry and from each lazily imported module.
 */
export function assignChunks(
  ids: Iterable<string>,
  info: GetModuleInfo,
  barrels: ReadonlySet<string> = new Set(),
): Map<string, string> {
  const all = [...ids];
  const reachedBy = new Map<string, Set<string>>();
  const routeGroups = new Set<string>();
  const starts = all.filter((id) => {
    const m = info(id);
    return m && (m.isEntry || m.dynamicImporters.length > 0);
  });
  const taken = new Map<string, string>();
  for (const start of starts) {
    const g = groupOf(start, Boolean(info(start)?.isEntry));
    // Two lazy modules of one file name (`index.js` of two packages) must not share a chunk.
    if (!g.route && !g.shared) {
      let n = 1;
      const base = g.name;
      while (taken.has(g.name) && taken.get(g.name) !== start) g.name = `${base}${++n}`;
      taken.set(g.name, start);
    }
    if (g.route) routeGroups.add(g.name);
    const seen = new Set<string>([start]);
    const queue = [start];
    while (queue.length > 0) {
      const id = queue.pop() as string;
      const set = reachedBy.get(id) ?? new Set<string>();
      reachedBy.set(id, set);
      set.add(g.name);
      for (const dep of info(id)?.importedIds ?? [])
        if (!seen.has(dep) && !barrels.has(dep)) {
          seen.add(dep);
          queue.push(dep);
        }
    }
  }
  const out = new Map<string, string>();
  for (const [id, groups] of reachedBy) {
    if (info(id)?.isIncluded === false) continue;
    const chunk = chunkFor(groups, routeGroups);
    const zod = ZOD.test(id) || info(id)?.importedIds.some((dep) => ZOD.test(dep));
    out.set(id, chunk !== 'boot' && zod ? 'zod' : chunk);
  }
  return out;
}

/**
 * zod, and the modules importing it (the shared package's schemas, built at module load): a chunk of their own (when
 * not in the entry), loaded by the pages that validate, not by every page loading `shared`.
 */
const ZOD = /node_modules\/zod\//;

/**
 * Route groups of the back office, of groups and of the staff's code similarity page: heavy, login-only pages built
 * on the back office's parts.
 */
const BACK = new Set(['admin', 'group', 'similarity']);

/** The chunk of a module reached by `groups` (`routeGroups`: which of them are route groups). */
function chunkFor(groups: Set<string>, routeGroups: Set<string>): string {
  if (groups.has('boot')) return 'boot';
  if (groups.size === 1) return [...groups][0];
  const routes = [...groups].filter((g) => routeGroups.has(g)).sort();
  const front = routes.filter((g) => !BACK.has(g));
  // Used by three or more front areas: `shared` (antd's table, pagination, input, tabs…); by two: a chunk for the
  // pair (`contest+problem`: the problem workspace a contest's problem page reuses). By one (maybe with the back
  // office, or a lazy part): that area's chunk, which the back office (or the lazy part, when another area opens
  // it) then loads too. Naming the exact set of areas instead (the back office and groups counted) made ~25
  // chunks for a contest page: its tabs reuse back-office parts, and the sets multiply.
  if (front.length > 2) return front.some((g) => OWN_GROUPS.has(g)) ? 'shared-base' : 'shared';
  if (front.length > 0) return front.join('+');
  // Used by the back office and groups only: a chunk of its own for both, so neither loads the other's pages.
  if (routes.length === groups.size) return routes.join('+');
  return `with-${[...groups].sort().join('+')}`.slice(0, 80);
}

/** An export of a package index: the module holding it (as an import specifier) and its name there. */
interface Target {
  from: string;
  name: string;
}

/** Where `antd` and `@ant-design/icons` keep each export their index re-exports (`Button` -> `antd/es/button`). */
export function barrelTargets(): Map<string, Map<string, Target>> {
  const req = createRequire(import.meta.url);
  const targets = new Map<string, Map<string, Target>>();
  const read = (pkg: string, indexFile: string, specifier: (dir: string, rel: string) => string) => {
    const file = req.resolve(`${pkg}/package.json`).replace(/package\.json$/, indexFile);
    const names = new Map<string, Target>();
    const re = /export \{ (?:default as )?(\w+) \} from ['"](\.\/[\w/-]+)['"];/g;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(re))
      names.set(m[1], {
        from: specifier(path.dirname(file), m[2]),
        name: m[0].includes('default as') ? 'default' : m[1],
      });
    if (names.size < 20)
      throw new Error(`${file} no longer has the expected re-exports: update build/route-chunks.ts`);
    targets.set(pkg, names);
  };
  // antd's exports are folders (`./button`) or files (`./config-provider/UnstableContext`): the file itself.
  read('antd', 'es/index.js', (dir, rel) => {
    const file = path.join(dir, rel);
    return fs.existsSync(`${file}.js`) ? `${file}.js` : path.join(file, 'index.js');
  });
  // The icons package maps `es/*` to `es/*.js` in its exports.
  read('@ant-design/icons', 'es/icons/index.js', (_dir, rel) => `@ant-design/icons/es/icons/${rel.slice(2)}`);
  targets.set('@oj/shared', sharedTargets());
  return targets;
}

/** Value names a TypeScript module exports itself (`export const|function|class|enum X`, `export { a as X }`). */
function ownExports(code: string): string[] {
  const names = [
    ...code.matchAll(
      /^export\s+(?:declare\s+)?(?:const|let|var|function\*?|async\s+function|class|enum)\s+(\w+)/gm,
    ),
  ].map((m) => m[1]);
  for (const m of code.matchAll(/^export\s*\{([^}]*)\}\s*;/gm))
    for (const part of m[1].split(','))
      if (part.trim() && !part.trim().startsWith('type '))
        names.push(
          part
            .trim()
            .split(/\s+as\s+/)
            .pop() as string,
        );
  return names;
}

/**
 * Where `@oj/shared`'s index (`export * from './x.js'`, one level of sub-index) keeps each value it exports: the
 * module's absolute path. Types are gone by the time the transform runs.
 */
function sharedTargets(): Map<string, Target> {
  const req = createRequire(import.meta.url);
  const names = new Map<string, Target>();
  const visit = (file: string, depth: number) => {
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(/^export\s*(\*|\{[^}]*\})\s*from\s*'(\.[^']+)';/gm)) {
      const sub = path.resolve(path.dirname(file), m[2].replace(/\.js$/, '.ts'));
      if (m[1] === '*' && depth < 2) visit(sub, depth + 1);
      else if (m[1] !== '*')
        for (const part of m[1].slice(1, -1).split(','))
          if (part.trim() && !part.trim().startsWith('type ')) {
            const [from, as = from] = part.trim().split(/\s+as\s+/);
            names.set(as, { from: sub, name: from });
          }
    }
    for (const n of ownExports(code)) names.set(n, { from: file, name: n });
  };
  visit(req.resolve('@oj/shared'), 0);
  if (names.size < 20)
    throw new Error('@oj/shared no longer has the expected index: update build/route-chunks.ts');
  return names;
}

/**
 * Vite plugin (build only) placing modules by route group (`assignChunks`) through rollup's `manualChunks`, and
 * rewriting the app's `import { Button, Table } from 'antd'` (and the icons') to one import per component
 * (`import Button from 'antd/es/button'`), so that the walk sees which page uses which component (through the
 * index, every page would reach all of antd). Named imports the index does not re-export as a default (types
 * aside, `unstableSetRender`) stay on the index.
 */
export function routeChunks(): Plugin {
  let assigned: Map<string, string> | undefined;
  let targets: Map<string, Map<string, Target>> | undefined;
  // The indexes rewritten away: an import left on one (a name it does not re-export plainly) is not followed by the
  // walk (through it, its importer would reach the whole package); rollup places what it uses (a warning says so).
  const req = createRequire(import.meta.url);
  const barrelFiles = new Set([
    req.resolve('antd/es/index.js'),
    req.resolve('@ant-design/icons').replace(/\/lib\/index\.js$/, '/es/index.js'),
    req.resolve('@oj/shared'),
  ]);
  const manualChunks: GetManualChunk = (id, { getModuleIds, getModuleInfo }) => {
    assigned ??= assignChunks(getModuleIds(), getModuleInfo, barrelFiles);
    return assigned.get(id);
  };
  return {
    name: 'oj-route-chunks',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      assigned = undefined;
      targets ??= barrelTargets();
    },
    generateBundle(_options, bundle) {
      // OJ_CHUNKS_DUMP=<file>: each chunk's modules with their rendered bytes, largest first (to see what a chunk holds).
      const dump = process.env.OJ_CHUNKS_DUMP;
      if (!dump) return;
      const chunks: Record<string, [string, number][]> = {};
      for (const c of Object.values(bundle))
        if (c.type === 'chunk')
          chunks[c.fileName] = Object.entries(c.modules)
            .map(([id, m]): [string, number] => [path.relative(SRC, id), m.renderedLength])
            .sort((a, b) => b[1] - a[1]);
      fs.writeFileSync(dump, JSON.stringify(chunks, null, 1));
    },
    outputOptions(options) {
      return { ...options, manualChunks };
    },
    transform(code, id) {
      if (
        !id.startsWith(SRC) ||
        !/\.[jt]sx?$/.test(id) ||
        !/from\s*['"](?:antd|@ant-design\/icons|@oj\/shared)['"]/.test(code)
      )
        return null;
      const ast = this.parse(code);
      const s = new MagicString(code);
      for (const node of ast.body) {
        if (node.type !== 'ImportDeclaration') continue;
        const names = targets?.get(String(node.source.value));
        if (!names) continue;
        const direct: string[] = [];
        const kept: string[] = [];
        for (const spec of node.specifiers) {
          if (spec.type !== 'ImportSpecifier') {
            kept.push('');
            continue;
          }
          const imported =
            spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value);
          const target = names.get(imported);
          if (target)
            direct.push(
              target.name === 'default'
                ? `import ${spec.local.name} from ${JSON.stringify(target.from)};`
                : `import { ${target.name} as ${spec.local.name} } from ${JSON.stringify(target.from)};`,
            );
          else kept.push(imported === spec.local.name ? imported : `${imported} as ${spec.local.name}`);
        }
        if (kept.length > 0)
          this.warn(
            `route-chunks: ${kept.join(', ') || 'a default or namespace import'} left on ${node.source.value}`,
          );
        if (kept.includes('') || direct.length === 0) continue;
        const rest =
          kept.length > 0 ? `import { ${kept.join(', ')} } from ${JSON.stringify(node.source.value)};` : '';
        const { start, end } = node as unknown as { start: number; end: number };
        s.overwrite(start, end, direct.join('') + rest);
      }
      return s.hasChanged() ? { code: s.toString(), map: s.generateMap({ hires: true }) } : null;
    },
  };
}
