import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { limitOf } from './address-limits.js';

/**
 * Per-IP request limits of the account routes (requests per minute, set in System Config; address-limits.ts).
 * They sit on top of the per-username login throttle and the per-email resend waits: they slow down one address
 * trying many accounts or flooding mail. Trusted address ranges (contest halls behind one NAT) get higher limits.
 * The counters live in the memory of each server instance (in the scaled mode each instance counts on its own).
 */
export const IP_LIMITS = {
  /** POST /login, POST /admin/login (default 120 a minute) */
  login: limitOf('login'),
  /** POST /register, POST /reset-password, POST /check-username-or-email, GET /captcha (default 60) */
  account: limitOf('account'),
  /** Routes that send a mail: get-register-code, apply-reset-password, get-change-email-code, test-email (10). */
  mail: limitOf('mail'),
} as const;

/**
 * Makes `@fastify/rate-limit` available in this plugin's scope without a global limit (routes opt in with
 * `config: { rateLimit: IP_LIMITS.x }`). Answers 429 with a clear message. Safe to call when an enclosing scope
 * already registered the plugin.
 */
export async function useRateLimit(app: FastifyInstance): Promise<void> {
  if (app.hasDecorator('rateLimit')) return;
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, c) =>
      new AppError(429, 'common.rateLimited', { seconds: Math.max(1, Math.ceil(c.ttl / 1000)) }),
  });
}
