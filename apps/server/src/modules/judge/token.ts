import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { unauthorized } from '../../lib/errors.js';

const tokens = new WeakMap<AppContext, Promise<string>>();

/**
 * The judge token judgehosts send in `X-Judge-Token`: OJ_JUDGE_TOKEN, else one generated at first start and kept
 * in config section `secret.judgeToken` (shared by every server instance).
 */
export function getJudgeToken(ctx: AppContext): Promise<string> {
  let p = tokens.get(ctx);
  if (!p) {
    p = (async () => {
      if (ctx.env.OJ_JUDGE_TOKEN) return ctx.env.OJ_JUDGE_TOKEN;
      const existing = (await ctx.config.get('secret')).judgeToken;
      if (existing) return existing;
      return (await ctx.config.set('secret', { judgeToken: randomBytes(24).toString('hex') })).judgeToken;
    })();
    p.catch(() => tokens.delete(ctx));
    tokens.set(ctx, p);
  }
  return p;
}

/** onRequest hook of the judge protocol: 401 unless `X-Judge-Token` equals the judge token. */
export async function needJudgeToken(req: FastifyRequest): Promise<void> {
  const sent = req.headers['x-judge-token'];
  const expected = await getJudgeToken(req.server.ctx);
  const a = Buffer.from(typeof sent === 'string' ? sent : '');
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw unauthorized('judge.invalidToken');
}
