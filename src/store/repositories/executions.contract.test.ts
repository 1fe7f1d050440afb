/** The execution history repository and the HistoryWriter in front of it, on PGlite and PostgreSQL. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../../../test/support/databases.js';
import { hasPostgres } from '../../../test/support/services.js';
import { HistoryWriter } from '../../services/executions/history-writer.js';
import type { BulkCopy } from '../bulk-copy.js';
import { createExecutionRepository, type ExecutionInsert, type ExecutionRepository } from './executions.js';
import { rowsOf } from './folders.js';
import { createUserRepository } from './users.js';
import { createWorkflowRepository } from './workflows.js';

const kinds: DatabaseKind[] = ['pglite'];
if (await hasPostgres()) kinds.push('postgres');

describe.each(kinds)('execution history on %s', (kind) => {
  let database: TestDatabase;
  let repo: ExecutionRepository;
  let userId: string;
  const newWorkflow = async (name: string, ownerId = userId) => {
    const created = await createWorkflowRepository(database.db).create({ name, ownerId });
    if (!created.ok) throw new Error(created.reason);
    return created.row.id;
  };
  const newUser = async () => {
    const email = `${randomUUID()}@x.io`;
    const created = await createUserRepository(database.db).create({ email, name: '', passwordHash: 'h' });
    if (!created.ok) throw new Error(created.reason);
    return created.user.id;
  };
  const run = (workflowId: string, extra: Partial<ExecutionInsert> = {}) => ({
    id: randomUUID(),
    workflowId,
    status: 'running',
    triggerSource: 'API',
    testRun: false,
    userId,
    inputs: { body: { name: 'Ada' } },
    startedAt: new Date('2026-01-01T00:00:00.123Z'),
    ...extra,
  });
  const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repo = createExecutionRepository(database.db, database.bulk);
    userId = await newUser();
  });
  afterAll(() => database.destroy());

  // Both ways of writing a row: COPY for a run's first row (PostgreSQL), the upsert for any other.
  describe.each(['insertMany', 'upsertMany'] as const)('written by %s', (way) => {
    const write = (rows: Parameters<ExecutionRepository['upsertMany']>[0]) => repo[way](rows);

    it('reads null documents back as null, null, {} and []', async () => {
      const row = run(await newWorkflow('nulls'), { inputs: null });
      await write([row]);
      const defaults = { outputs: null, nodeResults: {}, events: [], finishedAt: null, executionTimeMs: 0 };
      expect(await repo.findById(row.id)).toEqual({ ...row, ...defaults }); // startedAt to the millisecond
      expect(await repo.findById(randomUUID())).toBeUndefined();
    });

    it('round-trips the \\x1e separator, quotes and backslashes in a batch of several rows', async () => {
      const workflowId = await newWorkflow('separators');
      const inputs = { s: 'a\x1eb\nc"\\', k: { 'x\x1e': [1, 2.5, 1e21, null, true, ''] } };
      const rows = [
        run(workflowId, { triggerSource: 'src\x1e\x1f,"{}\\', inputs, outputs: '\x1e' }),
        run(workflowId, { inputs: null, events: ['\x1e', '"', ''] }),
        run(workflowId, { inputs: '', nodeResults: { '\x1e': { '"': '\\' } } }),
      ];
      await write(rows);
      const read = await Promise.all(rows.map((row) => repo.findById(row.id)));
      expect(read[0]).toMatchObject({ triggerSource: 'src\x1e\x1f,"{}\\', inputs, outputs: '\x1e' });
      expect(read[1]).toMatchObject({ inputs: null, outputs: null, events: ['\x1e', '"', ''] });
      expect(read[2]).toMatchObject({ inputs: '', nodeResults: { '\x1e': { '"': '\\' } }, events: [] });
    });

    it('round-trips scalar texts that array literal syntax would misread, alone or in one batch', async () => {
      const workflowId = await newWorkflow('literals');
      const sources = ['NULL', 'null', 'a.b:c-d_1', '', ' API', 'API ', 'a,b', undefined];
      const rows = sources.map((triggerSource, i) =>
        run(workflowId, { triggerSource, status: 'success', testRun: i % 2 === 0, executionTimeMs: i }),
      );
      const expected = (row: (typeof rows)[number]) => ({
        triggerSource: row.triggerSource ?? null,
        status: 'success',
        testRun: row.testRun,
        executionTimeMs: row.executionTimeMs,
      });
      // Alone, a row whose texts are all plain words is sent as literals; in the mixed batch, none is.
      for (const row of rows) {
        await write([row]);
        expect(await repo.findById(row.id)).toMatchObject(expected(row));
      }
      const again = rows.map((row) => ({ ...row, id: randomUUID() }));
      await write(again);
      for (const row of again) expect(await repo.findById(row.id)).toMatchObject(expected(row));
    });

    it('stores NUL and lone surrogates as U+FFFD in text and documents, keeping valid pairs', async () => {
      const workflowId = await newWorkflow('refused');
      const dirty = run(workflowId, {
        triggerSource: 'src\u0000',
        inputs: { body: { name: 'a\u0000b\ud800', '\u0000': '\udfff' } },
        events: [{ t: '\ud83d\ude00 ok' }],
      });
      const clean = run(workflowId, { status: 'success' });
      await write([dirty, clean]);
      expect(await repo.findById(dirty.id)).toMatchObject({
        triggerSource: 'src\ufffd',
        inputs: { body: { name: 'a\ufffdb\ufffd', '\ufffd': '\ufffd' } },
        events: [{ t: '😀 ok' }],
      });
      expect(await repo.findById(clean.id)).toMatchObject({ status: 'success', inputs: clean.inputs });
    });

    it('stores start and finish times to the millisecond, and no finish time as null', async () => {
      const workflowId = await newWorkflow('times');
      const startedAt = new Date('2026-11-21T05:06:07.089Z');
      const rows = [
        run(workflowId, { startedAt, finishedAt: new Date('2026-11-21T05:06:08.001Z') }),
        run(workflowId, { startedAt: new Date(0), finishedAt: null }),
        run(workflowId, { startedAt: new Date('1969-12-31T23:59:59.999Z'), finishedAt: startedAt }),
      ];
      await write(rows);
      for (const row of rows) {
        expect(await repo.findById(row.id)).toMatchObject({
          startedAt: row.startedAt,
          finishedAt: row.finishedAt,
        });
      }
    });
  });

  it("replaces a run's earlier state with its later one, documents included", async () => {
    const workflowId = await newWorkflow('replace');
    const [first, other] = [run(workflowId), run(workflowId)];
    await repo.upsertMany([first, other]);
    const documents = { inputs: { masked: '***' }, outputs: { result: 'Hello 😀' }, events: [{ type: 'x' }] };
    const finished = { status: 'success', finishedAt: at(1), executionTimeMs: 877 };
    const final = { ...first, ...documents, ...finished, nodeResults: { n: { status: 'success' } } };
    await repo.upsertMany([final, { ...other, status: 'error' }]);
    expect(await repo.findById(first.id)).toEqual(final);
    expect((await repo.findById(other.id))?.status).toBe('error');
    expect((await repo.list({ workflowId, limit: 10, offset: 0 })).total).toBe(2);
  });

  it('lists, filters and pages runs newest first; latestFinished skips unfinished runs', async () => {
    const workflowId = await newWorkflow('list');
    const rows = [1, 2, 3, 4].map((s) =>
      run(workflowId, { startedAt: at(s), status: 'success', finishedAt: at(9) }),
    );
    rows.push(run(workflowId, { startedAt: at(5), status: 'error', triggerSource: 'cron' }));
    await repo.upsertMany(rows);
    const ids = (items: { id: string }[]) => items.map((row) => row.id);
    const page = await repo.list({ workflowId, limit: 2, offset: 1 });
    expect(ids(page.items)).toEqual([rows[3]!.id, rows[2]!.id]);
    expect(page.total).toBe(5);
    const failed = await repo.list({ workflowId, status: 'error', limit: 9, offset: 0 });
    expect(ids(failed.items)).toEqual([rows[4]!.id]);
    expect((await repo.list({ workflowId, triggerSource: 'API', limit: 9, offset: 0 })).total).toBe(4);
    expect(ids(await repo.latestFinished(workflowId, 3))).toEqual([rows[3]!.id, rows[2]!.id, rows[1]!.id]);
  });

  it("listAccessible names each run's workflow and leaves out workflows the user cannot see", async () => {
    const otherId = await newUser();
    const visible = run(await newWorkflow('visible', otherId), { startedAt: at(2) });
    const hidden = run(await newWorkflow('hidden'), { startedAt: at(1) });
    await repo.upsertMany([visible, hidden]);
    const seen = await repo.listAccessible({ userId: otherId, limit: 10, offset: 0 });
    expect(seen.items.map((row) => [row.id, row.workflowName])).toEqual([[visible.id, 'visible']]);
    expect(seen.total).toBe(1);
    const malformed = await repo.listAccessible({ userId: 'nope', limit: 10, offset: 0 });
    expect(malformed).toEqual({ items: [], total: 0 });
  });

  it('HistoryWriter: one bad row is reported alone and the rest of its batch is written', async () => {
    const workflowId = await newWorkflow('batch');
    const errors: number[] = [];
    const writer = new HistoryWriter({ repository: repo, onError: (_error, rows) => errors.push(rows) });
    const good = Array.from({ length: 450 }, () => run(workflowId, { status: 'success' }));
    const bad = run(workflowId, { userId: 'not-a-uuid' });
    // Two ids in one: read as two array elements, it would shift every row after it.
    const smuggled = run(workflowId, { userId: `${userId},${userId}` });
    for (const row of [...good.slice(0, 200), bad, ...good.slice(200, 300), smuggled, ...good.slice(300)])
      writer.record(row);
    expect(writer.peek(good[0]!.id)).toMatchObject({ id: good[0]!.id, status: 'success', nodeResults: {} });
    await writer.close();
    expect(errors).toEqual([1, 1]);
    expect((await repo.list({ workflowId, limit: 1, offset: 0 })).total).toBe(450);
    expect(await repo.findById(bad.id)).toBeUndefined();
    expect(await repo.findById(smuggled.id)).toBeUndefined();
    const last = good.at(-1)!;
    expect(await repo.findById(last.id)).toMatchObject({ userId: last.userId, status: 'success' });
    expect(writer.peek(good[0]!.id)).toBeUndefined();
  });

  it('HistoryWriter: a row recorded after the turn is made then, and only when there is one to make', async () => {
    const workflowId = await newWorkflow('after-turn');
    const tasks: (() => void)[] = [];
    const writer = new HistoryWriter({ repository: repo, background: (task) => tasks.push(task) });
    const running = run(workflowId);
    const finished = run(workflowId, { status: 'success', finishedAt: new Date() });
    const made: string[] = [];
    writer.recordAfterTurn(() => {
      made.push(running.id);
      return running;
    });
    writer.recordAfterTurn(() => {
      made.push(finished.id);
      return undefined;
    });
    expect(made).toEqual([]);
    expect(writer.peek(running.id)).toBeUndefined();
    for (const task of tasks.splice(0)) task();
    expect(made).toEqual([running.id, finished.id]);
    expect(writer.peek(running.id)).toMatchObject({ id: running.id, status: 'running' });
    expect(writer.peek(finished.id)).toBeUndefined();
    await writer.close();
    expect(await repo.findById(running.id)).toMatchObject({ status: 'running' });
    expect(await repo.findById(finished.id)).toBeUndefined();
  });

  it('HistoryWriter: a queued row reads back as the database returns it once written, while queued and while being written', async () => {
    const workflowId = await newWorkflow('peek');
    // The real repository, whose writes wait until the test lets them go.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    const gated: ExecutionRepository = {
      ...repo,
      insertMany: async (batch) => {
        started.push(batch.length);
        await released;
        return repo.insertMany(batch);
      },
    };
    const writer = new HistoryWriter({ repository: gated, flushIntervalMs: 60_000 });
    const rows = [
      run(workflowId, {
        status: 'success',
        inputs: { body: { text: 'naïve café 😀 — ✓' }, headers: {}, query: { q: ['a', 'b'] } },
        outputs: { result: '' },
        nodeResults: { n: { status: 'success', output: [1, 'two', null, { three: 3 }] } },
        events: ['execution_started', { type: 'node_start', message: 'Ünïcödé' }],
        finishedAt: at(5),
        executionTimeMs: 12,
      }),
      run(workflowId, { status: 'error', inputs: null, outputs: null, finishedAt: at(6) }),
    ];
    for (const row of rows) writer.record(row);
    await new Promise((resolve) => setImmediate(resolve)); // the finished rows are prepared
    const queued = rows.map((row) => writer.peek(row.id));
    const writing = writer.flush();
    await vi.waitFor(() => expect(started).toEqual([2]));
    const beingWritten = rows.map((row) => writer.peek(row.id));
    release();
    await writing;
    const stored = await Promise.all(rows.map((row) => repo.findById(row.id)));
    expect(stored.map((row) => row?.id)).toEqual(rows.map((row) => row.id));
    expect(queued).toEqual(stored);
    expect(beingWritten).toEqual(stored);
    expect(rows.map((row) => writer.peek(row.id))).toEqual([undefined, undefined]);
  });

  it('HistoryWriter: a finished row queued reads back as the stored one will', async () => {
    const writer = new HistoryWriter({ repository: repo });
    const row = run(await newWorkflow('faithful'), {
      status: 'success',
      outputs: { at: new Date('2026-01-01T00:00:01.000Z'), gone: undefined, text: 'a\u0000b' },
      finishedAt: at(2),
    });
    writer.record(row);
    const queued = writer.peek(row.id);
    expect(queued?.outputs).toEqual({ at: '2026-01-01T00:00:01.000Z', text: 'a\ufffdb' });
    await writer.close();
    const stored = await repo.findById(row.id);
    expect(stored?.outputs).toEqual(queued?.outputs);
    expect(stored?.inputs).toEqual(queued?.inputs);
  });

  it('HistoryWriter: a row JSON cannot hold is reported alone, never thrown at the run', async () => {
    const workflowId = await newWorkflow('bigint');
    const errors: number[] = [];
    const writer = new HistoryWriter({ repository: repo, onError: (_error, rows) => errors.push(rows) });
    const bad = run(workflowId, { status: 'success', outputs: { n: 1n } });
    const good = run(workflowId, { status: 'success' });
    expect(() => writer.record(bad)).not.toThrow();
    writer.record(good);
    await writer.close();
    expect(errors).toEqual([1]);
    expect(await repo.findById(bad.id)).toBeUndefined();
    expect((await repo.findById(good.id))?.status).toBe('success');
  });

  it('HistoryWriter: rows become text and a full batch is written in background tasks, not in record()', async () => {
    const workflowId = await newWorkflow('deferred');
    const tasks: (() => void)[] = [];
    const writer = new HistoryWriter({
      repository: repo,
      maxBatchSize: 2,
      flushIntervalMs: 60_000,
      background: (task) => tasks.push(task),
    });
    const rows = [run(workflowId, { status: 'success' }), run(workflowId, { status: 'success' })];
    for (const row of rows) writer.record(row);
    expect(tasks).toHaveLength(2);
    expect(writer.peek(rows[0]!.id)).toMatchObject({ status: 'success' });
    expect(await repo.findById(rows[0]!.id)).toBeUndefined();
    for (const task of tasks) task();
    await vi.waitFor(async () =>
      expect((await repo.list({ workflowId, limit: 5, offset: 0 })).total).toBe(2),
    );
    await writer.close();
  });

  it('HistoryWriter: a later state replaces an earlier one that was already written', async () => {
    const writer = new HistoryWriter({ repository: repo });
    const row = run(await newWorkflow('later'));
    writer.record(row);
    await writer.flush();
    expect((await repo.findById(row.id))?.status).toBe('running');
    writer.record({ ...row, status: 'success', outputs: { x: 1 } });
    expect(writer.peek(row.id)).toMatchObject({ status: 'success', outputs: { x: 1 } });
    await writer.close();
    expect(await repo.findById(row.id)).toMatchObject({ status: 'success', outputs: { x: 1 } });
  });

  it('stores the documents as text, which the database does not parse', async () => {
    const result = await database.db.execute(sql`
      select attname, format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = 'executions'::regclass and attname in ('inputs', 'outputs', 'node_results', 'events')
      order by attname`);
    const columns = ['events', 'inputs', 'node_results', 'outputs'];
    expect(rowsOf(result)).toEqual(columns.map((attname) => ({ attname, type: 'text' })));
  });

  it('indexes the status of runs that did not succeed only; a filter on any status finds its runs', async () => {
    const result = await database.db.execute(sql`
      select indexdef from pg_indexes where tablename = 'executions' and indexdef like '%(workflow_id, status)%'`);
    expect(rowsOf<{ indexdef: string }>(result).map((index) => index.indexdef)).toEqual([
      expect.stringMatching(/WHERE \(status <> 'success'::text\)$/),
    ]);
    const workflowId = await newWorkflow('statuses');
    const statuses = ['success', 'error', 'cancelled', 'success', 'running'];
    await repo.upsertMany(statuses.map((status) => run(workflowId, { status })));
    for (const status of new Set(statuses)) {
      const listed = await repo.list({ workflowId, status, limit: 9, offset: 0 });
      expect(listed.items.map((row) => row.status)).toEqual(statuses.filter((s) => s === status));
    }
  });

  it('leaves out, without an error, a row whose workflow does not exist; writes the rest of its batch', async () => {
    const workflowId = await newWorkflow('kept');
    const errors: number[] = [];
    const writer = new HistoryWriter({ repository: repo, onError: (_error, rows) => errors.push(rows) });
    const orphan = run(randomUUID(), { status: 'success' });
    const kept = run(workflowId, { status: 'success' });
    writer.record(orphan);
    writer.record(kept);
    await writer.close();
    expect(errors).toEqual([]);
    expect(await repo.findById(orphan.id)).toBeUndefined();
    expect(await repo.findById(kept.id)).toMatchObject({ status: 'success' });
  });

  it.runIf(kind === 'postgres')(
    'insertMany (COPY) fails as a whole on an id stored already, and stores none of its rows',
    async () => {
      const workflowId = await newWorkflow('duplicate');
      const stored = run(workflowId, { status: 'success' });
      await repo.upsertMany([stored]);
      const fresh = run(workflowId, { status: 'success' });
      await expect(repo.insertMany([fresh, { ...stored, status: 'error' }])).rejects.toThrow();
      expect(await repo.findById(fresh.id)).toBeUndefined();
      expect((await repo.findById(stored.id))?.status).toBe('success');
    },
  );

  it('HistoryWriter: a first row whose id is stored already replaces it, and its batch is still written', async () => {
    const workflowId = await newWorkflow('stored elsewhere');
    const stored = run(workflowId);
    await repo.upsertMany([stored]);
    const errors: number[] = [];
    const writer = new HistoryWriter({ repository: repo, onError: (_error, rows) => errors.push(rows) });
    const others = [run(workflowId, { status: 'success' }), run(workflowId, { status: 'success' })];
    for (const row of [others[0]!, { ...stored, status: 'success', outputs: { x: 1 } }, others[1]!])
      writer.record(row);
    await writer.close();
    expect(errors).toEqual([]);
    expect(await repo.findById(stored.id)).toMatchObject({ status: 'success', outputs: { x: 1 } });
    for (const row of others) expect((await repo.findById(row.id))?.status).toBe('success');
  });

  describe.runIf(kind === 'postgres')('a workflow deleted while its runs are being written', () => {
    let other: pg.Client;
    beforeAll(async () => {
      other = new pg.Client({ connectionString: database.url });
      await other.connect();
    });
    afterAll(() => other.end());
    // Asked on the pool: `other` may be the connection that waits.
    const waitingForALock = async () => {
      const result = await database.db.execute(sql`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
      return rowsOf<{ n: number }>(result)[0]!.n > 0;
    };

    it('a deletion waits for the batch, then takes its rows with the workflow', async () => {
      const workflowId = await newWorkflow('deleted during the batch');
      let copying = () => {};
      const reached = new Promise<void>((resolve) => (copying = resolve));
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const gatedBulk: BulkCopy = {
        transaction: (work) =>
          database.bulk!.transaction((tx) =>
            work({
              query: (text, values) => tx.query(text, values),
              copyBinary: async (target, data) => {
                copying();
                await released;
                return tx.copyBinary(target, data);
              },
            }),
          ),
      };
      const row = run(workflowId, { status: 'success' });
      const inserting = createExecutionRepository(database.db, gatedBulk).insertMany([row]);
      await reached;
      const deleting = other.query('delete from workflows where id = $1', [workflowId]);
      await vi.waitFor(async () => expect(await waitingForALock()).toBe(true));
      release();
      await inserting;
      await deleting;
      expect(await repo.findById(row.id)).toBeUndefined();
    });

    it('a batch waits for a deletion under way, then leaves its rows out without an error', async () => {
      const workflowId = await newWorkflow('deleted before the batch');
      await other.query('begin');
      await other.query('delete from workflows where id = $1', [workflowId]);
      const row = run(workflowId, { status: 'success' });
      const inserting = repo.insertMany([row]);
      await vi.waitFor(async () => expect(await waitingForALock()).toBe(true));
      await other.query('commit');
      await inserting;
      expect(await repo.findById(row.id)).toBeUndefined();
    });
  });

  it("deleting workflows deletes their runs, also when their owner's deletion takes them", async () => {
    const other = await newWorkflow('other');
    const deleted = await newWorkflow('deleted');
    const owner = await newUser();
    const owned = [await newWorkflow('owned 1', owner), await newWorkflow('owned 2', owner)];
    const rows = [other, deleted, ...owned].map((workflowId) => run(workflowId, { status: 'success' }));
    await repo.upsertMany(rows);
    await database.db.execute(sql`delete from workflows where id = ${deleted}`);
    await database.db.execute(sql`delete from users where id = ${owner}`);
    const left = await Promise.all(rows.map((row) => repo.findById(row.id)));
    expect(left.map((row) => row?.workflowId)).toEqual([other, undefined, undefined, undefined]);
  });
});
