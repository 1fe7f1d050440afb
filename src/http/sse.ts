/**
 * Server-sent events over a hijacked reply: `id:` on every frame, comment heartbeats while idle,
 * and the stream ends when the run completes or the client goes away.
 */
import type { FastifyReply } from 'fastify';
import type { Frame } from '../services/executions/run-channel.js';

export const HEARTBEAT_MS = 15_000;

export interface SseStream {
  send(frame: Frame): void;
  end(): void;
  /** Resolves when the client disconnects or the stream ends. */
  closed: Promise<void>;
  isOpen(): boolean;
}

export function openSse(reply: FastifyReply, headers: Record<string, string> = {}): SseStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...headers,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    'X-Request-Id': String(reply.request.id),
  });
  raw.write('retry: 1000\n: stream open\n\n');
  let open = true;
  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const shut = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    resolveClosed();
  };
  raw.on('close', shut);
  return {
    send(frame) {
      if (!open) return;
      let data: string;
      try {
        data = JSON.stringify(frame.data);
      } catch {
        data = JSON.stringify({ type: frame.data.type, error: 'frame could not be serialised' });
      }
      raw.write(`id: ${frame.id}\ndata: ${data}\n\n`);
    },
    end() {
      if (!open) return;
      shut();
      raw.end();
    },
    closed,
    isOpen: () => open,
  };
}
