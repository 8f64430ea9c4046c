import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { generatedAccounts } from '../../db/schema/index.js';
import { seal, sealingKey, unseal } from '../../lib/secret-box.js';
import type { NewAccount } from './user.batch.js';

/**
 * The accounts of "generate users" awaiting their download (doc 3 §5; GET /api/file/generate-user-excel?key=), in
 * the table `generated_accounts` (migration 0021) so that every server process and instance on the database serves
 * the download. The passwords are sealed with the server's sealing key (lib/secret-box.ts), never stored in the
 * clear; instances on one database need the same key (README "Running scaled").
 */

/** How long generated usernames and passwords stay downloadable (ms). */
export const GENERATED_TTL_MS = 30 * 60 * 1000;
/** At most this many batches kept: the oldest past it are dropped when another is kept. */
const GENERATED_MAX = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ttlAgo = () => sql`now() - ${sql.raw(`interval '${GENERATED_TTL_MS} milliseconds'`)}`;

/**
 * Keeps the usernames and passwords of `accounts` for GENERATED_TTL_MS under a new random UUID and returns it (the
 * download's key). Deletes the expired batches first, and the oldest beyond GENERATED_MAX. Throws when the
 * sealing key cannot be read or made (OJ_REMOTE_JUDGE_KEY or `<dataDir>/remote-judge.key`).
 */
export async function keepGenerated(
  ctx: AppContext,
  accounts: Pick<NewAccount, 'username' | 'password'>[],
): Promise<string> {
  const key = randomUUID();
  const secret = sealingKey(ctx);
  const sealed = accounts.map((a) => ({ username: a.username, passwordEnc: seal(secret, a.password) }));
  await ctx.db.delete(generatedAccounts).where(lt(generatedAccounts.createdAt, ttlAgo()));
  await ctx.db.execute(sql`
    DELETE FROM ${generatedAccounts} WHERE ${generatedAccounts.key} IN (
      SELECT g.key FROM ${generatedAccounts} g ORDER BY g.created_at DESC OFFSET ${GENERATED_MAX - 1})`);
  await ctx.db.insert(generatedAccounts).values({ key, accounts: sealed });
  return key;
}

/**
 * The usernames and (opened) passwords kept under `key`, or undefined when the key is unknown, not a UUID, or
 * older than GENERATED_TTL_MS. Throws when a password does not open under this server's key (an instance with
 * another OJ_REMOTE_JUDGE_KEY made the batch).
 */
export async function takeGenerated(
  ctx: AppContext,
  key: string,
): Promise<{ username: string; password: string }[] | undefined> {
  if (!UUID.test(key)) return undefined;
  const [row] = await ctx.db
    .select({ accounts: generatedAccounts.accounts })
    .from(generatedAccounts)
    .where(and(eq(generatedAccounts.key, key.toLowerCase()), gt(generatedAccounts.createdAt, ttlAgo())));
  if (!row) return undefined;
  const secret = sealingKey(ctx);
  try {
    return row.accounts.map((a) => ({ username: a.username, password: unseal(secret, a.passwordEnc) }));
  } catch (cause) {
    throw new Error(
      'generated accounts: a password does not open under this server key (is OJ_REMOTE_JUDGE_KEY the same on every instance?)',
      { cause },
    );
  }
}
