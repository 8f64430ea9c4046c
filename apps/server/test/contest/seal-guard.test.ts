import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Guard (issue 26 item 2, docs/glossary.md "seal"): the seal is derived in one place, the seal object of
 * `src/modules/contest/contest.clock.ts` (`sealOf`, `sealSettings`, `sealColumns`). No other server source reads a
 * contest's `sealRank` / `sealRankTime` (`c.sealRank`, `c?.sealRankTime`, `c['sealRank']`, `{ sealRank } = c`).
 * Naming the drizzle columns (`contests.sealRank`, to select or filter them) and declaring the fields in types and
 * the schema stay allowed.
 */
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const SEAL_FILE = 'modules/contest/contest.clock.ts';
const SCHEMA_DIR = 'db/schema/';

const PATTERNS: RegExp[] = [
  // member reads, the drizzle table `contests` excepted: c.sealRank, row?.sealRankTime
  /(?<!\bcontests)\??\.sealRank(?:Time)?\b/g,
  // bracket reads: c['sealRank']
  /\[\s*['"`]sealRank(?:Time)?['"`]\s*\]/g,
  // destructuring: const { sealRank, ... } = c
  /\{[^}]*\bsealRank(?:Time)?\b[^}]*\}\s*=[^=>]/g,
];

function* sourceFiles(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* sourceFiles(p);
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) yield p;
  }
}

/** `file:line: text` of every read of the seal's columns in `text` (comment lines skipped). */
export function sealReads(file: string, text: string): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.trim();
    if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return;
    for (const re of PATTERNS) {
      for (const _ of code.matchAll(re)) hits.push(`${file}:${i + 1}: ${code}`);
    }
  });
  return [...new Set(hits)];
}

describe('the seal is read in one place', () => {
  it('catches the reads it is meant to catch and leaves columns, declarations and comments alone', () => {
    const bad = [
      'const sealed = c.sealRank && c.sealRankTime != null;',
      'const t = row?.sealRankTime?.getTime();',
      "if (c['sealRank']) x();",
      'const { sealRank, sealRankTime } = contest;',
    ];
    for (const line of bad) expect(sealReads('x.ts', line), line).toHaveLength(1);
    const fine = [
      'sealRank: contests.sealRank,',
      '.where(eq(contests.sealRankTime, now))',
      '  sealRankTime: Date | null;',
      ' * `sealRank` on and `c.sealRankTime` set: see contest.clock.ts',
      'const seal = sealOf(c).startsAt;',
      '...sealSettings(c),',
    ];
    for (const line of fine) expect(sealReads('x.ts', line), line).toEqual([]);
  });

  it('no server source outside contest.clock.ts reads sealRank or sealRankTime', () => {
    const hits: string[] = [];
    for (const f of sourceFiles(SRC)) {
      const rel = relative(SRC, f).split('\\').join('/');
      if (rel === SEAL_FILE || rel.startsWith(SCHEMA_DIR)) continue;
      hits.push(...sealReads(rel, readFileSync(f, 'utf8')));
    }
    expect(hits, 'ask the seal object (contest.clock.ts sealOf / sealSettings / sealColumns)').toEqual([]);
  });
});
