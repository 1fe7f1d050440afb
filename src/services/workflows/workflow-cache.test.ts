import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases.js';
import { createUserRepository } from '../../store/repositories/users.js';
import { createWorkflowRepository, type WorkflowRow } from '../../store/repositories/workflows.js';
import { MemoryStore } from '../shared-store/index.js';
import { WorkflowCache } from './workflow-cache.js';

describe('WorkflowCache', () => {
  let database: TestDatabase;
  let store: MemoryStore;
  let workflowId: string;
  let loads = 0;
  const repository = () => createWorkflowRepository(database.db);
  const cache = (ttlMs: number) =>
    new WorkflowCache({
      load: (id) => {
        loads += 1;
        return repository().findById(id);
      },
      store,
      ttlMs,
    });

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    store = new MemoryStore();
    const user = await createUserRepository(database.db).create({
      email: 'c@x.io',
      name: '',
      passwordHash: 'h',
    });
    if (!user.ok) throw new Error(user.reason);
    const created = await repository().create({ name: 'cached', ownerId: user.user.id });
    if (!created.ok) throw new Error(created.reason);
    workflowId = created.row.id;
  });
  afterAll(async () => {
    await store.close();
    await database.destroy();
  });

  it('callers asking for a row being loaded share one load', async () => {
    const workflows = cache(60_000);
    loads = 0;
    const rows = await Promise.all(Array.from({ length: 10 }, () => workflows.get(workflowId)));
    expect(loads).toBe(1);
    expect(new Set(rows).size).toBe(1);
    expect(rows[0]?.id).toBe(workflowId);
  });

  it('an expired row reloaded unchanged stays the same object; a changed one replaces it', async () => {
    const workflows = cache(0);
    loads = 0;
    const first = await workflows.get(workflowId);
    const again = await workflows.get(workflowId);
    expect(loads).toBe(2);
    expect(again).toBe(first);
    const updated = await repository().update(workflowId, { name: 'renamed' });
    expect(updated.ok).toBe(true);
    const renamed = (await workflows.get(workflowId)) as WorkflowRow;
    expect(renamed).not.toBe(first);
    expect(renamed.name).toBe('renamed');
  });

  it('a change during a load is not cached, and the next caller loads afresh', async () => {
    const workflows = cache(60_000);
    await workflows.start();
    loads = 0;
    const during = workflows.get(workflowId);
    await workflows.changed(workflowId);
    await during;
    await workflows.get(workflowId);
    expect(loads).toBe(2);
    await workflows.get(workflowId);
    expect(loads).toBe(2);
    await workflows.stop();
  });
});
