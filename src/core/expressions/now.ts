/**
 * `$now`: a small date helper. Used as a value (`$now`, `{{ $now }}`, `"at " + $now`) it is the ISO
 * 8601 string of the current time. Methods (all UTC): toISOString(), toString(), getTime() and
 * toMillis() (epoch ms), toSeconds() (whole epoch seconds), date() ("YYYY-MM-DD"), year(),
 * month() (1-12), day() (1-31), hour(), minute(), second(), weekday() (1 = Monday ... 7 = Sunday),
 * plus(amount, unit) and minus(amount, unit) with unit one of milliseconds, seconds, minutes, hours,
 * days, weeks (singular accepted), returning another helper.
 */
import { fail } from './errors.js';

export class NowValue {
  readonly ms: number;

  constructor(ms: number) {
    if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) fail('type', '$now is not a valid date');
    this.ms = ms;
  }

  toISOString(): string {
    return new Date(this.ms).toISOString();
  }
}

const UNIT_MS = new Map<string, number>([
  ['millisecond', 1],
  ['second', 1000],
  ['minute', 60_000],
  ['hour', 3_600_000],
  ['day', 86_400_000],
  ['week', 604_800_000],
]);

function shift(now: NowValue, args: unknown[], sign: 1 | -1, name: string): NowValue {
  const [amount, unit = 'milliseconds'] = args;
  if (typeof amount !== 'number' || !Number.isFinite(amount))
    fail('type', `${name}() expects a number amount`);
  const unitMs = typeof unit === 'string' ? UNIT_MS.get(unit.replace(/s$/, '')) : undefined;
  if (unitMs === undefined) fail('type', `${name}() unit must be one of ${[...UNIT_MS.keys()].join(', ')}`);
  return new NowValue(now.ms + sign * amount * unitMs);
}

type NowMethod = (now: NowValue, args: unknown[]) => unknown;
const utc = (now: NowValue): Date => new Date(now.ms);

export const NOW_METHODS = new Map<string, NowMethod>([
  ['toISOString', (now) => now.toISOString()],
  ['toString', (now) => now.toISOString()],
  ['getTime', (now) => now.ms],
  ['toMillis', (now) => now.ms],
  ['toSeconds', (now) => Math.floor(now.ms / 1000)],
  ['date', (now) => now.toISOString().slice(0, 10)],
  ['year', (now) => utc(now).getUTCFullYear()],
  ['month', (now) => utc(now).getUTCMonth() + 1],
  ['day', (now) => utc(now).getUTCDate()],
  ['hour', (now) => utc(now).getUTCHours()],
  ['minute', (now) => utc(now).getUTCMinutes()],
  ['second', (now) => utc(now).getUTCSeconds()],
  ['weekday', (now) => ((utc(now).getUTCDay() + 6) % 7) + 1],
  ['plus', (now, args) => shift(now, args, 1, 'plus')],
  ['minus', (now, args) => shift(now, args, -1, 'minus')],
]);
