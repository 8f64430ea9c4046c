/**
 * The route × role authorization matrix (issue 8, "tests that stay"): one or more rows for every registered route,
 * each a request and the HTTP status every role gets (roles and helpers in matrix/roles.ts, rows by area in
 * matrix/*.ts). `authz-matrix.test.ts` runs it against the real app and fails when a registered route has no row:
 * a new route (or a new area) adds its rows here.
 */

import { accountRows } from './matrix/account.js';
import { adminRows } from './matrix/admin.js';
import { clarificationRows } from './matrix/clarification.js';
import { clicsRows } from './matrix/clics.js';
import { communityRows } from './matrix/community.js';
import { contestRows } from './matrix/contest.js';
import { eventsRows } from './matrix/events.js';
import { groupRows } from './matrix/group.js';
import { judgeRows } from './matrix/judge.js';
import { opsRows } from './matrix/ops.js';
import { progressRows } from './matrix/progress.js';
import { publicRows } from './matrix/public.js';
import { remoteJudgeRows } from './matrix/remote-judge.js';
import type { MatrixRow } from './matrix/roles.js';
import { rootRows } from './matrix/root.js';
import { scoreboardRows } from './matrix/scoreboard.js';
import { similarityRows } from './matrix/similarity.js';
import { submissionsRows } from './matrix/submissions.js';
import { trainingRows } from './matrix/training.js';

export { type MatrixRow, problemPayload, ROLES, type RoleKey, type Seed } from './matrix/roles.js';

export const MATRIX: MatrixRow[] = [
  ...publicRows,
  ...submissionsRows,
  ...accountRows,
  ...adminRows,
  ...rootRows,
  ...remoteJudgeRows,
  ...judgeRows,
  ...contestRows,
  ...clarificationRows,
  ...scoreboardRows,
  ...trainingRows,
  ...communityRows,
  ...groupRows,
  ...opsRows,
  ...clicsRows,
  ...eventsRows,
  ...similarityRows,
  ...progressRows,
];
