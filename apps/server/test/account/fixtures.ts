import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { hash } from '@node-rs/argon2';
import { Role } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import type { AppContext } from '../../src/context.js';
import { users } from '../../src/db/schema/index.js';
import { login, ROOT_PASSWORD } from '../helpers.js';

/** Test users share one password. */
export const PASSWORD = 'secret123';

/** Inserts a user straight into the database and returns its uid. */
export async function makeUser(
  ctx: AppContext,
  opts: { username: string; role?: number; email?: string; status?: number; password?: string },
): Promise<string> {
  const [row] = await ctx.db
    .insert(users)
    .values({
      username: opts.username,
      passwordHash: await hash(opts.password ?? PASSWORD),
      role: opts.role ?? Role.USER,
      email: opts.email ?? `${opts.username.toLowerCase()}@example.com`,
      status: opts.status ?? 0,
    })
    .returning({ uid: users.uid });
  return row!.uid;
}

/** One signed-in token per role code of doc 1 §6, plus `root`. */
export async function tokensByRole(app: FastifyInstance, ctx: AppContext): Promise<Record<string, string>> {
  const made: [string, number][] = [
    ['user1002', Role.USER],
    ['nosubmit1003', Role.NO_SUBMIT],
    ['padmin1008', Role.PROBLEM_ADMIN],
    ['admin1001', Role.ADMIN],
  ];
  const out: Record<string, string> = {};
  for (const [name, role] of made) {
    await makeUser(ctx, { username: name, role });
    out[role] = await login(app, name, PASSWORD);
  }
  out[Role.ROOT] = await login(app, 'root', ROOT_PASSWORD);
  return out;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  text: string;
  user: string | null;
}

/** Undoes quoted-printable encoding (soft line breaks and =XX escapes) well enough to search a mail body. */
export function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/**
 * A real SMTP server on 127.0.0.1 (random port) that accepts any login and keeps every message.
 * `waitFor(n)` resolves once n messages arrived.
 */
export async function startSmtp(): Promise<{
  port: number;
  mails: ReceivedMail[];
  waitFor(n: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.pipe(
        new Writable({
          write(chunk, _enc, next) {
            chunks.push(chunk);
            next();
          },
          final(done) {
            const raw = Buffer.concat(chunks).toString('utf8');
            mails.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
              text: decodeQuotedPrintable(raw),
              user: (session.user as string | undefined) ?? null,
            });
            for (const w of waiters.filter((x) => mails.length >= x.n)) w.resolve();
            done();
            cb();
          },
        }),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    waitFor(n) {
      if (mails.length >= n) return Promise.resolve(mails);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${mails.length} of ${n} mails arrived`)),
          15_000,
        );
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(mails);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Points the site's SMTP settings at `port` through the admin API (as root). */
export async function configureSmtp(app: FastifyInstance, rootToken: string, port: number): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/admin/config/set-email-config',
    headers: { authorization: rootToken },
    payload: {
      host: '127.0.0.1',
      port,
      ssl: false,
      username: 'mailer',
      password: 'mailpass',
      from: 'oj@example.com',
    },
  });
  if (res.statusCode !== 200) throw new Error(`set-email-config failed: ${res.body}`);
}

/** A multipart/form-data body with one file in `field`, as a browser would send it. */
export async function multipartFile(
  field: string,
  fileName: string,
  data: Buffer,
  type = 'application/octet-stream',
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const fd = new FormData();
  fd.append(field, new Blob([data], { type }), fileName);
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

/** A real 1x1 PNG image. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
