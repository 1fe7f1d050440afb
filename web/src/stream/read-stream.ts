/** Reads an SSE response body (fetch + ReadableStream) and hands each run frame to `onFrame`. */
import { parseFrame, SseParser, type RunFrame } from './sse-parser';

export async function readFrames(
  body: ReadableStream<Uint8Array>,
  onFrame: (frame: RunFrame, id: string | undefined) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const message of parser.push(decoder.decode(value, { stream: true }))) {
        const frame = parseFrame(message);
        if (frame) onFrame(frame, message.id);
      }
    }
    for (const message of parser.push(decoder.decode())) {
      const frame = parseFrame(message);
      if (frame) onFrame(frame, message.id);
    }
  } finally {
    reader.releaseLock();
  }
}
