import { NonRetriableError } from '../../core/engine/index.js';

/** Reads a response body, refusing (and aborting the transfer) once it passes `maxBytes`. */
export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () => new NonRetriableError(`Response body exceeds the limit of ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export function isJsonContentType(contentType: string | null): boolean {
  if (!contentType) return false;
  const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return mime === 'application/json' || mime === 'text/json' || mime.endsWith('+json');
}
