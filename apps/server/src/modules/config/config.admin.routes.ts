import {
  type EmailConfigView,
  setEmailConfigBody,
  setSwitchConfigBody,
  setWebConfigBody,
  testEmailBody,
  type WebsiteConfig,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needRoot } from '../../plugins/auth.js';
import { firstBadRange } from '../account/address-limits.js';
import { IP_LIMITS, useRateLimit } from '../account/rate-limit.js';
import { sendWith, smtpSettings } from '../mail/mail.service.js';
import carouselRoutes from './carousel.routes.js';

/**
 * System Config and Switch screens of the back office (doc 3 admin), super admin only (401 / 403). Changes are
 * stored in `site_config` and seen by every server instance within the config cache time (2 s), no restart.
 */
const configAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await useRateLimit(app);
  await app.register(carouselRoutes);
  const cfg = () => app.ctx.config;

  /** GET /api/admin/config/get-web-config -> the website section (WebsiteConfig). */
  app.get('/admin/config/get-web-config', { onRequest: needRoot }, async () => {
    const data: WebsiteConfig = { ...(await cfg().get('website')) };
    return ok(data);
  });

  /** PUT /api/admin/config/set-web-config {website fields, all optional} -> the stored website section. */
  app.put(
    '/admin/config/set-web-config',
    { schema: { body: setWebConfigBody }, onRequest: needRoot },
    async (req) => ok(await cfg().set('website', req.body), 'Updated successfully'),
  );

  /** GET /api/admin/config/get-email-config -> EmailConfigView: SMTP settings, never the password. */
  app.get('/admin/config/get-email-config', { onRequest: needRoot }, async () => {
    const { password, ...rest } = await cfg().get('email');
    const data: EmailConfigView = { ...rest, hasPassword: password.length > 0 };
    return ok(data);
  });

  /**
   * PUT /api/admin/config/set-email-config {host?, port?, username?, password?, ssl?, from?}: `password` absent
   * or "" keeps the stored one, null clears it. Answers the EmailConfigView.
   */
  app.put(
    '/admin/config/set-email-config',
    { schema: { body: setEmailConfigBody }, onRequest: needRoot },
    async (req) => {
      const { password, ...rest } = req.body;
      const patch = password === undefined || password === '' ? rest : { ...rest, password: password ?? '' };
      const { password: stored, ...view } = await cfg().set('email', patch);
      const data: EmailConfigView = { ...view, hasPassword: stored.length > 0 };
      return ok(data, 'Updated successfully');
    },
  );

  /**
   * POST /api/admin/config/test-email {email}: sends a test mail with the stored SMTP settings. 400 when no SMTP
   * host is configured, 400 "Failed to send the test email: <SMTP error>" when the server refuses or is unreachable.
   */
  app.post(
    '/admin/config/test-email',
    { schema: { body: testEmailBody }, onRequest: needRoot, config: { rateLimit: IP_LIMITS.mail } },
    async (req) => {
      const s = await smtpSettings(app.ctx);
      if (!s) throw badRequest('config.noSmtpHost');
      const site = await cfg().get('website');
      try {
        await sendWith(s, {
          to: req.body.email,
          subject: `${site.shortName}: test email`,
          text: `This is a test email from ${site.name}. The SMTP settings work.`,
        });
      } catch (e) {
        throw badRequest('config.testMailFailed', { detail: (e as Error).message });
      }
      return ok(null, 'The test email has been sent');
    },
  );

  /** GET /api/admin/switch/info -> the switch section (judge switches, community limits; intervals in s). */
  app.get('/admin/switch/info', { onRequest: needRoot }, async () => ok(await cfg().get('switch')));

  /**
   * PUT /api/admin/switch/update {switch fields, all optional} -> the stored switch section. Includes the
   * per-address limits and the trusted CIDR ranges (docs/security.md): a range that is not CIDR is 400
   * validation.badFormat naming `trustedRanges[i]`.
   */
  app.put(
    '/admin/switch/update',
    { schema: { body: setSwitchConfigBody }, onRequest: needRoot },
    async (req) => {
      const bad = firstBadRange(req.body.trustedRanges ?? []);
      if (bad >= 0)
        throw badRequest('validation.badFormat', { field: `trustedRanges[${bad}]`, format: 'CIDR range' });
      return ok(await cfg().set('switch', req.body), 'Updated successfully');
    },
  );
};

export default configAdminRoutes;
