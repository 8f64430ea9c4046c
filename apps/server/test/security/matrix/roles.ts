/**
 * The vocabulary of the authorization matrix (issue 8): the roles, what the runner seeds, the row type and the
 * helpers that spell a row's expected statuses. Rows live in the sibling files, one per area.
 *
 * Roles (packages/shared Role codes): anonymous (no token), user (1002, owns the seeded submissions), other (a second
 * 1002), noSubmit (1003), problemAdmin (1008), admin (1001), root (1000). Requests that pass the role check aim at
 * harmless targets (unknown ids, per-role names, wrong passwords) so that rows do not change what later rows see.
 */

export const ROLES = ['anonymous', 'user', 'other', 'noSubmit', 'problemAdmin', 'admin', 'root'] as const;
export type RoleKey = (typeof ROLES)[number];
export type Codes = Record<RoleKey, number>;

/** What the runner seeds once before the rows run. */
export interface Seed {
  /** A public problem with four test cases: its pid and problemId. */
  publicPid: number;
  publicProblemId: string;
  /** A private problem (auth 2). */
  privatePid: number;
  privateProblemId: string;
  /** A wrong-answer submission of `user` to the public problem (judged by a fake judgehost). */
  userSubmitId: number;
  /** An accepted submission of `root` to the private problem. */
  privateSubmitId: number;
  /** A pending submission of `other` to the public problem, for rejudge / manual judge / cancel. */
  otherSubmitId: number;
  /** A test run of `user`: its key. */
  userTestKey: string;
  /** A compile check queued by `problemAdmin`: its key. */
  compileKey: string;
  /** A public running ACM contest of root with MX-PUB as problem A. */
  contestId: number;
  /** A private running contest of root (password 'mx-pwd') with MX-PUB as problem A. */
  privateContestId: number;
  /** A public training of root with MX-PUB as problem A, its category, and a private one (password 'mx-pwd'). */
  trainingId: number;
  privateTrainingId: number;
  trainingCategoryId: number;
  announcementId: number;
  tagId: number;
  classificationId: number;
  /** The judge token judgehosts present. */
  judgeToken: string;
}

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered (path parameters as `:name`). */
  route: string;
  /** What this row checks, shown on failure. */
  what?: string;
  /** URL (with query), body and headers; per role where targets must differ. */
  request: (s: Seed, role: RoleKey) => { url?: string; payload?: unknown; headers?: Record<string, string> };
  expect: Codes;
  /** Send with a session made for this request only (routes that end the caller's session). */
  freshSession?: boolean;
  /** The route answers a never-ending stream (read with `injectStream`, not `call`). */
  stream?: boolean;
  /**
   * A signed-in caller's 403 comes from the body's target (the contest admin rule on the body's `cid`), not from a
   * role check, so a malformed body is refused with 400 first; anonymous callers still get 401 before the body.
   */
  refusedByTarget?: boolean;
}

export const all = (code: number): Codes => ({
  anonymous: code,
  user: code,
  other: code,
  noSubmit: code,
  problemAdmin: code,
  admin: code,
  root: code,
});
/** Login required: anonymous 401, every signed-in role `code`. */
export const signedIn = (code: number, over: Partial<Codes> = {}): Codes => ({
  ...all(code),
  anonymous: 401,
  ...over,
});
/** Admin roles (1000, 1001, 1008): anonymous 401, other signed-in roles 403. */
export const admins = (code: number, over: Partial<Codes> = {}): Codes => ({
  ...signedIn(403),
  problemAdmin: code,
  admin: code,
  root: code,
  ...over,
});
/** Super admin only. */
export const rootOnly = (code: number): Codes => ({ ...signedIn(403), root: code });

export const GONE = 999_999;
export const json = (payload: unknown) => () => ({ payload });
export const url = (u: string) => () => ({ url: u });

/** A valid admin problem body (typed cases) for `problemId`. */
export function problemPayload(problemId: string, auth = 1) {
  return {
    problem: {
      problemId,
      title: `Problem ${problemId}`,
      description: 'Add two numbers.',
      input: 'Two integers.',
      output: 'Their sum.',
      timeLimit: 1000,
      memoryLimit: 256,
      type: 0,
      auth,
    },
    samples: [
      { input: '1 2\n', output: '3\n' },
      { input: '5 7\n', output: '12\n' },
      { input: '2 2\n', output: '4\n' },
      { input: '0 0\n', output: '0\n' },
    ],
    languages: ['C', 'C++'],
    tags: [{ name: 'math' }],
    codeTemplates: [],
  };
}
