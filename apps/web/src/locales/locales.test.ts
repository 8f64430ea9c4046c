import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import enUS from './en-US/index.js';
import zhCN from './zh-CN/index.js';

/** Flattens a dictionary to `ns:a.b.c` keys. */
function keys(dict: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(dict).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

const here = path.dirname(new URL(import.meta.url).pathname);

describe('locales', () => {
  it('zh-CN and en-US have the same namespaces and the same keys', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
    for (const ns of Object.keys(enUS)) {
      const en = keys(enUS[ns]).sort();
      const zh = keys(zhCN[ns]).sort();
      expect({ ns, missingInZh: en.filter((k) => !zh.includes(k)) }).toEqual({ ns, missingInZh: [] });
      expect({ ns, missingInEn: zh.filter((k) => !en.includes(k)) }).toEqual({ ns, missingInEn: [] });
    }
  });

  it('no translation is empty and interpolations match between languages', () => {
    for (const ns of Object.keys(enUS)) {
      const flat = (d: Record<string, unknown>) =>
        Object.fromEntries(
          keys(d).map((k) => [
            k,
            k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], d),
          ]),
        );
      const en = flat(enUS[ns]);
      const zh = flat(zhCN[ns]);
      for (const k of Object.keys(en)) {
        expect(String(en[k]).trim(), `${ns}:${k} en`).not.toBe('');
        expect(String(zh[k]).trim(), `${ns}:${k} zh`).not.toBe('');
        const vars = (s: unknown) => (String(s).match(/\{\{\w+\}\}/g) ?? []).sort();
        expect(vars(zh[k]), `${ns}:${k} placeholders`).toEqual(vars(en[k]));
      }
    }
  });

  it('every page uses only keys that exist (static t() calls in app, lib, components and every feature)', () => {
    const missing: string[] = [];
    const files = ['app', 'lib', 'components', 'features'].flatMap((r) => walk(path.join(here, '..', r)));
    for (const file of files) {
      const src = fs.readFileSync(file, 'utf8');
      const nsMatch = src.match(/useTranslation\(\[?'(\w+)'/) ?? src.match(/i18n-namespace: (\w+)/);
      const defaultNs = nsMatch ? nsMatch[1] : 'common';
      for (const m of src.matchAll(/\bt\('([\w.:]+)'/g)) {
        const [ns, key] = m[1].includes(':') ? m[1].split(':') : [defaultNs, m[1]];
        const has = (d: Record<string, Record<string, unknown>>) =>
          key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], d[ns]) !==
          undefined;
        if (!has(enUS) || !has(zhCN)) missing.push(`${path.relative(here, file)}: ${ns}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('t() used outside React (lib/i18n) names only `common` keys: other namespaces may not be loaded yet', () => {
    const outside: string[] = [];
    for (const file of ['app', 'lib', 'components', 'features'].flatMap((r) =>
      walk(path.join(here, '..', r)),
    )) {
      const src = fs.readFileSync(file, 'utf8');
      if (!/import \{[^}]*\bt\b[^}]*\} from '[./]*lib\/i18n\.js'|from '\.\/i18n\.js'/.test(src)) continue;
      if (/useTranslation\(/.test(src)) continue;
      for (const m of src.matchAll(/\bt\('([\w.:]+)'/g)) {
        const [ns, key] = m[1].includes(':') ? m[1].split(':') : ['common', m[1]];
        if (ns !== 'common' || enUS.common[key] === undefined)
          outside.push(`${path.relative(here, file)}: ${m[1]}`);
      }
    }
    expect(outside).toEqual([]);
  });
});

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return walk(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}
