import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context.js';

/**
 * Secrets the server must keep but never show in the clear: the remote-judge pool's passwords (issue 27,
 * docs/remote-judges.md) and the passwords of generated accounts awaiting download (admin-user/generated.ts). One
 * key seals them all: AES-256-GCM, the value `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 */

/** Sealed values start with this (version 1: AES-256-GCM, 12-byte IV, 16-byte tag, all base64url). */
const PREFIX = 'v1';
const keys = new WeakMap<AppContext, Buffer>();

/**
 * Reads a 32-byte key written as 64 hex digits or as base64 (44 chars); throws naming `where` (OJ_REMOTE_JUDGE_KEY
 * or the file) otherwise.
 */
export function parseKey(text: string, where: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error(`${where}: a sealing key is 32 bytes (64 hex digits or base64)`);
  return key;
}

/**
 * The server's sealing key: OJ_REMOTE_JUDGE_KEY when set, else `<dataDir>/remote-judge.key`, made (32 random bytes,
 * hex, mode 0600) on first use (the names are those of the remote judges, its first user; README "Configuration").
 * Every instance on one database needs the same key (the same variable, or one data dir). Cached per app context;
 * throws when the variable or the file holds no valid key.
 */
export function sealingKey(ctx: AppContext): Buffer {
  const cached = keys.get(ctx);
  if (cached) return cached;
  let key: Buffer;
  if (ctx.env.OJ_REMOTE_JUDGE_KEY) key = parseKey(ctx.env.OJ_REMOTE_JUDGE_KEY, 'OJ_REMOTE_JUDGE_KEY');
  else {
    const file = path.join(ctx.env.dataDir, 'remote-judge.key');
    try {
      key = parseKey(fs.readFileSync(file, 'utf8'), file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      fs.mkdirSync(ctx.env.dataDir, { recursive: true });
      key = randomBytes(32);
      try {
        // wx: two processes starting at once do not overwrite each other's key; the loser reads the winner's.
        fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      } catch (w) {
        if ((w as NodeJS.ErrnoException).code !== 'EEXIST') throw w;
        key = parseKey(fs.readFileSync(file, 'utf8'), file);
      }
    }
  }
  keys.set(ctx, key);
  return key;
}

/** Seals `plain` with AES-256-GCM under `key`: `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return [
    PREFIX,
    iv.toString('base64url'),
    c.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** Opens a value from seal; throws when it was sealed under another key, altered, or is no sealed value. */
export function unseal(key: Buffer, sealed: string): string {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== PREFIX || !iv || !tag || body === undefined) throw new Error('sealed value: unknown format');
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
}
