/** Scheduling workflows for deletion and restoring them over HTTP (spec 3.3, 4.5) on every backend. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backendMatrix, json } from './support/app.js';
import { folderClient, PREFIXES } from './support/folder-api.js';
import { useTestApp } from './support/suite.js';
import { expectProblem, RECORD_KEYS } from './support/workflow-api.js';

const matrix = await backendMatrix();

describe.each(matrix)('deletion scheduling on $name', ({ db, store }) => {
  const {
    t,
    users: { alice, bob, carol },
  } = useTestApp({ db, store }, ['alice', 'bob', 'carol']);
  const { call, createFolder, createWorkflow, record, share } = folderClient(() => t.app);

  it.each(PREFIXES)(
    'schedules (clearing folder_id) and restores at "%s/workflows/{id}/schedule-deletion"',
    async (prefix) => {
      const box = await createFolder(alice, { name: 'box' });
      const workflow = await createWorkflow(alice, { name: 'going', folder_id: box.id });
      const before = Date.now();
      const scheduled = await call(alice, 'PUT', `${prefix}/workflows/${workflow.id}/schedule-deletion`);
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      const body = json(scheduled);
      expect(Object.keys(body).sort()).toEqual(RECORD_KEYS);
      expect(body).toMatchObject({ id: workflow.id, folder_id: null });
      const at = new Date(body.scheduled_for_deletion).getTime();
      expect(at).toBeGreaterThanOrEqual(before - 1_000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1_000);
      expect(await record(alice, workflow.id)).toEqual(body);

      // Scheduling again keeps the first time.
      const again = json(await call(alice, 'PUT', `${prefix}/workflows/${workflow.id}/schedule-deletion`));
      expect(again.scheduled_for_deletion).toBe(body.scheduled_for_deletion);

      const restored = await call(alice, 'DELETE', `${prefix}/workflows/${workflow.id}/schedule-deletion`);
      expect(restored.statusCode).toBe(200);
      expect(json(restored)).toMatchObject({ scheduled_for_deletion: null, folder_id: null });
      // Restoring a workflow that is not scheduled is a no-op.
      const idle = await call(alice, 'DELETE', `${prefix}/workflows/${workflow.id}/schedule-deletion`);
      expect(json(idle)).toMatchObject({
        scheduled_for_deletion: null,
        updated_at: json(restored).updated_at,
      });
    },
  );

  it("is the owner's: a collaborator gets 403, anyone else 404", async () => {
    const workflow = await createWorkflow(alice, { name: 'guarded', auth_header_value: 'owner-secret' });
    await share(alice, workflow.id, bob.email);
    for (const method of ['PUT', 'DELETE']) {
      for (const prefix of PREFIXES) {
        expectProblem(
          await call(bob, method, `${prefix}/workflows/${workflow.id}/schedule-deletion`),
          403,
          'forbidden',
        );
        expectProblem(
          await call(carol, method, `${prefix}/workflows/${workflow.id}/schedule-deletion`),
          404,
          'not_found',
        );
        expectProblem(
          await call(alice, method, `${prefix}/workflows/${randomUUID()}/schedule-deletion`),
          404,
          'not_found',
        );
        expectProblem(
          await call(alice, method, `${prefix}/workflows/not-a-uuid/schedule-deletion`),
          404,
          'not_found',
        );
      }
    }
    expect((await record(alice, workflow.id)).scheduled_for_deletion).toBeNull();
    // The owner's answer carries the owner-only value; collaborators never get it from a read.
    const scheduled = json(await call(alice, 'PUT', `/workflows/${workflow.id}/schedule-deletion`));
    expect(scheduled.auth_header_value).toBe('owner-secret');
    expect((await record(bob, workflow.id)).auth_header_value).toBeNull();
    expectProblem(await call(bob, 'DELETE', `/workflows/${workflow.id}/schedule-deletion`), 403, 'forbidden');
    expect((await record(alice, workflow.id)).scheduled_for_deletion).not.toBeNull();
  });

  it('keeps a scheduled workflow listed, marked, and out of every folder until restored', async () => {
    const box = await createFolder(alice, { name: 'listed box' });
    const workflow = await createWorkflow(alice, { name: 'listed', folder_id: box.id });
    await call(alice, 'PUT', `/api/workflows/${workflow.id}/schedule-deletion`);
    const listed = json(await call(alice, 'GET', '/api/workflows')).items.find(
      (w: any) => w.id === workflow.id,
    );
    expect(listed).toMatchObject({ folder_id: null, scheduled_for_deletion: expect.any(String) });
    expectProblem(
      await call(alice, 'PATCH', `/api/workflows/${workflow.id}`, { folder_id: box.id }),
      409,
      'conflict',
    );
    // Other edits are still allowed.
    expect(
      (await call(alice, 'PATCH', `/api/workflows/${workflow.id}`, { name: 'renamed' })).statusCode,
    ).toBe(200);
    await call(alice, 'DELETE', `/api/workflows/${workflow.id}/schedule-deletion`);
    expect(
      json(await call(alice, 'PATCH', `/api/workflows/${workflow.id}`, { folder_id: box.id })).folder_id,
    ).toBe(box.id);
  });
});
