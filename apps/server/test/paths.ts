import { fileURLToPath } from 'node:url';

/**
 * Where the real public problem packages live: `shared/problems` beside the repository (as on the developers'
 * machines and in CI), or OJ_PROBLEMS_DIR. Tests read them in place; they are never copied into the repository.
 */
export const PROBLEMS_DIR =
  process.env.OJ_PROBLEMS_DIR ?? fileURLToPath(new URL('../../../../shared/problems', import.meta.url));
