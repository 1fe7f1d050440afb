/**
 * The daily deletion cleanup (spec 3.3, 8.3) on every backend, driven by a fake clock: it runs at
 * 23:59 local time (DST days included), deletes only scheduled workflows whose start nodes are all
 * inactive, and runs once per day even with two app instances on one database.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeletionCleanupJob, isDeletable } from '../src/services/jobs/deletion-cleanup.js';
import { openDatabase } from '../src/store/database.js';
import { jobRuns } from '../src/store/schema.js';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import type { TestDatabase } from './support/databases.js';
import { folderClient } from './support/folder-api.js';
import { greeter } from './support/workflow-api.js';

const matrix = await backendMatrix();

const at = (iso: string) => new Date(iso);

/** The greeter with its trigger (n1) switched on or off, plus extra nodes. */
function graph(active: boolean | undefined, extraNodes: unknown[] = [], extraEdges: unknown[] = []) {
  const doc = structuredClone(greeter);
  if (active !== undefined) (doc.nodes[0]!.data as Record<string, unknown>).active = active;
  return { nodes: [...doc.nodes, ...extraNodes], edges: [...doc.edges, ...extraEdges] };
}
const sticky = { id: 's1', type: 'sticky', position: { x: 0, y: 0 }, data: { label: 'note', text: 'hi' } };
const onError = { id: 'h1', type: 'errorHandler', position: { x: 0, y: 0 }, data: { label: 'handler' } };
const secondTrigger = (active: boolean) => ({
  id: 'n9',
  type: 'textInput',
  position: { x: 0, y: 0 },
  data: { label: 'second', active },
});

describe('isDeletable', () => {
  it('needs every start node inactive, ignoring sticky notes and error handlers', () => {
    expect(isDeletable(graph(false))).toBe(true);
    expect(isDeletable(graph(true))).toBe(false);
    expect(isDeletable(graph(undefined))).toBe(false);
    expect(isDeletable(graph(false, [sticky, onError]))).toBe(true);
    expect(isDeletable(graph(false, [secondTrigger(true)]))).toBe(false);
    expect(isDeletable(graph(false, [secondTrigger(false)]))).toBe(true);
    expect(isDeletable({ nodes: [], edges: [] })).toBe(true);
    expect(isDeletable({ nodes: 'broken', edges: [] })).toBe(false);
  });
});

describe.each(matrix)('deletion cleanup job on $name', ({ db, store }) => {
  let first: TestApp;
  let second: TestApp;
  let secondDatabase: TestDatabase;
  let alice: Registered;

  beforeAll(async () => {
    first = await createTestApp({ db, store, env: { TIMEZONE: 'Europe/Berlin' } });
    // A second worker: its own app and, on PostgreSQL, its own connection pool to the same database.
    if (db === 'postgres') {
      const database = await openDatabase({ postgresUrl: first.database.url! });
      secondDatabase = { ...database, destroy: () => database.close() };
    } else secondDatabase = first.database;
    second = await createTestApp({ db, store, database: secondDatabase, env: { TIMEZONE: 'Europe/Berlin' } });
    alice = await register(first.app, 'alice@example.com');
  });
  afterAll(async () => {
    await second.close();
    if (secondDatabase !== first.database) await secondDatabase.destroy();
    await first.close();
  });

  const { call, createWorkflow } = folderClient(() => first.app);
  const status = async (id: string) => (await call(alice, 'GET', `/api/workflows/${id}`)).statusCode;
  const schedule = async (id: string) =>
    expect((await call(alice, 'PUT', `/workflows/${id}/schedule-deletion`)).statusCode).toBe(200);

  function jobFor(app: TestApp, timeZone = app.config.timezone) {
    const deleted: string[] = [];
    const job = createDeletionCleanupJob({
      db: app.database.db,
      timeZone,
      onDeleted: async (id) => void deleted.push(id),
    });
    return { job, deleted };
  }

  it('deletes at 23:59 Berlin time on the spring-forward day, once across two workers', async () => {
    const inactive = await createWorkflow(alice, { name: 'inactive', ...graph(false) });
    const inactiveWithNotes = await createWorkflow(alice, {
      name: 'notes',
      ...graph(false, [sticky, onError]),
    });
    const active = await createWorkflow(alice, { name: 'active', ...graph(true) });
    const unset = await createWorkflow(alice, { name: 'unset', ...graph(undefined) });
    const halfActive = await createWorkflow(alice, { name: 'half', ...graph(false, [secondTrigger(true)]) });
    const restored = await createWorkflow(alice, { name: 'restored', ...graph(false) });
    const unscheduled = await createWorkflow(alice, { name: 'unscheduled', ...graph(false) });
    for (const workflow of [inactive, inactiveWithNotes, active, unset, halfActive, restored])
      await schedule(workflow.id);
    expect((await call(alice, 'DELETE', `/api/workflows/${restored.id}/schedule-deletion`)).statusCode).toBe(
      200,
    );

    const a = jobFor(first);
    const b = jobFor(second);
    expect(first.config.timezone).toBe('Europe/Berlin');
    // 2026-03-29 is 23 hours long in Berlin; 23:59 CEST is 21:59 UTC.
    expect(a.job.nextRunAt(at('2026-03-29T00:30:00Z')).toISOString()).toBe('2026-03-29T21:59:00.000Z');
    expect(await a.job.runDue(at('2026-03-29T21:58:59Z'))).toEqual({ status: 'not_due' });
    expect(await b.job.runDue(at('2026-03-29T12:00:00Z'))).toEqual({ status: 'not_due' });
    expect(await status(inactive.id)).toBe(200);

    const outcomes = await Promise.all([
      a.job.runDue(at('2026-03-29T21:59:00Z')),
      b.job.runDue(at('2026-03-29T21:59:00Z')),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['claimed_elsewhere', 'ran']);
    const ran = outcomes.find((outcome) => outcome.status === 'ran')!;
    expect(ran).toMatchObject({ period: '2026-03-29' });
    const deleted = [...a.deleted, ...b.deleted].sort();
    expect(deleted).toEqual([inactive.id, inactiveWithNotes.id].sort());

    for (const gone of [inactive, inactiveWithNotes]) expect(await status(gone.id)).toBe(404);
    for (const kept of [active, unset, halfActive, restored, unscheduled])
      expect(await status(kept.id)).toBe(200);
    expect(
      json(await call(alice, 'GET', `/api/workflows/${active.id}`)).scheduled_for_deletion,
    ).not.toBeNull();
    expect(json(await call(alice, 'GET', `/api/workflows/${restored.id}`)).scheduled_for_deletion).toBeNull();

    const claims = await first.database.db.select().from(jobRuns).where(eq(jobRuns.period, '2026-03-29'));
    expect(claims).toEqual([
      expect.objectContaining({
        job: 'deletion-cleanup',
        period: '2026-03-29',
        finishedAt: expect.any(Date),
      }),
    ]);
    // Later the same day, on either worker: nothing runs again.
    expect((await b.job.runDue(at('2026-03-29T21:59:30Z'))).status).toBe('claimed_elsewhere');
    expect((await jobFor(second).job.runDue(at('2026-03-29T22:30:00Z'))).status).toBe('claimed_elsewhere');

    // The next day the scheduled workflow whose trigger was switched off meanwhile goes too.
    const off = graph(false);
    expect((await call(alice, 'PATCH', `/api/workflows/${active.id}`, { nodes: off.nodes })).statusCode).toBe(
      200,
    );
    const next = a.job.nextRunAt(at('2026-03-29T21:59:00Z'));
    expect(next.toISOString()).toBe('2026-03-30T21:59:00.000Z');
    expect(await a.job.runDue(next)).toMatchObject({
      status: 'ran',
      period: '2026-03-30',
      result: { deleted: [active.id] },
    });
    expect(await status(active.id)).toBe(404);
    for (const kept of [unset, halfActive, restored, unscheduled]) expect(await status(kept.id)).toBe(200);
  });

  it.each([
    // zone, the local day, one minute before its 23:59, its 23:59 (a 23- or 25-hour day)
    ['Europe/Berlin', '2026-10-25', '2026-10-25T22:58:00Z', '2026-10-25T22:59:00Z'],
    ['America/New_York', '2026-03-08', '2026-03-09T03:58:00Z', '2026-03-09T03:59:00Z'],
    ['America/New_York', '2026-11-01', '2026-11-02T04:58:00Z', '2026-11-02T04:59:00Z'],
  ])('in %s on the DST day %s runs at 23:59 local and not before', async (zone, day, early, due) => {
    const workflow = await createWorkflow(alice, { name: `dst ${randomUUID()}`, ...graph(false) });
    await schedule(workflow.id);
    const { job, deleted } = jobFor(first, zone);
    expect(job.nextRunAt(at(early)).toISOString()).toBe(at(due).toISOString());
    expect(await job.runDue(at(early))).toEqual({ status: 'not_due' });
    expect(await status(workflow.id)).toBe(200);
    expect(await job.runDue(at(due))).toMatchObject({ status: 'ran', period: day });
    expect(deleted).toContain(workflow.id);
    expect(await status(workflow.id)).toBe(404);
  });
});
