import type { FastifyPluginAsync } from 'fastify';

/**
 * Every API module, registered under `/api` by buildApp. One line an area; each module file is
 * `modules/<area>/<area>.routes.ts` exporting a Fastify plugin.
 */
export const modules: { name: string; load: () => Promise<{ default: FastifyPluginAsync }> }[] = [
  { name: 'config', load: () => import('./config/config.routes.js') },
];
