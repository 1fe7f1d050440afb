import { afterEach, describe, expect, it, vi } from 'vitest';
import { DailyJob, type JobClaims } from './daily-job.js';

/** In-memory claims shared by the instances given them: the first claim of a period wins. */
function memoryClaims(): JobClaims & { claimed: Set<string> } {
  const claimed = new Set<string>();
  return {
    claimed,
    claim: async (job, period) => {
      const key = `${job}/${period}`;
      if (claimed.has(key)) return false;
      claimed.add(key);
      return true;
    },
    finish: async () => undefined,
  };
}

function job(timeZone: string, claims = memoryClaims(), at = { hour: 23, minute: 59 }) {
  const runs: string[] = [];
  const daily = new DailyJob({
    name: 'test-job',
    timeZone,
    ...at,
    claims,
    run: async (period) => {
      runs.push(period);
      return period;
    },
  });
  return { daily, runs, claims };
}

const t = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('DailyJob', () => {
  afterEach(() => vi.useRealTimers());

  it('does not run before 23:59 local, runs at 23:59 once, and not again that day', async () => {
    const { daily, runs } = job('Europe/Berlin');
    expect(await daily.runDue(t('2026-06-10T21:58:59.999Z'))).toEqual({ status: 'not_due' });
    expect(await daily.runDue(t('2026-06-10T10:00:00Z'))).toEqual({ status: 'not_due' });
    expect(await daily.runDue(t('2026-06-10T21:59:00Z'))).toMatchObject({
      status: 'ran',
      period: '2026-06-10',
    });
    expect(await daily.runDue(t('2026-06-10T21:59:30Z'))).toMatchObject({ status: 'claimed_elsewhere' });
    expect(runs).toEqual(['2026-06-10']);
  });

  it.each([
    // zone, an instant on the day before, the DST day and its run, hours between the two runs
    ['Europe/Berlin', '2026-03-28T12:00:00Z', '2026-03-29', '2026-03-29T21:59:00.000Z', 23],
    ['Europe/Berlin', '2026-10-24T12:00:00Z', '2026-10-25', '2026-10-25T22:59:00.000Z', 25],
    ['America/New_York', '2026-03-07T12:00:00Z', '2026-03-08', '2026-03-09T03:59:00.000Z', 23],
    ['America/New_York', '2026-10-31T12:00:00Z', '2026-11-01', '2026-11-02T04:59:00.000Z', 25],
  ])(
    'in %s runs at 23:59 local on both sides of the DST switch on %s',
    async (zone, before, day, dstRun, hours) => {
      const { daily, runs } = job(zone);
      const first = daily.nextRunAt(t(before));
      const second = daily.nextRunAt(first);
      expect(second.toISOString()).toBe(dstRun);
      expect(second.getTime() - first.getTime()).toBe(hours * HOUR);
      // A minute early nothing runs; at the minute it does, for that local date.
      expect(await daily.runDue(new Date(second.getTime() - 60_000))).toEqual({ status: 'not_due' });
      const outcome = await daily.runDue(second);
      expect(outcome).toMatchObject({ status: 'ran' });
      expect(runs).toEqual([day]);
    },
  );

  it('runs once per day across two instances sharing the claims', async () => {
    const claims = memoryClaims();
    const a = job('America/New_York', claims);
    const b = job('America/New_York', claims);
    const slot = t('2026-11-02T04:59:00Z');
    const outcomes = await Promise.all([a.daily.runDue(slot), b.daily.runDue(slot)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['claimed_elsewhere', 'ran']);
    expect([...a.runs, ...b.runs]).toEqual(['2026-11-01']);
    // The next day one of them runs again.
    const next = a.daily.nextRunAt(slot);
    expect(next.toISOString()).toBe('2026-11-03T04:59:00.000Z');
    await Promise.all([b.daily.runDue(next), a.daily.runDue(next)]);
    expect([...a.runs, ...b.runs].sort()).toEqual(['2026-11-01', '2026-11-02']);
  });

  it('still runs a slot missed by less than the grace period, not an older one', async () => {
    const { daily, runs } = job('UTC');
    expect(await daily.runDue(t('2026-06-11T00:30:00Z'))).toMatchObject({
      status: 'ran',
      period: '2026-06-10',
    });
    const late = job('UTC');
    expect(await late.daily.runDue(t('2026-06-11T01:00:00.001Z'))).toEqual({ status: 'not_due' });
    expect(runs).toEqual(['2026-06-10']);
  });

  it('runs a job whose local time does not exist that day at the end of the gap', async () => {
    const { daily, runs } = job('America/New_York', memoryClaims(), { hour: 2, minute: 30 });
    expect(daily.nextRunAt(t('2026-03-08T00:00:00Z')).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(await daily.runDue(t('2026-03-08T06:59:59Z'))).toEqual({ status: 'not_due' });
    expect(await daily.runDue(t('2026-03-08T07:00:00Z'))).toMatchObject({
      status: 'ran',
      period: '2026-03-08',
    });
    expect(runs).toEqual(['2026-03-08']);
  });

  it('keeps the claim of a failed run and reports the failure', async () => {
    const claims = memoryClaims();
    const daily = new DailyJob({
      name: 'failing',
      timeZone: 'UTC',
      hour: 23,
      minute: 59,
      claims,
      run: async () => {
        throw new Error('boom');
      },
    });
    expect(await daily.runDue(t('2026-06-10T23:59:00Z'))).toMatchObject({
      status: 'failed',
      period: '2026-06-10',
    });
    expect(claims.claimed.has('failing/2026-06-10')).toBe(true);
  });

  it('arms a timer for the next run and re-arms after each run', async () => {
    vi.useFakeTimers({ now: t('2026-03-28T12:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const claims = memoryClaims();
    const runs: string[] = [];
    const daily = new DailyJob({
      name: 'timed',
      timeZone: 'Europe/Berlin',
      hour: 23,
      minute: 59,
      claims,
      run: async (period) => void runs.push(period),
    });
    daily.start();
    await vi.advanceTimersByTimeAsync(10 * HOUR + 58 * 60_000); // 22:58Z = 23:58 CET
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000); // 22:59Z = 23:59 CET
    expect(runs).toEqual(['2026-03-28']);
    await vi.advanceTimersByTimeAsync(23 * HOUR); // the 23-hour day: 21:59Z = 23:59 CEST
    expect(runs).toEqual(['2026-03-28', '2026-03-29']);
    await daily.stop();
    await vi.advanceTimersByTimeAsync(48 * HOUR);
    expect(runs).toEqual(['2026-03-28', '2026-03-29']);
  });

  it('catches up on start when the run time passed moments ago', async () => {
    vi.useFakeTimers({ now: t('2026-06-10T23:59:30Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { daily, runs } = job('UTC');
    daily.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual(['2026-06-10']);
    await daily.stop();
  });
});
