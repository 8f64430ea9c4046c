import { randomInt } from 'node:crypto';
import {
  type AdminGenerateUserBody,
  emailField,
  importGender,
  newUsernameField,
  passwordField,
  Role,
} from '@oj/shared';
import { inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/users.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../account/password.js';
import { isUniqueViolation } from '../account/user-info.js';

/** An account to create: what an import row or the generator gives. */
export interface NewAccount {
  username: string;
  password: string;
  email?: string;
  realname?: string;
  gender?: string;
  nickname?: string;
  school?: string;
}

/** A refused row: its 1-based index in the request, the username as sent and why. */
export interface RefusedRow {
  row: number;
  username: string;
  reason: string;
}

const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? 'invalid');

/** One import row as an account, or the reason it is refused (rules of registration, doc 3 §5). */
function parseRow(cells: (string | null)[]): NewAccount | string {
  const [username, password, email, realname, gender, nickname, school] = Array.from(
    { length: 7 },
    (_, k) => cells[k] ?? '',
  );
  const name = username.trim();
  const mail = email.trim().toLowerCase();
  const err =
    firstIssue(newUsernameField.safeParse(name)) ??
    firstIssue(passwordField.safeParse(password)) ??
    (mail ? firstIssue(emailField.safeParse(mail)) : null);
  if (err) return err;
  return {
    username: name,
    password,
    email: mail || undefined,
    realname: realname.trim().slice(0, 100),
    gender: importGender(gender),
    nickname: nickname.trim().slice(0, 100),
    school: school.trim().slice(0, 100),
  };
}

/**
 * Checks import rows `[username, password, email, realname, gender, nickname, school]` (doc 3 §5): username and
 * password required and valid as at registration, email valid when given, no username or email twice in the
 * batch or already taken (case-insensitive). Returns the accounts and every refused row (1-based) with its reason.
 */
export async function checkBatchRows(
  ctx: AppContext,
  rows: (string | null)[][],
): Promise<{ accounts: NewAccount[]; refused: RefusedRow[] }> {
  const refused: RefusedRow[] = [];
  const accounts: NewAccount[] = [];
  const seenNames = new Map<string, number>();
  const seenEmails = new Map<string, number>();
  for (const [i, cells] of rows.entries()) {
    const row = i + 1;
    const a = parseRow(cells);
    const username = typeof a === 'string' ? (cells[0] ?? '').trim() : a.username;
    const dupName = seenNames.get(username.toLowerCase());
    const dupMail = typeof a !== 'string' && a.email ? seenEmails.get(a.email) : undefined;
    const reason =
      typeof a === 'string'
        ? a
        : dupName
          ? `The username is also in row ${dupName}`
          : dupMail
            ? `The email is also in row ${dupMail}`
            : null;
    if (reason || typeof a === 'string') {
      refused.push({ row, username, reason: reason ?? '' });
      continue;
    }
    seenNames.set(username.toLowerCase(), row);
    if (a.email) seenEmails.set(a.email, row);
    accounts.push(a);
  }
  await refuseTaken(ctx, accounts, seenNames, seenEmails, refused);
  refused.sort((a, b) => a.row - b.row);
  return { accounts, refused };
}

/** Adds a refusal for every account whose username or email already belongs to a user. */
async function refuseTaken(
  ctx: AppContext,
  accounts: NewAccount[],
  names: Map<string, number>,
  emails: Map<string, number>,
  refused: RefusedRow[],
): Promise<void> {
  if (accounts.length === 0) return;
  const lowerNames = [...names.keys()];
  const lowerEmails = [...emails.keys()];
  const taken = await ctx.db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        inArray(sql`lower(${users.username})`, lowerNames),
        lowerEmails.length ? inArray(sql`lower(${users.email})`, lowerEmails) : undefined,
      ),
    );
  for (const t of taken) {
    const byName = names.get(t.username.toLowerCase());
    if (byName) refused.push({ row: byName, username: t.username, reason: 'The username already exists' });
    const byMail = t.email ? emails.get(t.email.toLowerCase()) : undefined;
    if (byMail && byMail !== byName)
      refused.push({
        row: byMail,
        username: accounts.find((a) => a.email === t.email?.toLowerCase())?.username ?? '',
        reason: 'The email already exists',
      });
  }
}

/** Refusal of a whole batch: 400 with `data.refused` naming each row. */
export function batchRefused(refused: RefusedRow[]): AppError {
  const first = refused[0];
  return new AppError(
    400,
    'adminUser.batchRefused',
    { count: refused.length, row: first.row, username: first.username, reason: first.reason },
    { refused },
  );
}

/** Inserts the accounts in one transaction as default users (role 1002), passwords hashed like registration. */
export async function insertAccounts(ctx: AppContext, accounts: NewAccount[]): Promise<void> {
  const values = await Promise.all(
    accounts.map(async (a) => ({
      username: a.username,
      passwordHash: await hashPassword(a.password),
      email: a.email ?? null,
      realname: a.realname ?? '',
      gender: a.gender ?? 'secrecy',
      nickname: a.nickname ?? '',
      school: a.school ?? '',
      role: Role.USER,
    })),
  );
  try {
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < values.length; i += 200) await tx.insert(users).values(values.slice(i, i + 200));
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(400, 'adminUser.batchTaken');
    throw e;
  }
}

const PASSWORD_CHARS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The accounts of a generate request: prefix + number + suffix, each with a random password of the length. */
export function generateAccounts(b: AdminGenerateUserBody): NewAccount[] {
  const out: NewAccount[] = [];
  for (let n = b.number_from; n <= b.number_to; n++) {
    let password = '';
    for (let i = 0; i < b.password_length; i++) password += PASSWORD_CHARS[randomInt(PASSWORD_CHARS.length)];
    out.push({ username: `${b.prefix}${n}${b.suffix}`, password });
  }
  return out;
}
