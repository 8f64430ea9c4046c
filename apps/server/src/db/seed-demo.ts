import { ProblemAuth, ProblemType } from '@oj/shared';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { allLanguageNames } from '../modules/file/testcase/import-common.js';
import { createProblem, type NewProblem } from '../modules/problem/problem.store.js';
import { problems, tagClassifications, tags } from './schema/index.js';

/** Name of the demo tag classification: its presence marks the demo set as seeded once. */
export const DEMO_CLASSIFICATION = 'Getting started';

/**
 * Whether to seed the demo set: the embedded database only (PGlite or the private PostgreSQL cluster, not
 * DATABASE_URL); `OJ_DEMO_SEED=0` turns it off, `=1` forces it on.
 * Test runs (Vitest) skip it unless forced, so that test databases start empty.
 */
function wanted(ctx: AppContext): boolean {
  const flag = process.env.OJ_DEMO_SEED;
  if (flag === '0') return false;
  if (flag === '1') return true;
  return (ctx.dbLabel ?? ctx.dbKind) !== 'postgres' && !process.env.VITEST;
}

// A checker in the testlib protocol without testlib.h: argv input, user output, answer; exit 0 and "ok" on
// stderr when every number is within 1e-6 (absolute or relative), exit 1 and "wrong answer" otherwise.
const FLOAT_CHECKER = `#include <cmath>
#include <cstdio>

int main(int argc, char *argv[]) {
  if (argc < 4) { std::fprintf(stderr, "FAIL usage: checker input output answer\\n"); return 3; }
  std::FILE *out = std::fopen(argv[2], "r");
  std::FILE *ans = std::fopen(argv[3], "r");
  if (!out || !ans) { std::fprintf(stderr, "FAIL cannot open files\\n"); return 3; }
  double a, b;
  int n = 0;
  while (std::fscanf(ans, "%lf", &b) == 1) {
    n++;
    if (std::fscanf(out, "%lf", &a) != 1) { std::fprintf(stderr, "wrong answer number %d is missing\\n", n); return 1; }
    double diff = std::fabs(a - b);
    if (diff > 1e-6 && diff > 1e-6 * std::fabs(b)) {
      std::fprintf(stderr, "wrong answer number %d: expected %.9f, found %.9f\\n", n, b, a);
      return 1;
    }
  }
  char extra[2];
  if (std::fscanf(out, "%1s", extra) == 1) { std::fprintf(stderr, "wrong answer extra output\\n"); return 1; }
  std::fprintf(stderr, "ok %d numbers\\n", n);
  return 0;
}
`;

const tc = (input: string, output: string, score = 0, groupNum = 1) => ({ input, output, score, groupNum });

/** The five demo problems, written for this project (statements in Markdown with KaTeX math). */
function demoProblems(langs: string[]): NewProblem[] {
  // Demo problems show per-case results (status, time, memory, score; case data stays under doc 2 §6).
  const base = { auth: ProblemAuth.PUBLIC, isUploadCase: false, author: 'demo', openCaseResult: true };
  return [
    {
      problem: {
        ...base,
        problemId: '1000',
        title: 'A + B',
        description: 'Read two integers $a$ and $b$ and print $a + b$.',
        input: 'One line with two integers $a, b$ ($|a|, |b| \\le 10^9$).',
        output: 'One integer: the sum.',
        examples: [{ input: '1 2', output: '3' }],
        hint: 'Use a 64-bit type if you fear overflow.',
        difficulty: 0,
      },
      testcases: [tc('1 2\n', '3\n'), tc('-5 5\n', '0\n'), tc('1000000000 1000000000\n', '2000000000\n')],
      tags: ['Beginner', 'Math'],
    },
    {
      problem: {
        ...base,
        problemId: '1001',
        title: 'Reverse the Words',
        description: 'Given a line of words separated by single spaces, print the words in reverse order.',
        input: 'One line of at most 1000 characters: lowercase words separated by single spaces.',
        output: 'The same words in reverse order, separated by single spaces.',
        examples: [{ input: 'hello online judge', output: 'judge online hello' }],
        difficulty: 45,
      },
      testcases: [
        tc('hello online judge\n', 'judge online hello\n'),
        tc('a\n', 'a\n'),
        tc('one two\n', 'two one\n'),
      ],
      tags: ['Beginner', 'Strings'],
    },
    {
      problem: {
        ...base,
        problemId: '1002',
        title: 'Average Speed',
        description:
          'A runner covers $n$ stretches; stretch $i$ is $d_i$ metres long and takes $t_i$ seconds. Print the average speed over the whole run in metres per second.',
        input:
          'The first line holds $n$ ($1 \\le n \\le 100$); each of the next $n$ lines holds $d_i$ and $t_i$ (positive integers up to $10^4$).',
        output: 'The average speed. Answers within $10^{-6}$ (absolute or relative) are accepted.',
        examples: [{ input: '2\n100 10\n200 30', output: '7.5' }],
        hint: 'The average speed is the total distance over the total time, not the mean of the speeds.',
        difficulty: 95,
        judgeMode: 'spj',
        spjCode: FLOAT_CHECKER,
        spjLanguage: 'C++',
        spjProtocol: 'testlib',
      },
      testcases: [
        tc('2\n100 10\n200 30\n', '7.500000000\n'),
        tc('1\n1 3\n', '0.333333333\n'),
        tc('3\n10 1\n10 2\n10 4\n', '4.285714286\n'),
      ],
      tags: ['Math', 'Special Judge'],
    },
    {
      problem: {
        ...base,
        problemId: '1003',
        title: 'Count the Peaks',
        description:
          'An element of a sequence is a *peak* when it is larger than both neighbours (the first and last elements are never peaks). Count the peaks.',
        input: 'The first line holds $n$; the second line $n$ integers $a_i$ ($|a_i| \\le 10^9$).',
        output: 'The number of peaks.',
        examples: [{ input: '5\n1 3 2 5 4', output: '2' }],
        hint: 'Subtask 1 (40 points): $n \\le 10$. Subtask 2 (60 points): $n \\le 10^5$.',
        difficulty: 145,
        type: ProblemType.OI,
        ioScore: 100,
        judgeCaseMode: 'subtask_lowest',
      },
      testcases: [
        tc('5\n1 3 2 5 4\n', '2\n', 40, 1),
        tc('3\n1 1 1\n', '0\n', 40, 1),
        tc('7\n0 9 0 9 0 9 0\n', '3\n', 60, 2),
        tc('4\n4 3 2 1\n', '0\n', 60, 2),
      ],
      tags: ['Subtasks'],
    },
    {
      problem: {
        ...base,
        problemId: '1004',
        title: 'Sum From a File',
        description: 'Read integers from the file `sum.in` and write their sum to the file `sum.out`.',
        input: 'The file `sum.in` holds $n$ and then $n$ integers.',
        output: 'The file `sum.out` holds the sum.',
        examples: [{ input: '3\n1 2 3', output: '6' }],
        difficulty: 45,
        isFileIO: true,
        ioReadFileName: 'sum.in',
        ioWriteFileName: 'sum.out',
      },
      testcases: [tc('3\n1 2 3\n', '6\n'), tc('1\n-7\n', '-7\n')],
      tags: ['Beginner', 'File IO'],
    },
  ].map((p) => ({ ...p, languages: langs }) as NewProblem);
}

/**
 * Seeds the demo problem set once (embedded mode): five problems with test data, tags and the tag
 * classification "Getting started". Skipped when that classification exists or problems already exist; a
 * problem whose id is taken is skipped on its own. Idempotent.
 */
export async function seedDemoProblems(ctx: AppContext): Promise<void> {
  if (!wanted(ctx)) return;
  const [cls] = await ctx.db
    .select({ id: tagClassifications.id })
    .from(tagClassifications)
    .where(eq(tagClassifications.name, DEMO_CLASSIFICATION));
  if (cls) return;
  const [{ n }] = await ctx.db.select({ n: count() }).from(problems);
  if (Number(n) > 0) return;
  const langs = await allLanguageNames(ctx);
  for (const p of demoProblems(langs)) {
    try {
      await createProblem(ctx.db, p);
    } catch {
      // Id taken since the check: leave that one alone.
    }
  }
  const [c] = await ctx.db
    .insert(tagClassifications)
    .values({ name: DEMO_CLASSIFICATION, oj: 'ME', rank: 0 })
    .returning({ id: tagClassifications.id });
  for (const name of ['Beginner', 'Math', 'Strings', 'Special Judge', 'Subtasks', 'File IO'])
    await ctx.db.update(tags).set({ classificationId: c.id }).where(eq(tags.name, name));
}
