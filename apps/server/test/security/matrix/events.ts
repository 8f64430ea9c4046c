import { all, type MatrixRow } from './roles.js';

/**
 * The live-event stream (issue 10 §4; docs/events.md): open to everyone (anonymous viewers get the public events
 * only); the runner reads it with `injectStream` (it never ends). A resume id and an unreadable one open it too.
 */
export const eventsRows: MatrixRow[] = [
  { method: 'GET', route: '/api/events', stream: true, request: () => ({}), expect: all(200) },
  {
    method: 'GET',
    route: '/api/events',
    what: 'resuming',
    stream: true,
    request: () => ({ headers: { 'last-event-id': '1' } }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/events',
    what: 'unreadable Last-Event-ID',
    stream: true,
    request: () => ({ headers: { 'last-event-id': '\u00ff-not-an-id' } }),
    expect: all(200),
  },
];
