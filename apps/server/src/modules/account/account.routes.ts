import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import avatarRoutes from '../file/avatar/avatar.routes.js';
import profileRoutes from './profile.routes.js';
import { useRateLimit } from './rate-limit.js';
import registerRoutes from './register.routes.js';
import resetRoutes from './reset.routes.js';
import sessionRoutes from './session.routes.js';
import userHomeRoutes from './user-home.routes.js';

/**
 * The account area (doc 1 §2.4, §2.9, §4-§7): sign-in and sessions, registration, password reset, profile
 * settings, avatar, public user pages. Login, registration and mail routes are limited per IP as well.
 */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await useRateLimit(app);
  await app.register(sessionRoutes);
  await app.register(registerRoutes);
  await app.register(resetRoutes);
  await app.register(profileRoutes);
  await app.register(userHomeRoutes);
  await app.register(avatarRoutes);
};

export default accountRoutes;
