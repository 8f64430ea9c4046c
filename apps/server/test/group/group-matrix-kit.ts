/**
 * The vocabulary of the group route × role matrix (group-matrix.ts, group-matrix-areas.ts): the roles, what the
 * runner seeds, the row type and the helpers that spell a row's expected statuses and bodies.
 */

export const GROLES = [
  'anonymous',
  'nonMember',
  'applicant',
  'refused',
  'member',
  'admin',
  'root',
  'owner',
  'siteAdmin',
  'superAdmin',
] as const;
export type GRole = (typeof GROLES)[number];
export type GCodes = Record<GRole, number>;

/** What the runner seeds per group. */
export interface GSeed {
  gid: number;
  shortName: string;
  /** The owner's public (auth 1) group problem with four cases, in the training and the contest as A. */
  pubPid: number;
  pubProblemId: string;
  /** The owner's private (auth 2) group problem. */
  privPid: number;
  privProblemId: string;
  /** A public site problem, in the training and the contest as B. */
  sitePid: number;
  /** The member's submission to the public group problem (in the group). */
  submitId: number;
  /** The owner's group announcement. */
  annId: number;
  /** The owner's training (public) and its link to the public group problem. */
  tid: number;
  tpId: number;
  categoryId: number;
  /** The owner's running contest (openRank) with the public group problem as A, its link and announcement. */
  cid: number;
  cpId: number;
  contestAnnId: number;
  /** The owner's group discussion and a discussion category. */
  did: number;
  discussionCategoryId: number;
  uid: Record<GRole, string>;
  /** A multipart body holding a PNG as `image`. */
  avatar: { payload: Buffer; headers: Record<string, string> };
}

export interface GRow {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  what?: string;
  request: (s: GSeed, role: GRole) => { url?: string; payload?: unknown; headers?: Record<string, string> };
  expect: GCodes;
  /** Run each role against a freshly seeded group (the row changes the group). */
  fresh?: boolean;
}

const OUT = { nonMember: 403, applicant: 403, refused: 403, siteAdmin: 403 };
/** Members and up (the owner, super admins) get `ok`; outsiders 403; anonymous 401. */
export const inside = (ok: number, over: Partial<GCodes> = {}): GCodes => ({
  anonymous: 401,
  ...OUT,
  member: ok,
  admin: ok,
  root: ok,
  owner: ok,
  superAdmin: ok,
  ...over,
});
/** Group admins and up. */
export const adminUp = (ok: number, over: Partial<GCodes> = {}) => inside(ok, { member: 403, ...over });
/** Group roots and up (also the author of the seeded items: the owner). */
export const rootUp = (ok: number, over: Partial<GCodes> = {}) => adminUp(ok, { admin: 403, ...over });
/** The owner and super admins. */
export const ownerUp = (ok: number, over: Partial<GCodes> = {}) => rootUp(ok, { root: 403, ...over });
export const every = (code: number): GCodes =>
  Object.fromEntries(GROLES.map((r) => [r, code])) as unknown as GCodes;
export const signedIn = (code: number, over: Partial<GCodes> = {}): GCodes => ({
  ...every(code),
  anonymous: 401,
  ...over,
});

export const g = (path: string) => (s: GSeed) => ({
  url: `${path}${path.includes('?') ? '&' : '?'}gid=${s.gid}`,
});
export const png = (s: GSeed) => ({ url: `/api/file/upload-group-avatar?gid=${s.gid}`, ...s.avatar });
export const problem = (problemId: string, gid: number, over: Record<string, unknown> = {}) => ({
  problem: {
    problemId,
    title: `Problem ${problemId}`,
    description: 'Add two numbers.',
    input: 'Two integers.',
    output: 'Their sum.',
    type: 0,
    auth: 1,
    gid,
    ...over,
  },
  // Four cases, as the seeded problem has: an edit keeps the owner's wrong-case download rule (more than 3).
  samples: [1, 2, 3, 4].map((i) => ({ input: `${i}\n`, output: `${i}\n` })),
  languages: ['C++'],
  codeTemplates: [],
});
export const contestBody = (over: Record<string, unknown> = {}) => ({
  title: 'Class contest',
  description: 'Solve them.',
  type: 0,
  auth: 0,
  openRank: true,
  startTime: new Date(Date.now() - 3600_000).toISOString(),
  endTime: new Date(Date.now() + 24 * 3600_000).toISOString(),
  ...over,
});
export const trainingBody = (s: GSeed, over: Record<string, unknown> = {}) => ({
  training: { title: 'Week', description: 'Warm up', auth: 'Public', ...over },
  trainingCategory: { id: s.categoryId },
});
