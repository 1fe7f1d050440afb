/** Graceful shutdown loses no history: runs still going after an early answer finish and are written. */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { MemoryStore } from '../src/services/shared-store/index.js';
import { createExecutionRepository } from '../src/store/repositories/executions.js';
import { testConfig } from './support/app.js';
import { createTestDatabase } from './support/databases.js';
import { register } from './support/auth.js';
import { createWorkflow, edge, node } from './support/executions.js';

describe('graceful shutdown and history', () => {
  it('an early-answered run still going at close() completes and its row is written', async () => {
    const database = await createTestDatabase('pglite');
    const store = new MemoryStore();
    const app = await buildApp({ config: testConfig(), database, store, logger: false });
    try {
      const owner = await register(app, 'shutdown@example.com');
      const request = node('textInput', 'request');
      const early = node('output', 'early', { value: 'now', returnEarly: true });
      const pause = node('wait', 'pause', { durationMs: 400 });
      const after = node('set', 'after', { mappings: [{ key: 'done', value: 'yes' }] });
      const wf = await createWorkflow(app, owner.headers, {
        nodes: [request, early, pause, after],
        edges: [edge(request, early), edge(early, pause), edge(pause, after)],
      });
      const answer = JSON.parse(
        (await app.inject({ method: 'POST', url: `/api/workflows/${wf.id}/execute`, payload: {} })).body,
      );
      expect(answer.outputs).toEqual({ early: 'now' });
      await app.close();
      const row = await createExecutionRepository(database.db, database.bulk).findById(answer.execution_id);
      expect(row?.status).toBe('success');
      expect((row?.nodeResults as Record<string, { status: string }>)[after.id]?.status).toBe('success');
    } finally {
      await store.close();
      await database.destroy();
    }
  });
});
