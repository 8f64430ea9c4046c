import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { SectionValue } from '../config/config.defaults.js';

/** SMTP settings in effect: the back office's `email` section, else the SMTP_* environment variables. */
export interface SmtpSettings {
  host: string;
  port: number;
  username: string;
  password: string;
  ssl: boolean;
  from: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Time limits of one SMTP conversation (ms): a dead server must not hold a request for long. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * The SMTP settings to use, read on every send so that a change in System Config → Email takes effect at once.
 * Returns null when no host is set anywhere (mail is then written to the log).
 */
export async function smtpSettings(ctx: AppContext): Promise<SmtpSettings | null> {
  const c: SectionValue<'email'> = await ctx.config.get('email');
  if (c.host)
    return {
      host: c.host,
      port: c.port,
      username: c.username,
      password: c.password,
      ssl: c.ssl,
      from: c.from,
    };
  const e = ctx.env;
  if (!e.SMTP_HOST) return null;
  return {
    host: e.SMTP_HOST,
    port: e.SMTP_PORT ?? 465,
    username: e.SMTP_USER ?? '',
    password: e.SMTP_PASSWORD ?? '',
    ssl: e.SMTP_SECURE !== 'false',
    from: e.SMTP_FROM ?? '',
  };
}

/** Sends one message through `s`; throws the SMTP client's error (with its message) on failure. */
export async function sendWith(s: SmtpSettings, msg: MailMessage): Promise<void> {
  const transport = nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.ssl,
    auth: s.username ? { user: s.username, pass: s.password } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: s.from || s.username || `noreply@${s.host}`, ...msg });
  } finally {
    transport.close();
  }
}

/**
 * Sends a mail to a user (registration code, reset link…). With no SMTP host configured the message is written to
 * the server log at info level, so a local admin can still complete the flow. Returns whether it went out by SMTP.
 * Throws 503 with a clear message when the SMTP server refuses or cannot be reached (the cause is logged).
 */
export async function sendMail(ctx: AppContext, log: FastifyBaseLogger, msg: MailMessage): Promise<boolean> {
  const s = await smtpSettings(ctx);
  if (!s) {
    log.info(
      { mail: { to: msg.to, subject: msg.subject, text: msg.text } },
      'mail (no SMTP host configured)',
    );
    return false;
  }
  try {
    await sendWith(s, msg);
    return true;
  } catch (err) {
    log.warn({ err, to: msg.to }, 'sending mail failed');
    throw new AppError(503, 'account.mailFailed');
  }
}

/** Escapes text for the small HTML bodies of our mails. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
