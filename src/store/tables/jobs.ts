/** Claims of scheduled jobs: a (job, period) row exists once, so a daily job runs once across workers. */
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    /** The period the run covers, e.g. the local date for a daily job. */
    period: text('period').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);
