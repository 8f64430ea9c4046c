/**
 * A server-sent events parser (the WHATWG "event stream interpretation") for text arriving in chunks, used by the
 * browser's stream reader (fetch-based, so that the token goes in the Authorization header), the tests and the
 * benchmark. Lines end in LF, CRLF or CR; `:` lines are comments; an `id:` line alone moves the last event id
 * without dispatching an event (the keep-alives carry ids so).
 */
export interface SseEvent {
  /** The `event:` name ("message" when none). */
  type: string;
  data: string;
  /** The last event id after this event (undefined: none seen yet). */
  lastEventId: string | undefined;
}

export interface SseParser {
  /** Feeds decoded text; complete events are passed to `onEvent` in order. */
  push(text: string): void;
  /** The last event id seen (set by `id:` lines, dispatched or not). */
  readonly lastEventId: string | undefined;
}

/** A parser calling `onEvent` for every complete event, and `onId` whenever the last event id changes. */
export function createSseParser(onEvent: (e: SseEvent) => void, onId?: (id: string) => void): SseParser {
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let hasData = false;
  let lastEventId: string | undefined;
  let pendingId: string | undefined;

  const dispatch = () => {
    if (pendingId !== undefined && pendingId !== lastEventId) {
      lastEventId = pendingId;
      onId?.(pendingId);
    }
    pendingId = undefined;
    if (hasData) onEvent({ type: type || 'message', data: data.join('\n'), lastEventId });
    type = '';
    data = [];
    hasData = false;
  };

  const line = (l: string) => {
    if (l === '') return dispatch();
    if (l.startsWith(':')) return;
    const colon = l.indexOf(':');
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? '' : l.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    } else if (field === 'id' && !value.includes('\0')) pendingId = value;
  };

  return {
    push(text: string) {
      buffer += text;
      for (;;) {
        const m = /\r\n|\r|\n/.exec(buffer);
        // A CR at the very end may be the first half of CRLF: wait for the next chunk.
        if (!m || (m[0] === '\r' && m.index === buffer.length - 1)) break;
        line(buffer.slice(0, m.index));
        buffer = buffer.slice(m.index + m[0].length);
      }
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
