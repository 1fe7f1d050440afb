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

/** The digits of text[start, end) as a number, NaN if any is not a digit. */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The instant an isoTime text names (`YYYY-MM-DDTHH:MM:SS.sssZ`), read off its digits: the same as
 * Date.parse for every text isoTime writes, without the general parser. Other texts go to Date.parse.
 */
export function isoTimeMs(text: string): number {
  // A stamp of the second isoTime last wrote, the usual case, needs only its milliseconds read.
  if (text.length === 24 && text[23] === 'Z' && cachedPrefix.length === 20 && text.startsWith(cachedPrefix)) {
    const milli = digits(text, 20, 23);
    if (!Number.isNaN(milli)) return cachedSecond * 1000 + milli;
  }
  if (text.length !== 24 || text[10] !== 'T' || text[19] !== '.' || text[23] !== 'Z') return Date.parse(text);
  const year = digits(text, 0, 4);
  // Date.UTC reads years 0 to 99 as 1900 to 1999.
  if (!(year >= 100)) return Date.parse(text);
  const ms = Date.UTC(
    year,
    digits(text, 5, 7) - 1,
    digits(text, 8, 10),
    digits(text, 11, 13),
    digits(text, 14, 16),
    digits(text, 17, 19),
    digits(text, 20, 23),
  );
  return Number.isNaN(ms) ? Date.parse(text) : ms;
}
