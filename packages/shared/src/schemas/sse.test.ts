import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse.js';

function parse(chunks: string[]) {
  const events: SseEvent[] = [];
  const ids: string[] = [];
  const p = createSseParser(
    (e) => events.push(e),
    (id) => ids.push(id),
  );
  for (const c of chunks) p.push(c);
  return { events, ids, last: p.lastEventId };
}

describe('server-sent events parser', () => {
  it('reads named events with ids, across chunk boundaries and line endings', () => {
    const { events, ids } = parse([
      'id: 4\nevent: verdict\nda',
      'ta: {"a":1}\r',
      '\n\r\nevent: board\r',
      'data: x\n\n',
    ]);
    expect(events).toEqual([
      { type: 'verdict', data: '{"a":1}', lastEventId: '4' },
      { type: 'board', data: 'x', lastEventId: '4' },
    ]);
    expect(ids).toEqual(['4']);
  });

  it('joins data lines, skips comments, and names an unnamed event "message"', () => {
    const { events } = parse([': keep-alive\n\ndata: a\ndata: b\n\n']);
    expect(events).toEqual([{ type: 'message', data: 'a\nb', lastEventId: undefined }]);
  });

  it('moves the last id on an id-only block without dispatching an event', () => {
    const { events, ids, last } = parse(['id: 7\n\n', 'retry: 1000\n\n']);
    expect(events).toEqual([]);
    expect(ids).toEqual(['7']);
    expect(last).toBe('7');
  });

  it('keeps an incomplete event until its blank line arrives', () => {
    const { events } = parse(['event: ready\ndata: {}\n']);
    expect(events).toEqual([]);
  });
});
