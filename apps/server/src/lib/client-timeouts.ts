import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Slow-client protection that times the client, not the server (issue 22 item 6 and the false 408s of the contest
 * start, docs/figures.md "Contest-day burst").
 *
 * Node's HTTP server cuts a request whose headers (headersTimeout) or body (requestTimeout) have not arrived in time,
 * answering 408. Its check is a timer; timers run at the start of an event-loop turn, before the turn reads the
 * sockets. When the loop was busy for longer than the timeout (an overloaded contest start: a turn serving
 * thousands of requests on a starved core), a client whose whole request had been waiting in the kernel's buffer
 * since it connected was cut with 408 before the server ever read it: the client was fast, the server was slow.
 *
 * This replaces Node's check by the same check (the same connection list, timeouts and 408 through the server's
 * `clientError` handlers) run after the turn's poll phase (`setImmediate` from the timer): by then every byte that
 * was waiting has been read and parsed, so only a request whose own bytes are still missing is cut. Nothing changes
 * while the loop keeps up (the check runs the same turn, microseconds later).
 *
 * Call once, before `listen` (the check is installed when the server starts listening). Relies on Node's internal
 * connection list (`http.server.connections`, Node 18.0+); when it is absent Node's own check is left as it is
 * (`onKept` is called then).
 */
export function timeOnlyClientBytes(server: Server, onKept: () => void = () => {}): void {
  const symbol = (name: string) => Object.getOwnPropertySymbols(server).find((s) => s.description === name);
  server.once('listening', () => {
    // Node's own listener (set up in the constructor, so it ran first) made the list and the interval.
    const kConnections = symbol('http.server.connections');
    const kInterval = symbol('http.server.connectionsCheckingInterval');
    type Connections = { expired(headersMs: number, requestMs: number): { socket?: unknown }[] };
    const connections = kConnections && (server as unknown as Record<symbol, Connections>)[kConnections];
    const nodeTimer = kInterval && (server as unknown as Record<symbol, NodeJS.Timeout>)[kInterval];
    if (!kInterval || !connections || typeof connections.expired !== 'function' || !nodeTimer) {
      onKept();
      return;
    }
    clearInterval(nodeTimer);
    const check = () => {
      if (server.headersTimeout === 0 && server.requestTimeout === 0) return;
      for (const { socket } of connections.expired(server.headersTimeout, server.requestTimeout)) {
        if (!socket) continue;
        // As Node's onRequestTimeout: the server's clientError handler (Fastify's answers 408) or 408 and close.
        const err = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
        const s = socket as Socket;
        if (!server.emit('clientError', err, s)) {
          if (s.writable) s.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
          s.destroy(err);
        }
      }
    };
    const every = (server as unknown as { connectionsCheckingInterval?: number }).connectionsCheckingInterval;
    const timer = setInterval(() => setImmediate(check), every || 30_000).unref();
    // Node's close() clears the interval under its symbol: ours takes its place.
    (server as unknown as Record<symbol, NodeJS.Timeout>)[kInterval] = timer;
  });
}
