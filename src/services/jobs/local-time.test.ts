import { describe, expect, it } from 'vitest';
import { addDays, instantOfLocal, localDateOf } from './local-time.js';

const at = (iso: string) => new Date(iso);

describe('local time in a zone', () => {
  it('reads the local date across midnight and DST', () => {
    expect(localDateOf(at('2026-03-29T21:59:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(localDateOf(at('2026-03-29T22:00:00Z'), 'Europe/Berlin')).toBe('2026-03-30');
    expect(localDateOf(at('2026-11-02T04:59:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(localDateOf(at('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02');
    expect(localDateOf(at('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01');
  });

  it('adds calendar days across months, years and leap days', () => {
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it.each([
    // zone, local date, expected UTC instant of 23:59 local
    ['Europe/Berlin', '2026-03-28', '2026-03-28T22:59:00.000Z'],
    ['Europe/Berlin', '2026-03-29', '2026-03-29T21:59:00.000Z'], // spring forward day (23 h)
    ['Europe/Berlin', '2026-10-25', '2026-10-25T22:59:00.000Z'], // fall back day (25 h)
    ['America/New_York', '2026-03-08', '2026-03-09T03:59:00.000Z'], // spring forward day
    ['America/New_York', '2026-11-01', '2026-11-02T04:59:00.000Z'], // fall back day
    ['Asia/Kolkata', '2026-06-01', '2026-06-01T18:29:00.000Z'], // half-hour offset
    ['Pacific/Chatham', '2026-06-01', '2026-06-01T11:14:00.000Z'], // +12:45
    ['UTC', '2026-06-01', '2026-06-01T23:59:00.000Z'],
  ])('23:59 in %s on %s is %s', (zone, date, expected) => {
    expect(instantOfLocal(date, 23, 59, zone).toISOString()).toBe(expected);
  });

  it('resolves a local time skipped by spring forward to the end of the gap', () => {
    expect(instantOfLocal('2026-03-08', 2, 30, 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:00:00.000Z',
    );
    expect(instantOfLocal('2026-03-29', 2, 30, 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });

  it('resolves a local time that happens twice to the earlier instant', () => {
    expect(instantOfLocal('2026-11-01', 1, 30, 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(instantOfLocal('2026-10-25', 2, 30, 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('resolves a whole skipped day (Samoa, 2011-12-30) to the first instant after it', () => {
    expect(instantOfLocal('2011-12-30', 23, 59, 'Pacific/Apia').toISOString()).toBe(
      '2011-12-30T10:00:00.000Z',
    );
  });
});
