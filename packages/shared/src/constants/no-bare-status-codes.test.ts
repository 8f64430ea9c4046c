import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Guard: verdict (and other small status) codes are written through JudgeStatus / the shared sets, never as bare
 * numbers. Scans the source of every app and of this package (tests and the code tables themselves excepted) for a
 * `status`-named value compared with, assigned, defaulted to or listed as a number from -10 to 10, in TypeScript or
 * in SQL text. HTTP statuses (3 digits) do not match.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCE_DIRS = ['apps/server/src', 'apps/judgehost/src', 'apps/web/src', 'packages/shared/src'];
const CODE_TABLES = new Set([
  'packages/shared/src/constants/judge-status.ts',
  'packages/shared/src/constants/enums.ts',
]);

const NUM = String.raw`(-?\d+)\b`;
const PATTERNS: RegExp[] = [
  // status === 0, myStatus !== -10, status == 5
  new RegExp(String.raw`\b\w*[sS]tatus\b\)?\s*[!=]==?\s*${NUM}`, 'g'),
  // SQL / assignments / defaults / query strings: status = 5, status <> 0, (status = 5) =>, &status=0
  new RegExp(String.raw`\b\w*[sS]tatus\b\s*(?:=|<>)\s*${NUM}`, 'g'),
  // object literals and types: { status: 5 }, onStatus(status: 6 | 7)
  new RegExp(String.raw`\b\w*[sS]tatus\??\s*:\s*${NUM}`, 'g'),
  // fallbacks: status ?? -10
  new RegExp(String.raw`\b\w*[sS]tatus\b\s*\?\?\s*${NUM}`, 'g'),
  // SQL lists: status IN (5, 6, 7)
  new RegExp(String.raw`\b\w*status\s+(?:NOT\s+)?IN\s*\(\s*${NUM}`, 'gi'),
  // calls with a code: statusInfo(0), isFinishedStatus(5)
  new RegExp(String.raw`\b\w*[sS]tatus\w*\(\s*${NUM}\s*[,)]`, 'g'),
  // literal lists: [5, 6, 7].includes(s.status); eq(x.status, 0); inArray(x.status, [5, 6])
  /\[\s*-?\d+\s*(?:,\s*-?\d+\s*)*\]\s*\.includes\(\s*[\w.?]*[sS]tatus\b/g,
  new RegExp(String.raw`\b(?:eq|ne)\(\s*[\w.]*[sS]tatus\s*,\s*${NUM}`, 'g'),
  new RegExp(String.raw`\b(?:inArray|notInArray)\(\s*[\w.]*[sS]tatus\s*,\s*\[\s*${NUM}`, 'g'),
];

function* sourceFiles(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist') yield* sourceFiles(p);
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) yield p;
  }
}

/** `file:line: text` of every bare status code in `text` (numbers from -10 to 10 only). */
export function bareStatusCodes(file: string, text: string): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const re of PATTERNS) {
      for (const m of line.matchAll(re)) {
        const n = m[1] === undefined ? 0 : Number(m[1]);
        if (Math.abs(n) <= 10) hits.push(`${file}:${i + 1}: ${line.trim()}`);
      }
    }
  });
  return [...new Set(hits)];
}

describe('no bare status codes', () => {
  it('catches the forms it is meant to catch and leaves HTTP statuses and named codes alone', () => {
    const bad = [
      'if (s.status === 0) x();',
      'if ([5, 6, 7].includes(row.status)) y();',
      'sql`UPDATE submissions SET status = 5 WHERE status IN (6, 7)`',
      'values({ status: -4 })',
      'myStatus: p.status ?? -10,',
      'where(eq(users.status, 0))',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
      'to={`/status?username=${u}&status=0`}',
      '<Icon style={{ color: statusInfo(-1).color }} />',
    ];
    for (const line of bad) expect(bareStatusCodes('x.ts', line), line).toHaveLength(1);
    const fine = [
      'if (s.status === JudgeStatus.ACCEPTED) x();',
      'if (res.status === 404) y();',
      "reply.send({ status: 200, msg: 'success', data })",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
      'sql`UPDATE submissions SET status = ${JudgeStatus.PENDING} WHERE status IN ${JUDGING_STATUS_CODES}`',
      'if (code === 0) return accepted(msg);',
      'return reply.status(404).send(body);',
    ];
    for (const line of fine) expect(bareStatusCodes('x.ts', line), line).toEqual([]);
  });

  it('no source file of server, judgehost, web or shared writes a status code as a bare number', () => {
    const hits: string[] = [];
    for (const d of SOURCE_DIRS) {
      for (const f of sourceFiles(join(ROOT, d))) {
        const rel = relative(ROOT, f);
        if (!CODE_TABLES.has(rel)) hits.push(...bareStatusCodes(rel, readFileSync(f, 'utf8')));
      }
    }
    expect(hits, 'use JudgeStatus.X or a shared set (judge-rules.ts) instead').toEqual([]);
  });
});
