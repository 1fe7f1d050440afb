/** Folders over HTTP (spec 2.2, 4.5; design 9/10) on every backend, at both path styles. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teamMembers, teams, workflowShares, workflowTeamShares } from '../src/store/schema.js';
import { backendMatrix, json } from './support/app.js';
import { register } from './support/auth.js';
import { folderClient, FOLDER_KEYS, NODE_KEYS, PREFIXES, shape } from './support/folder-api.js';
import { useTestApp } from './support/suite.js';
import { expectProblem } from './support/workflow-api.js';

const matrix = await backendMatrix();

describe.each(matrix)('folders on $name', ({ db, store }) => {
  const {
    t,
    users: { alice, bob, carol },
  } = useTestApp({ db, store }, ['alice', 'bob', 'carol']);
  const { call, createFolder, createWorkflow, fileWorkflow, tree, folder, record, share } = folderClient(
    () => t.app,
  );

  describe.each(PREFIXES)('at "%s/folders..."', (prefix) => {
    it('serves every folder endpoint', async () => {
      const root = await createFolder(alice, { name: '  Root  ', description: 'top' }, prefix);
      expect(Object.keys(root).sort()).toEqual(FOLDER_KEYS);
      expect(root).toMatchObject({ name: 'Root', description: 'top', parent_id: null });
      expect(new Date(root.created_at).toISOString()).toBe(root.created_at);
      const child = await createFolder(alice, { name: 'Child', parent_id: root.id }, prefix);
      expect(child).toMatchObject({ parent_id: root.id, description: '' });

      const list = await call(alice, 'GET', `${prefix}/folders`);
      expect(list.statusCode).toBe(200);
      const roots = json(list).items;
      expect(roots.map((f: any) => f.id)).toContain(root.id);
      expect(roots.map((f: any) => f.id)).not.toContain(child.id);
      for (const item of roots) expect(Object.keys(item).sort()).toEqual(FOLDER_KEYS);

      const workflow = await createWorkflow(alice, { name: `in ${prefix || 'spec'}` });
      const filed = await fileWorkflow(alice, child.id, workflow.id, prefix);
      expect(filed.statusCode, filed.body).toBe(200);
      expect(json(filed)).toEqual({ workflow_id: workflow.id, folder_id: child.id });
      expect((await record(alice, workflow.id)).folder_id).toBe(child.id);

      const one = await folder(alice, root.id, prefix);
      expect(Object.keys(one).sort()).toEqual(NODE_KEYS);
      expect(shape(one)).toEqual({
        name: 'Root',
        workflows: [],
        children: [{ name: 'Child', workflows: [workflow.name], children: [] }],
      });
      expect(one.children[0].workflows[0]).toEqual({
        id: workflow.id,
        name: workflow.name,
        description: '',
        owner_id: alice.userId,
        created_at: workflow.created_at,
        updated_at: expect.any(String),
        scheduled_for_deletion: null,
      });
      const nodes = await tree(alice, prefix);
      expect(nodes.find((node) => node.id === root.id)).toEqual(one);

      const renamed = await call(alice, 'PUT', `${prefix}/folders/${child.id}`, {
        name: 'Renamed',
        description: null,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(json(renamed)).toEqual({ ...child, name: 'Renamed', description: '' });
      const moved = await call(alice, 'PUT', `${prefix}/folders/${child.id}`, { parent_id: null });
      expect(json(moved).parent_id).toBeNull();

      const unfiled = await call(alice, 'DELETE', `${prefix}/folders/workflows/${workflow.id}/folder`);
      expect(unfiled.statusCode).toBe(204);
      expect((await record(alice, workflow.id)).folder_id).toBeNull();

      const exported = await call(alice, 'GET', `${prefix}/folders/${root.id}/export`);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toBe('application/zip');

      for (const id of [root.id, child.id]) {
        expect((await call(alice, 'DELETE', `${prefix}/folders/${id}`)).statusCode).toBe(204);
        expectProblem(await call(alice, 'GET', `${prefix}/folders/${id}`), 404, 'not_found');
      }
    });

    it('answers 401 to anonymous callers on every folder route', async () => {
      const id = randomUUID();
      const routes: [string, string, unknown?][] = [
        ['GET', '/folders'],
        ['GET', '/folders/tree'],
        ['GET', `/folders/${id}`],
        ['POST', '/folders', { name: 'x' }],
        ['PUT', `/folders/${id}`, { name: 'x' }],
        ['DELETE', `/folders/${id}`],
        ['PUT', `/folders/${id}/workflows/${id}`],
        ['DELETE', `/folders/workflows/${id}/folder`],
        ['GET', `/folders/${id}/export`],
        ['POST', '/folders/import', {}],
        ['PUT', `/workflows/${id}/schedule-deletion`],
        ['DELETE', `/workflows/${id}/schedule-deletion`],
      ];
      for (const [method, url, payload] of routes) {
        expectProblem(await call(null, method, `${prefix}${url}`, payload), 401, 'unauthorized');
      }
    });
  });

  it('builds the tree: roots with children recursively and the workflows in each, by name', async () => {
    const user = await register(t.app, `tree-${randomUUID()}@example.com`);
    const b = await createFolder(user, { name: 'B' });
    const a = await createFolder(user, { name: 'A' });
    const a2 = await createFolder(user, { name: 'A2', parent_id: a.id });
    const a1 = await createFolder(user, { name: 'A1', parent_id: a.id });
    const deep = await createFolder(user, { name: 'deep', parent_id: a1.id });
    for (const [name, folderId] of [
      ['w-b', b.id],
      ['w-a-2', a.id],
      ['w-a-1', a.id],
      ['w-deep', deep.id],
    ] as const) {
      await createWorkflow(user, { name, folder_id: folderId });
    }
    await createWorkflow(user, { name: 'at root' });
    expect((await tree(user)).map(shape)).toEqual([
      {
        name: 'A',
        workflows: ['w-a-1', 'w-a-2'],
        children: [
          { name: 'A1', workflows: [], children: [{ name: 'deep', workflows: ['w-deep'], children: [] }] },
          { name: 'A2', workflows: [], children: [] },
        ],
      },
      { name: 'B', workflows: ['w-b'], children: [] },
    ]);
    expect(json(await call(user, 'GET', '/folders')).items.map((f: any) => f.name)).toEqual(['A', 'B']);
    expect(shape(await folder(user, a1.id))).toEqual({
      name: 'A1',
      workflows: [],
      children: [{ name: 'deep', workflows: ['w-deep'], children: [] }],
    });
    expect((await folder(user, a2.id)).parent_id).toBe(a.id);
  });

  it("keeps folders per user: another user's folder is 404 everywhere", async () => {
    const mine = await createFolder(alice, { name: 'Private' });
    const workflow = await createWorkflow(bob);
    expectProblem(await call(bob, 'GET', `/folders/${mine.id}`), 404, 'not_found');
    expectProblem(await call(bob, 'PUT', `/folders/${mine.id}`, { name: 'x' }), 404, 'not_found');
    expectProblem(await call(bob, 'DELETE', `/folders/${mine.id}`), 404, 'not_found');
    expectProblem(await call(bob, 'GET', `/folders/${mine.id}/export`), 404, 'not_found');
    expectProblem(await fileWorkflow(bob, mine.id, workflow.id), 404, 'not_found');
    expect((await tree(bob)).map((node) => node.id)).not.toContain(mine.id);
    for (const bad of ['nope', `${randomUUID()}x`, randomUUID()]) {
      expectProblem(await call(alice, 'GET', `/folders/${bad}`), 404, 'not_found');
    }
    expect((await folder(alice, mine.id)).name).toBe('Private');
  });

  it('validates folder bodies', async () => {
    const theirs = await createFolder(bob, { name: 'Theirs' });
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(201) },
      { name: 7 },
      { name: 'a\u0000b' },
      { name: 'ok', description: 'x'.repeat(5_001) },
      { name: 'ok', description: 'bad \u0000' },
      { name: 'ok', parent_id: 'not-a-uuid' },
    ]) {
      expectProblem(await call(alice, 'POST', '/folders', body), 422, 'validation_failed');
    }
    for (const parent_id of [theirs.id, randomUUID()]) {
      const body = expectProblem(
        await call(alice, 'POST', '/folders', { name: 'x', parent_id }),
        422,
        'validation_failed',
      );
      expect(body.errors).toEqual([{ path: 'body/parent_id', message: 'is not one of your folders' }]);
    }
    const extra = await createFolder(alice, { name: 'extra', id: randomUUID(), owner_id: bob.userId });
    expect(extra.name).toBe('extra');
    expect((await folder(alice, extra.id)).name).toBe('extra');
  });

  it('refuses to move a folder under itself, its descendants or a folder of someone else (422)', async () => {
    const top = await createFolder(alice, { name: 'top' });
    const middle = await createFolder(alice, { name: 'middle', parent_id: top.id });
    const leaf = await createFolder(alice, { name: 'leaf', parent_id: middle.id });
    const theirs = await createFolder(bob, { name: 'theirs' });
    for (const parent_id of [top.id, middle.id, leaf.id]) {
      const body = expectProblem(
        await call(alice, 'PUT', `/folders/${top.id}`, { parent_id }),
        422,
        'validation_failed',
      );
      expect(body.errors[0].path).toBe('body/parent_id');
    }
    expectProblem(
      await call(alice, 'PUT', `/api/folders/${middle.id}`, { parent_id: leaf.id }),
      422,
      'validation_failed',
    );
    expectProblem(
      await call(alice, 'PUT', `/folders/${leaf.id}`, { parent_id: theirs.id }),
      422,
      'validation_failed',
    );
    expect(shape(await folder(alice, top.id))).toEqual({
      name: 'top',
      workflows: [],
      children: [
        { name: 'middle', workflows: [], children: [{ name: 'leaf', workflows: [], children: [] }] },
      ],
    });
    // Moving sideways and back is fine.
    const other = await createFolder(alice, { name: 'other' });
    expect((await call(alice, 'PUT', `/folders/${leaf.id}`, { parent_id: other.id })).statusCode).toBe(200);
    expect((await call(alice, 'PUT', `/folders/${other.id}`, { parent_id: middle.id })).statusCode).toBe(200);
    expectProblem(
      await call(alice, 'PUT', `/folders/${middle.id}`, { parent_id: leaf.id }),
      422,
      'validation_failed',
    );
  });

  it('caps folder nesting at 32 levels', async () => {
    const user = await register(t.app, `deep-${randomUUID()}@example.com`);
    let parent: string | null = null;
    for (let level = 1; level <= 32; level++)
      parent = (await createFolder(user, { name: `l${level}`, parent_id: parent })).id;
    expectProblem(
      await call(user, 'POST', '/folders', { name: 'l33', parent_id: parent }),
      422,
      'validation_failed',
    );
    const pair = await createFolder(user, { name: 'pair' });
    await createFolder(user, { name: 'below', parent_id: pair.id });
    expectProblem(
      await call(user, 'PUT', `/folders/${pair.id}`, { parent_id: parent }),
      422,
      'validation_failed',
    );
  });

  it('deletes a folder with its sub-folders and moves their workflows to the root', async () => {
    const top = await createFolder(alice, { name: 'doomed' });
    const sub = await createFolder(alice, { name: 'doomed-sub', parent_id: top.id });
    const subsub = await createFolder(alice, { name: 'doomed-subsub', parent_id: sub.id });
    const keep = await createFolder(alice, { name: 'kept' });
    const ids: string[] = [];
    for (const folderId of [top.id, sub.id, subsub.id, subsub.id]) {
      ids.push((await createWorkflow(alice, { name: 'survivor', folder_id: folderId })).id);
    }
    const elsewhere = await createWorkflow(alice, { name: 'elsewhere', folder_id: keep.id });
    // Bob files a workflow shared with him into his own folder; deleting alice's tree leaves it.
    const shared = await createWorkflow(alice, { name: 'shared', folder_id: sub.id });
    await share(alice, shared.id, bob.email);
    const bobs = await createFolder(bob, { name: 'bobs' });
    expect((await fileWorkflow(bob, bobs.id, shared.id)).statusCode).toBe(200);

    expect((await call(alice, 'DELETE', `/api/folders/${top.id}`)).statusCode).toBe(204);
    for (const id of [top.id, sub.id, subsub.id])
      expectProblem(await call(alice, 'GET', `/folders/${id}`), 404, 'not_found');
    for (const id of [...ids, shared.id]) expect((await record(alice, id)).folder_id).toBeNull();
    expect((await record(alice, elsewhere.id)).folder_id).toBe(keep.id);
    expect((await folder(bob, bobs.id)).workflows.map((w: any) => w.id)).toEqual([shared.id]);
    expectProblem(await call(alice, 'DELETE', `/folders/${top.id}`), 404, 'not_found');
  });

  it("lets a collaborator file a shared workflow in their own folder, leaving the owner's alone", async () => {
    const ownersFolder = await createFolder(alice, { name: 'owner side' });
    const workflow = await createWorkflow(alice, { name: 'shared doc', folder_id: ownersFolder.id });
    await share(alice, workflow.id, bob.email);
    const bobsFolder = await createFolder(bob, { name: 'bob side' });

    const filed = await fileWorkflow(bob, bobsFolder.id, workflow.id, '');
    expect(filed.statusCode, filed.body).toBe(200);
    expect(json(filed)).toEqual({ workflow_id: workflow.id, folder_id: bobsFolder.id });
    const [row] = await t.database.db
      .select()
      .from(workflowShares)
      .where(eq(workflowShares.workflowId, workflow.id));
    expect(row).toMatchObject({ userId: bob.userId, folderId: bobsFolder.id });
    expect((await record(alice, workflow.id)).folder_id).toBe(ownersFolder.id);
    expect((await folder(bob, bobsFolder.id)).workflows).toEqual([
      expect.objectContaining({ id: workflow.id, owner_id: alice.userId, name: 'shared doc' }),
    ]);
    expect((await folder(alice, ownersFolder.id)).workflows.map((w: any) => w.id)).toEqual([workflow.id]);
    expect(
      (await tree(bob)).find((node) => node.id === bobsFolder.id).workflows.map((w: any) => w.id),
    ).toEqual([workflow.id]);

    // Not into the owner's folder, and not as someone without access.
    expectProblem(await fileWorkflow(bob, ownersFolder.id, workflow.id), 404, 'not_found');
    const carols = await createFolder(carol, { name: 'carol side' });
    expectProblem(await fileWorkflow(carol, carols.id, workflow.id), 404, 'not_found');
    expectProblem(await call(carol, 'DELETE', `/folders/workflows/${workflow.id}/folder`), 404, 'not_found');

    // The collaborator cannot move the owner's copy with PATCH either.
    expectProblem(
      await call(bob, 'PATCH', `/api/workflows/${workflow.id}`, { folder_id: bobsFolder.id }),
      403,
      'owner_only_setting',
    );

    const removed = await call(bob, 'DELETE', `/folders/workflows/${workflow.id}/folder`);
    expect(removed.statusCode).toBe(204);
    expect((await folder(bob, bobsFolder.id)).workflows).toEqual([]);
    expect((await record(alice, workflow.id)).folder_id).toBe(ownersFolder.id);
    // Removing the share takes the workflow out of the collaborator's tree with it.
    await fileWorkflow(bob, bobsFolder.id, workflow.id);
    await call(alice, 'DELETE', `/api/workflows/${workflow.id}/shares/${bob.userId}`);
    expect((await folder(bob, bobsFolder.id)).workflows).toEqual([]);
  });

  it('answers 409 to a collaborator with team access only (there is no share row to file)', async () => {
    const workflow = await createWorkflow(alice, { name: 'team doc' });
    const [team] = await t.database.db
      .insert(teams)
      .values({ name: 'T', creatorId: alice.userId })
      .returning();
    await t.database.db.insert(teamMembers).values([
      { teamId: team!.id, userId: alice.userId },
      { teamId: team!.id, userId: carol.userId },
    ]);
    await t.database.db.insert(workflowTeamShares).values({ workflowId: workflow.id, teamId: team!.id });
    const carols = await createFolder(carol, { name: 'carol team side' });
    expectProblem(await fileWorkflow(carol, carols.id, workflow.id), 409, 'conflict');
    expect((await call(carol, 'DELETE', `/folders/workflows/${workflow.id}/folder`)).statusCode).toBe(204);
  });

  it("checks workflow folder_id: one of the caller's folders, else 422", async () => {
    const mine = await createFolder(alice, { name: 'mine' });
    const theirs = await createFolder(bob, { name: 'theirs' });
    for (const folder_id of [theirs.id, randomUUID()]) {
      const created = expectProblem(
        await call(alice, 'POST', '/api/workflows', { name: 'W', folder_id }),
        422,
        'validation_failed',
      );
      expect(created.errors).toEqual([{ path: 'body/folder_id', message: 'is not one of your folders' }]);
    }
    const workflow = await createWorkflow(alice);
    for (const folder_id of [theirs.id, randomUUID()]) {
      expectProblem(
        await call(alice, 'PATCH', `/api/workflows/${workflow.id}`, { folder_id }),
        422,
        'validation_failed',
      );
    }
    const moved = await call(alice, 'PATCH', `/api/workflows/${workflow.id}`, { folder_id: mine.id });
    expect(json(moved).folder_id).toBe(mine.id);
    // Moving into a foreign folder through the folder route is 404 (the folder is not theirs to see).
    expectProblem(await fileWorkflow(alice, theirs.id, workflow.id), 404, 'not_found');
    expectProblem(await fileWorkflow(alice, mine.id, randomUUID()), 404, 'not_found');
    expectProblem(await fileWorkflow(alice, mine.id, 'not-a-uuid'), 404, 'not_found');
  });

  it('keeps workflows scheduled for deletion out of folders', async () => {
    const box = await createFolder(alice, { name: 'box' });
    const workflow = await createWorkflow(alice, { name: 'to go', folder_id: box.id });
    await share(alice, workflow.id, bob.email);
    const bobsBox = await createFolder(bob, { name: 'bob box' });
    await fileWorkflow(bob, bobsBox.id, workflow.id);

    const scheduled = await call(alice, 'PUT', `/workflows/${workflow.id}/schedule-deletion`);
    expect(json(scheduled)).toMatchObject({ folder_id: null, scheduled_for_deletion: expect.any(String) });
    expect((await folder(alice, box.id)).workflows).toEqual([]);
    expect((await folder(bob, bobsBox.id)).workflows).toEqual([]);
    expectProblem(await fileWorkflow(alice, box.id, workflow.id), 409, 'conflict');
    expectProblem(await fileWorkflow(bob, bobsBox.id, workflow.id), 409, 'conflict');
    expectProblem(
      await call(alice, 'PATCH', `/api/workflows/${workflow.id}`, { folder_id: box.id }),
      409,
      'conflict',
    );

    await call(alice, 'DELETE', `/workflows/${workflow.id}/schedule-deletion`);
    // Restored at the root for the owner; the collaborator's own filing comes back with it.
    expect((await record(alice, workflow.id)).folder_id).toBeNull();
    expect((await folder(bob, bobsBox.id)).workflows.map((w: any) => w.id)).toEqual([workflow.id]);
    expect((await fileWorkflow(alice, box.id, workflow.id)).statusCode).toBe(200);
  });
});
