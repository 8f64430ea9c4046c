import type { AppRoute } from '../../app/route-types.js';
import { helpRoutes } from '../help/routes.js';
import { rankRoutes } from '../rank/routes.js';
import { submissionRoutes } from '../submission/routes.js';
import { problemRoutes } from './routes.js';

/** The public practice pages (problems, status, submission detail, rankings, judge help), plugged in as one entry. */
export const practiceRoutes: AppRoute[] = [
  ...problemRoutes,
  ...submissionRoutes,
  ...rankRoutes,
  ...helpRoutes,
];
