/**
 * Wall-clock time in an IANA time zone with nothing but Intl. Local dates are `YYYY-MM-DD`
 * strings. A local time that does not exist (skipped by a DST change or a zone's date-line jump)
 * resolves to the first instant after the gap; a local time that exists twice (the repeated hour of
 * a fall-back) resolves to the earlier instant.
 */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock reading of `instantMs` in the zone, expressed as if it were UTC milliseconds. */
export function wallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall + (((instantMs % 1000) + 1000) % 1000);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function dateOfWallMs(wallMs: number): string {
  const date = new Date(wallMs);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function wallMsOfDate(localDate: string, hour = 0, minute = 0): number {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day, hour, minute);
}

/** The local date (`YYYY-MM-DD`) at `instant` in the zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  return dateOfWallMs(wallClockMs(instant.getTime(), timeZone));
}

/** `localDate` moved by `days` calendar days. */
export function addDays(localDate: string, days: number): string {
  return dateOfWallMs(wallMsOfDate(localDate) + days * DAY_MS);
}

/**
 * The instant at which the zone's clocks read `hour:minute` on `localDate`: the earlier one when
 * that reading happens twice, the end of the gap when it never happens.
 */
export function instantOfLocal(localDate: string, hour: number, minute: number, timeZone: string): Date {
  const wall = wallMsOfDate(localDate, hour, minute);
  const offsetAt = (instantMs: number) => wallClockMs(instantMs, timeZone) - instantMs;
  // The offsets in force around that wall time; transitions are far more than two days apart.
  const candidates = [...new Set([offsetAt(wall - DAY_MS), offsetAt(wall), offsetAt(wall + DAY_MS)])]
    .map((offset) => wall - offset)
    .sort((a, b) => a - b);
  const exact = candidates.find((instantMs) => wallClockMs(instantMs, timeZone) === wall);
  if (exact !== undefined) return new Date(exact);
  // A gap: find the first instant whose wall clock reads `wall` or later (the transition).
  let low = candidates[0]!;
  let high = candidates[candidates.length - 1]!;
  if (wallClockMs(high, timeZone) < wall) high += DAY_MS;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (wallClockMs(middle, timeZone) >= wall) high = middle;
    else low = middle;
  }
  return new Date(high);
}
