import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { AppContext } from '../../context.js';
import { shareOf } from '../../server-processes.js';

/**
 * Per-address request limits read from System Config (switch section; issue 22 item 4, docs/security.md). An
 * address inside one of the trusted CIDR ranges (a contest hall or school lab behind one NAT) gets the trusted
 * limits; any other address the ordinary ones. CIDR parsing and matching is ipaddr.js's; IPv4-mapped IPv6
 * addresses (`::ffff:10.0.0.1`) count as their IPv4 address.
 */
export type LimitKind = 'login' | 'account' | 'mail';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

let parsedFor: readonly string[] | null = null;
let parsed: Range[] = [];

/** The parsed ranges of `list` (cached for the last list seen; entries that do not parse are skipped). */
function ranges(list: readonly string[]): Range[] {
  if (parsedFor !== list) {
    parsed = list.flatMap((r) => {
      try {
        return [ipaddr.parseCIDR(r.trim())];
      } catch {
        return [];
      }
    });
    parsedFor = list;
  }
  return parsed;
}

/** Takes CIDR strings; returns the index of the first one that is not a valid CIDR range, or -1. */
export function firstBadRange(list: readonly string[]): number {
  return list.findIndex((r) => !ipaddr.isValidCIDR(r.trim()));
}

/** True when address `ip` (as Fastify's req.ip) lies in one of the CIDR ranges `list`. */
export function inRanges(ip: string, list: readonly string[]): boolean {
  if (list.length === 0 || !ipaddr.isValid(ip)) return false;
  const addr = ipaddr.process(ip);
  return ranges(list).some(([net, bits]) => addr.kind() === net.kind() && addr.match(net, bits));
}

/** Takes the app context, a client address and a kind; returns that address's limit of that kind, per minute. */
export async function addressLimit(ctx: AppContext, ip: string, kind: LimitKind): Promise<number> {
  const s = await ctx.config.get('switch');
  const trusted = inRanges(ip, s.trustedRanges);
  if (kind === 'login') return trusted ? s.trustedLoginLimitPerMinute : s.loginLimitPerMinute;
  if (kind === 'account') return trusted ? s.trustedAccountLimitPerMinute : s.accountLimitPerMinute;
  return trusted ? s.trustedMailLimitPerMinute : s.mailLimitPerMinute;
}

/**
 * A `@fastify/rate-limit` route config of `kind`: one-minute window, the request address's configured limit; each
 * server process counts in its own memory, so each allows its share (server-processes.ts `shareOf`).
 */
export const limitOf = (kind: LimitKind) => ({
  max: async (req: FastifyRequest) =>
    shareOf(await addressLimit(req.server.ctx, req.ip, kind), req.server.ctx.serverProcesses),
  timeWindow: 60_000,
});
