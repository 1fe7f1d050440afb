/** Reading SSE frames from a fetch response body (for POST streams, which EventSource cannot open). */
export interface SseFrame {
  id: number | null;
  data: Record<string, any>;
}

export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      let id: number | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) id = Number(line.slice(4));
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) yield { id, data: JSON.parse(data.join('\n')) };
    }
  }
}

/** Parses a whole SSE body (from app.inject) into frames. */
export function parseSseBody(body: string): SseFrame[] {
  return body
    .split('\n\n')
    .map((block) => {
      const lines = block.split('\n');
      const id = lines.find((line) => line.startsWith('id: '));
      const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
      return data.length ? { id: id ? Number(id.slice(4)) : null, data: JSON.parse(data.join('\n')) } : null;
    })
    .filter((frame): frame is SseFrame => frame !== null);
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  everyMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
