/**
 * Cancellation across workers: two app instances on one PostgreSQL and one Redis, as when the
 * service is scaled out. A cancel request that reaches the worker not running the run is published
 * through Redis, and the worker running it stops it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './support/app.js';
import { register } from './support/auth.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { createWorkflow, listExecutions, pausedRun } from './support/executions.js';
import { hasPostgres, hasRedis } from './support/services.js';
import { waitFor } from './support/sse.js';

const available = (await hasPostgres()) && (await hasRedis());

describe.skipIf(!available)('cancellation across workers (PostgreSQL + Redis)', () => {
  const apps: TestApp[] = [];
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const database of databases) await database.destroy();
  });

  it('a cancel sent to another worker stops the run where it runs', async () => {
    const database = await createTestDatabase('postgres');
    databases.push(database);
    const storePrefix = `skein-test:${randomBytes(6).toString('hex')}:`;
    const a = await createTestApp({ database, store: 'redis', storePrefix });
    const b = await createTestApp({ database, store: 'redis', storePrefix });
    apps.push(a, b);

    const owner = await register(a.app, 'cancel-workers@example.com');
    const { doc, after } = pausedRun();
    const wf = await createWorkflow(a.app, owner.headers, doc);

    const pending = a.app.inject({ method: 'POST', url: `/api/workflows/${wf.id}/execute`, payload: {} });
    const executionId = await waitFor(
      async () => (await listExecutions(a.app, owner.headers, wf.id, { status: 'running' })).items[0]?.id,
    );
    const cancel = await b.app.inject({
      method: 'POST',
      url: `/api/workflows/${wf.id}/executions/${executionId}/cancel`,
      headers: owner.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(202);

    const answer = json(await pending);
    expect(answer).toMatchObject({ execution_id: executionId, status: 'cancelled' });
    const row = await waitFor(async () => {
      const { items } = await listExecutions(b.app, owner.headers, wf.id);
      return items.find((item) => item.id === executionId && item.status === 'cancelled');
    });
    expect(row.status).toBe('cancelled');
    expect(row.node_results[after.id]?.status).not.toBe('success');
  });
});
