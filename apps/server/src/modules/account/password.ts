import { type Algorithm, hash, type Options, parseOptions, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id (the package's enum is an ambient const enum, not importable under isolatedModules). */
const ARGON2ID = 2 as Algorithm;

/**
 * Password hashing policy (docs/security.md). argon2id at OWASP's minimum: m = 19 MiB (19,456 KiB), t = 2, p = 1.
 * `@node-rs/argon2`'s `hash` / `verify` are async napi tasks: they run on libuv's threadpool, never on the event
 * loop (the *Sync variants are not used by the server). The cost can be lowered only for tests, with the
 * environment variable OJ_PASSWORD_HASH_COST=test (m = 1 MiB, t = 1); production always uses the OWASP default.
 */
export const OWASP_HASH_OPTIONS: Readonly<Options> = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

const TEST_HASH_OPTIONS: Readonly<Options> = { ...OWASP_HASH_OPTIONS, memoryCost: 1024, timeCost: 1 };

/** The options new hashes are made with: OWASP's, or the cheap test ones under OJ_PASSWORD_HASH_COST=test. */
export function hashOptions(): Readonly<Options> {
  return process.env.OJ_PASSWORD_HASH_COST === 'test' ? TEST_HASH_OPTIONS : OWASP_HASH_OPTIONS;
}

/** Takes a plain password; returns its argon2id PHC string (off the event loop). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions());
}

/**
 * Takes a stored PHC string and a plain password; returns true when they match. Any stored parameters verify
 * (older hashes keep working). A malformed stored hash answers false, never throws.
 */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * True when `stored` is not argon2id or is weaker than the current options (memory, time or parallelism below),
 * so a successful sign-in should replace it with hashPassword(). A hash that cannot be parsed needs one too.
 */
export function needsRehash(stored: string): boolean {
  const want = hashOptions();
  try {
    const p = parseOptions(stored);
    return (
      p.algorithm !== ARGON2ID ||
      p.memoryCost < (want.memoryCost ?? 0) ||
      p.timeCost < (want.timeCost ?? 0) ||
      p.parallelism < (want.parallelism ?? 0)
    );
  } catch {
    return true;
  }
}
