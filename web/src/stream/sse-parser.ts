/**
 * An incremental parser for text/event-stream (the WHATWG rules that matter here): lines end in
 * \n, \r\n or \r; `data:` lines join with \n; `id:` and `event:` apply to the event; comments and
 * `retry:` are skipped; a blank line dispatches. Chunks may split anywhere, even inside a CRLF.
 */
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  private lastId: string | undefined;
  private pendingCr = false;

  /** The id of the last dispatched event (for Last-Event-ID on reconnect). */
  get lastEventId(): string | undefined {
    return this.lastId;
  }

  push(chunk: string): SseMessage[] {
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const out: SseMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A trailing \r might be the first half of \r\n: wait for the next chunk to decide.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) {
        this.pendingCr = true;
        const line = this.buffer.slice(0, match.index);
        this.buffer = '';
        this.line(line, out);
        break;
      }
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line, out);
    }
    return out;
  }

  /** At end of stream: an unterminated event is dropped, as the standard says. */
  end(): SseMessage[] {
    this.buffer = '';
    this.data = [];
    this.event = '';
    return [];
  }

  private line(line: string, out: SseMessage[]): void {
    if (line === '') {
      if (this.data.length > 0) {
        out.push({
          ...(this.id !== undefined ? { id: this.id } : {}),
          event: this.event || 'message',
          data: this.data.join('\n'),
        });
      }
      if (this.id !== undefined) this.lastId = this.id;
      this.data = [];
      this.event = '';
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
  }
}

/** The run frames of spec 6.1: every `data:` payload is one JSON object with a `type`. */
export interface RunFrame {
  type: string;
  [key: string]: unknown;
}

export function parseFrame(message: SseMessage): RunFrame | null {
  try {
    const value = JSON.parse(message.data) as unknown;
    if (value && typeof value === 'object' && typeof (value as RunFrame).type === 'string')
      return value as RunFrame;
  } catch {
    // not a frame
  }
  return null;
}
