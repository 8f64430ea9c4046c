import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Guard: verdict (and other small status) codes are written through JudgeStatus / the shared sets, never as bare
 * numbers. Scans the source of every app and of this package (tests and the code tables themselves excepted) for a
 * `status`-named value compared with, assigned, defaulted to or listed as a number from -10 to 10, in TypeScript or
 * in SQL text. HTTP statuses (3 digits) do not match. The same for the other codes (issue 26 item 2): role codes
 * (Role, 1000-1008) and role names (ROLE_NAME, 'root'…), auths and levels (ContestAuth, ProblemAuth, GroupAuth,
 * GroupMemberAuth, NO_MEMBER_LEVEL) and types (ContestType, ProblemType, MessageType): see {@link bareEnumCodes}.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCE_DIRS = [
  'apps/server/src',
  'apps/judgehost/src',
  'apps/web/src',
  'packages/shared/src',
  'packages/remote-judge/src',
];
const CODE_TABLES = new Set([
  'packages/shared/src/constants/judge-status.ts',
  'packages/shared/src/constants/enums.ts',
  'packages/shared/src/constants/roles.ts',
  'packages/shared/src/constants/auths.ts',
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

/** A role, auth, level or type name: `role`, `roleId`, `c.auth`, `memberLevel`, `problemType`, `type`. */
const CODE_NAME = String.raw`\w*(?:[rR]ole(?:Id|Code)?|[aA]uth|[tT]ype|[lL]evel)`;
/** The same without levels: `level: 6` is also fflate's compression option, so levels are only checked in comparisons. */
const CODE_NAME_NO_LEVEL = String.raw`\w*(?:[rR]ole(?:Id|Code)?|[aA]uth|[tT]ype)`;
/** A bare number not followed by a multiplication (`type === 1 * x` is arithmetic). */
const CODE = String.raw`(-?\d+)\b(?!\s*\*)`;
const ENUM_PATTERNS: RegExp[] = [
  // auth === 1, c.type !== 0, level >= 5, roleId == 1000
  new RegExp(String.raw`\b${CODE_NAME}\b\)?\s*(?:[!=]==?|[<>]=?)\s*${CODE}`, 'g'),
  // SQL: auth <> 0
  new RegExp(String.raw`\b${CODE_NAME}\b\s*<>\s*${CODE}`, 'g'),
  // object literals, SQL assignments and types: { auth: 1 }, type: 0 | 1, role = 1002
  new RegExp(String.raw`\b${CODE_NAME_NO_LEVEL}\??\s*:\s*${CODE}`, 'g'),
  // fallbacks: m?.auth ?? 0
  new RegExp(String.raw`\b${CODE_NAME}\b\s*\?\?\s*${CODE}`, 'g'),
  // SQL lists: type IN (0, 1)
  new RegExp(String.raw`\b${CODE_NAME}\s+(?:NOT\s+)?IN\s*\(\s*${CODE}`, 'gi'),
  // drizzle: eq(contests.type, 1), inArray(users.roleId, [1000, 1001])
  new RegExp(String.raw`\b(?:eq|ne)\(\s*[\w.]*?${CODE_NAME}\s*,\s*${CODE}`, 'g'),
  new RegExp(String.raw`\b(?:inArray|notInArray)\(\s*[\w.]*?${CODE_NAME}\s*,\s*\[\s*${CODE}`, 'g'),
  // literal lists: [1, 2, 3].includes(auth)
  /\[\s*(-?\d+)\s*(?:,\s*-?\d+\s*)*\]\s*\.includes\(\s*[\w.?]*(?:[rR]ole|[aA]uth|[tT]ype|[lL]evel)\w*\b/g,
  // role names: fromRole !== 'root'
  /\b\w*[rR]ole\w*\s*[!=]==?\s*'(?:root|admin|problem_admin|default_user|\w+_user)'/g,
];

/** A code these names carry: -1 to 10 (auths, levels, types) or a role code (1000-1008); named ones pass. */
function isCode(m: RegExpMatchArray): boolean {
  if (m[1] === undefined) return true;
  const n = Number(m[1]);
  return (n >= -1 && n <= 10) || (n >= 1000 && n <= 1008);
}

/** `file:line: text` of every bare role, auth, level or type code in `text` (comment lines skipped). */
export function bareEnumCodes(file: string, text: string): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.trim();
    if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return;
    for (const re of ENUM_PATTERNS) {
      for (const m of code.matchAll(re)) if (isCode(m)) hits.push(`${file}:${i + 1}: ${code}`);
    }
  });
  return [...new Set(hits)];
}

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

describe('no bare role, auth, level or type codes', () => {
  it('catches the forms it is meant to catch and leaves named codes, sizes and other numbers alone', () => {
    const bad = [
      'if (auth === 1) return <Lock />;',
      'const color = level >= 5 ? "red" : "blue";',
      '{ disabled: r.role === 1000 }',
      'values({ auth: 1, title })',
      'problem: { type: 0, ioScore: 0 }',
      'return m?.auth ?? 0;',
      'if (![1, 2, 3].includes(auth)) throw x;',
      'where(eq(contests.type, 1))',
      'where(inArray(users.roleId, [1000, 1001]))',
      'sql`SELECT * FROM contests WHERE auth <> 0`',
      "if (role === 'root') return 'SPA';",
      "return from.fromRole !== 'root';",
    ];
    for (const line of bad) expect(bareEnumCodes('x.ts', line), line).toHaveLength(1);
    const fine = [
      'if (auth === ContestAuth.PRIVATE) return <Lock />;',
      'return m?.auth ?? NO_MEMBER_LEVEL;',
      'zipSync(files, { level: 6 })',
      "if (contentType === 'text/plain') x();",
      'const timeLimit = 1000;',
      "if (view !== 'admin') y();",
      ' * type: 0 ACM, 1 OI (a comment)',
      'if (s.type === ContestType.OI) z();',
      'const n = types.length === 0;',
    ];
    for (const line of fine) expect(bareEnumCodes('x.ts', line), line).toEqual([]);
  });

  it('no source file of server, judgehost, web or shared writes a role, auth, level or type code bare', () => {
    const hits: string[] = [];
    for (const d of SOURCE_DIRS) {
      for (const f of sourceFiles(join(ROOT, d))) {
        const rel = relative(ROOT, f);
        if (!CODE_TABLES.has(rel)) hits.push(...bareEnumCodes(rel, readFileSync(f, 'utf8')));
      }
    }
    expect(
      hits,
      'use Role, ROLE_NAME, ContestAuth, ProblemAuth, GroupMemberAuth, ContestType… instead',
    ).toEqual([]);
  });
});
