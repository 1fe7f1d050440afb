import { describe, expect, it } from 'vitest';
import { parseFrame, SseParser } from './sse-parser';

const all = (parser: SseParser, chunks: string[]) => chunks.flatMap((chunk) => parser.push(chunk));

describe('SseParser', () => {
  it('parses the server frames: retry, comments, id and data', () => {
    const parser = new SseParser();
    const messages = all(parser, [
      'retry: 1000\n: stream open\n\n',
      'id: 1\ndata: {"type":"execution_started","execution_id":"e1"}\n\n',
      ': heartbeat\n\n',
      'id: 2\ndata: {"type":"node_start","node_id":"n1"}\n\n',
    ]);
    expect(messages).toEqual([
      { id: '1', event: 'message', data: '{"type":"execution_started","execution_id":"e1"}' },
      { id: '2', event: 'message', data: '{"type":"node_start","node_id":"n1"}' },
    ]);
    expect(parser.lastEventId).toBe('2');
  });

  it('handles chunks split anywhere, CRLF split across chunks and multi-line data', () => {
    const text = 'id: 7\r\nevent: update\r\ndata: line one\r\ndata: line two\r\n\r\ndata: {"type":"x"}\n\n';
    for (let size = 1; size <= text.length; size++) {
      const parser = new SseParser();
      const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
        text.slice(i * size, (i + 1) * size),
      );
      expect(all(parser, chunks)).toEqual([
        { id: '7', event: 'update', data: 'line one\nline two' },
        { id: '7', event: 'message', data: '{"type":"x"}' },
      ]);
    }
  });

  it('accepts bare CR line endings, fields without a space and drops an unterminated event', () => {
    const parser = new SseParser();
    expect(parser.push('data:a\rdata:b\r\r')).toEqual([{ event: 'message', data: 'a\nb' }]);
    expect(parser.push('data: partial')).toEqual([]);
    expect(parser.end()).toEqual([]);
  });

  it('ignores events without data and unknown fields', () => {
    const parser = new SseParser();
    expect(parser.push('event: ping\n\nfoo: bar\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });
});

describe('parseFrame', () => {
  it('reads JSON objects with a type and refuses anything else', () => {
    expect(parseFrame({ event: 'message', data: '{"type":"node_complete","status":"success"}' })).toEqual({
      type: 'node_complete',
      status: 'success',
    });
    expect(parseFrame({ event: 'message', data: 'not json' })).toBeNull();
    expect(parseFrame({ event: 'message', data: '[1,2]' })).toBeNull();
    expect(parseFrame({ event: 'message', data: '{"no":"type"}' })).toBeNull();
  });
});
