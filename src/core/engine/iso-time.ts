/**
 * `new Date(ms).toISOString()`, reusing the text of the current second: a run stamps every node
 * twice, and formatting a date costs more than the rest of a simple node's bookkeeping.
 */
let cachedSecond = Number.NaN;
let cachedPrefix = '';

export function isoTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== cachedSecond) {
    const text = new Date(second * 1000).toISOString();
    cachedPrefix = text.slice(0, -4); // drop "000Z"
    cachedSecond = second;
  }
  const milli = ms - second * 1000;
  return `${cachedPrefix}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}
