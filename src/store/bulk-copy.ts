/**
 * Binary COPY into a table, in a transaction with the queries it depends on: the cheapest way to
 * write many rows (no statement to plan, no text to parse), which drizzle does not speak. On
 * PostgreSQL the bytes go as COPY FROM STDIN (pg-copy-streams); on PGlite as its `/dev/blob`.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export interface BulkTransaction {
  query<Row>(text: string, values: unknown[]): Promise<Row[]>;
  /** `target` is the table and its columns, `executions (id, ...)`; `data` the whole binary COPY stream. */
  copyBinary(target: string, data: Buffer): Promise<void>;
}

export interface BulkCopy {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: BulkTransaction) => Promise<T>): Promise<T>;
}

export function postgresBulkCopy(pool: pg.Pool): BulkCopy {
  return {
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          query: async (text, values) => (await client.query(text, values)).rows,
          copyBinary: (target, data) =>
            new Promise<void>((resolve, reject) => {
              const stream = client.query(copyFrom(`copy ${target} from stdin with (format binary)`));
              stream.on('finish', resolve);
              stream.on('error', reject);
              stream.end(data);
            }),
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

export function pgliteBulkCopy(client: PGlite): BulkCopy {
  const session = (tx: Transaction): BulkTransaction => ({
    query: async <Row>(text: string, values: unknown[]) => (await tx.query<Row>(text, values)).rows,
    copyBinary: async (target, data) => {
      await tx.query(`copy ${target} from '/dev/blob' with (format binary)`, [], { blob: new Blob([data]) });
    },
  });
  return { transaction: (work) => client.transaction((tx) => work(session(tx))) };
}
