import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { ContestType, Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestClarifications } from '../../src/db/schema/index.js';
import { feedTimings, hubStats, pokeFeeds } from '../../src/modules/clics/clics.hub.js';
import { feedLimits } from '../../src/modules/clics/clics.stream.js';
import { publishContestAnnouncement } from '../../src/modules/events/publish.js';
import { makeUser } from '../account/fixtures.js';
import { addProblems, makeContest } from '../contest/board-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { basic } from './clics-fixtures.js';

// Streams that cost nothing while idle (issue 22 item 6; docs/clics.md "Event feed"): the CLICS event-feed streams
// are fed by one shared poller per contest (idle streams make no queries of their own), capped per address with the
// contest's admins never refused, and a request whose body trickles in is cut after the request timeout while the
// long-lived streams (responses) stay open.

let t: TestApp;
let port = 0;
let cid = 0;
const saved = { timings: { ...feedTimings }, limits: { ...feedLimits } };
/** The request timeout of this app (ms): short, so the trickle test is fast. */
const REQUEST_TIMEOUT_MS = 1000;

beforeAll(async () => {
  t = await createTestApp({
    OJ_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    OJ_HEADERS_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  });
  const cre = await makeUser(t.ctx, { username: 'cre_streams', role: Role.ADMIN });
  ({ cid } = await makeContest(t.ctx, {
    creatorUid: cre,
    startAgoMin: 10,
    endInMin: 120,
    openRank: true,
    type: ContestType.ACM,
  }));
  await addProblems(t.ctx, cid, ['A']);
  Object.assign(feedTimings, { pollMs: 50, keepAliveMs: 60_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  Object.assign(feedTimings, saved.timings);
  Object.assign(feedLimits, saved.limits);
  await t?.close();
});

interface Feed {
  status: number;
  text: () => string;
  close: () => void;
}

/** Opens the contest's event feed from `localAddress` (a loopback address) on a socket of its own. */
function openFeed(opts: { localAddress?: string; auth?: string } = {}): Promise<Feed> {
  return new Promise((resolve, reject) => {
    let text = '';
    const req = http.get(
      {
        port,
        host: '127.0.0.1',
        localAddress: opts.localAddress ?? '127.0.0.1',
        agent: false,
        path: `/api/clics/contests/${cid}/event-feed`,
        headers: opts.auth ? { authorization: opts.auth } : {},
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('error', () => undefined);
        const feed = { status: res.statusCode ?? 0, text: () => text, close: () => req.destroy() };
        if (res.statusCode !== 200) return resolve(feed);
        // Open once the feed so far came in (its first line).
        const ready = () => (text.includes('\n') ? resolve(feed) : res.once('data', ready));
        ready();
      },
    );
    req.on('error', reject);
  });
}

async function waitFor(ok: () => boolean, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('CLICS event-feed streams', () => {
  it('answers 429 beyond the per-address cap while another address and a contest admin still get a stream', async () => {
    Object.assign(feedLimits, { perAddress: 3, perUser: 3, total: 1000 });
    const mine = await Promise.all([openFeed(), openFeed(), openFeed()]);
    try {
      expect(mine.map((f) => f.status)).toEqual([200, 200, 200]);
      const refused = await openFeed();
      expect(refused.status).toBe(429);
      const other = await openFeed({ localAddress: '127.0.0.2' });
      expect(other.status).toBe(200);
      other.close();
      const admins = await Promise.all(
        Array.from({ length: 4 }, () => openFeed({ auth: basic('cre_streams') })),
      );
      expect(admins.map((f) => f.status)).toEqual([200, 200, 200, 200]);
      for (const f of admins) f.close();
    } finally {
      for (const f of mine) f.close();
      Object.assign(feedLimits, saved.limits);
    }
  });

  it('300 idle streams cost one shared query per tick, and a change still reaches every one', async () => {
    Object.assign(feedLimits, { perAddress: 1000, total: 1000 });
    const client = (t.ctx.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const query = client.query;
    let statements = 0;
    client.query = function (this: unknown, ...a: unknown[]) {
      statements++;
      return query.apply(this, a);
    };
    const feeds: Feed[] = [];
    try {
      for (let i = 0; i < 300; i += 50)
        feeds.push(...(await Promise.all(Array.from({ length: 50 }, () => openFeed()))));
      expect(feeds.every((f) => f.status === 200)).toBe(true);
      // Let the first tick (a fresh read for the streams that just opened) pass, then count 20 idle ticks.
      const settle = hubStats.signatureQueries + 3;
      await waitFor(() => hubStats.signatureQueries >= settle);
      const ticks0 = hubStats.signatureQueries;
      const reads0 = hubStats.feedReads;
      const statements0 = statements;
      await waitFor(() => hubStats.signatureQueries >= ticks0 + 20);
      const ticks = hubStats.signatureQueries - ticks0;
      // The shared poller's statements, and a little slack for the rest of the server (notify hub, pruning).
      expect(statements - statements0).toBeLessThanOrEqual(ticks + 5);
      expect(hubStats.feedReads - reads0).toBe(0);

      // A public answer goes out: one read for all 300 (one kind of view), every stream gets it.
      const [post] = await t.ctx.db
        .insert(contestClarifications)
        .values({ cid, answer: 'Mind the limits.', public: true })
        .returning({ id: contestClarifications.id });
      await waitFor(() => feeds.every((f) => f.text().includes(`"id":"a${post.id}","data":{`)));
      expect(hubStats.feedReads - reads0).toBeLessThanOrEqual(2);
    } finally {
      client.query = query;
      for (const f of feeds) f.close();
      Object.assign(feedLimits, saved.limits);
    }
  }, 60_000);

  it('checks at once when a change notification is heard, not at the next tick', async () => {
    // Ticks are rare from the stream's opening on: only the notification can bring the change in time.
    Object.assign(feedTimings, { pollMs: 120_000 });
    const stream = await openFeed();
    try {
      await t.ctx.db.transaction(async (tx) => {
        const [post] = await tx
          .insert(contestClarifications)
          .values({ cid, answer: 'Heard at once.', public: true })
          .returning({ id: contestClarifications.id });
        await publishContestAnnouncement(tx, cid, post.id);
      });
      await waitFor(() => stream.text().includes('Heard at once.'), 10_000);
    } finally {
      Object.assign(feedTimings, { pollMs: 50 });
      stream.close();
      pokeFeeds(t.ctx); // a channel still open ticks at the short interval again
    }
  }, 30_000);

  it('cuts a request whose body trickles in after the request timeout; an open stream outlives it', async () => {
    const stream = await openFeed();
    const sock = net.connect({ port, host: '127.0.0.1' });
    await new Promise<void>((r) => sock.once('connect', () => r()));
    const opened = Date.now();
    let answer = '';
    sock.setEncoding('utf8');
    sock.on('data', (c: string) => {
      answer += c;
    });
    const closed = new Promise<number>((r) => sock.once('close', () => r(Date.now() - opened)));
    sock.write(
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
    );
    const drip = setInterval(() => sock.writable && sock.write(' '), 100);
    try {
      const after = await closed;
      expect(after).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      expect(after).toBeLessThan(REQUEST_TIMEOUT_MS * 6);
      expect(answer).toMatch(/^HTTP\/1\.1 408|^$/);
      // The stream, open longer than the request timeout by now, still gets changes.
      const [post] = await t.ctx.db
        .insert(contestClarifications)
        .values({ cid, answer: 'Still here.', public: true })
        .returning({ id: contestClarifications.id });
      await waitFor(() => stream.text().includes(`"id":"a${post.id}","data":{`));
    } finally {
      clearInterval(drip);
      sock.destroy();
      stream.close();
    }
  }, 30_000);
});
