/** Folder export and import over HTTP (spec 4.5 and beyond it) on every backend. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { credentials, folders, workflows } from '../src/store/schema.js';
import { backendMatrix, json } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import { folderClient, PREFIXES, shape } from './support/folder-api.js';
import { useTestApp } from './support/suite.js';
import { expectProblem, EXPORTED_KEYS, greeter } from './support/workflow-api.js';

const matrix = await backendMatrix();

const pick = (record: any, fields = EXPORTED_KEYS) =>
  Object.fromEntries(fields.map((field) => [field, record[field]]));

const workflowJson = (workflow: Record<string, unknown>) =>
  strToU8(JSON.stringify({ format: 'skein.workflow', version: 1, workflow }));
const zip = (files: Zippable) => Buffer.from(zipSync(files));

/** Rewrites the uncompressed size the central directory declares for its first entry. */
function declareSize(archive: Buffer, size: number): Buffer {
  const patched = Buffer.from(archive);
  const end = patched.length - 22;
  const directory = patched.readUInt32LE(end + 16);
  patched.writeUInt32LE(size, directory + 24);
  return patched;
}

describe.each(matrix)('folder export and import on $name', ({ db, store }) => {
  const {
    t,
    users: { alice, bob },
  } = useTestApp({ db, store }, ['alice', 'bob']);
  const { createFolder, createWorkflow, fileWorkflow, folder, record, share } = folderClient(() => t.app);
  const exportZip = async (user: Registered, id: string, prefix = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${prefix}/folders/${id}/export`,
      headers: user.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const importZip = (user: Registered, body: Buffer, query = '', prefix = '/api', type = 'application/zip') =>
    t.app.inject({
      method: 'POST',
      url: `${prefix}/folders/import${query}`,
      headers: { ...user.headers, 'content-type': type },
      payload: body,
    });
  const counts = async (user: Registered) => ({
    folders: (await t.database.db.select().from(folders).where(eq(folders.ownerId, user.userId))).length,
    workflows: (await t.database.db.select().from(workflows).where(eq(workflows.ownerId, user.userId)))
      .length,
  });

  it('exports a tree of folders and workflows and imports it back unchanged', async () => {
    const [credential] = await t.database.db
      .insert(credentials)
      .values({
        ownerId: alice.userId,
        name: `key-${randomUUID()}`,
        type: 'bearer',
        encryptedValues: 'sealed',
      })
      .returning();
    const root = await createFolder(alice, { name: 'Reports', description: 'quarterly' });
    const child = await createFolder(alice, { name: '2026 / Q1', parent_id: root.id });
    const empty = await createFolder(alice, { name: 'empty', description: 'kept', parent_id: child.id });
    const withCredential = structuredClone(greeter);
    (withCredential.nodes[1]!.data as Record<string, unknown>).credentialId = credential!.id;
    const first = await createWorkflow(alice, {
      name: 'Greeter',
      description: 'says hello',
      ...withCredential,
      folder_id: root.id,
      auth_type: 'header_auth',
      auth_header_key: 'X-Key',
      auth_header_value: 'top-secret-value',
      http_method: 'PUT',
      cache_ttl_seconds: 60,
      rate_limit_requests: 5,
      rate_limit_window_seconds: 10,
      sse_enabled: true,
      sse_node_config: { n1: { send_start: true, start_message: 'Go' } },
    });
    const second = await createWorkflow(alice, { name: 'Weekly: sum', ...greeter, folder_id: child.id });
    const routed = structuredClone(greeter);
    (routed.nodes[1]!.data as Record<string, unknown>).options = [
      { credential_id: randomUUID(), model: 'm' },
    ];
    const slug = `slug-${randomUUID().slice(0, 8)}`;
    const third = await createWorkflow(alice, {
      name: 'Portal',
      ...routed,
      folder_id: child.id,
      portal_enabled: true,
      portal_slug: slug,
      mcp_enabled: true,
    });

    const response = await exportZip(alice, root.id);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Reports.zip"; filename*=UTF-8''Reports.zip`,
    );
    const archive = response.rawPayload;
    const entries = unzipSync(new Uint8Array(archive));
    expect(Object.keys(entries).sort()).toEqual([
      'Reports/.folder.json',
      'Reports/2026 _ Q1/.folder.json',
      'Reports/2026 _ Q1/Portal.json',
      'Reports/2026 _ Q1/Weekly_ sum.json',
      'Reports/2026 _ Q1/empty/.folder.json',
      'Reports/Greeter.json',
    ]);
    const greeterFile = JSON.parse(Buffer.from(entries['Reports/Greeter.json']!).toString('utf8'));
    expect(greeterFile).toEqual({ format: 'skein.workflow', version: 1, workflow: pick(first) });
    expect(Buffer.from(archive).includes('top-secret-value')).toBe(false);
    expect(JSON.parse(Buffer.from(entries['Reports/2026 _ Q1/.folder.json']!).toString('utf8'))).toEqual({
      format: 'skein.folder',
      version: 1,
      name: '2026 / Q1',
      description: '',
    });

    const imported = await importZip(alice, archive);
    expect(imported.statusCode, imported.body).toBe(201);
    const result = json(imported);
    expect(result).toMatchObject({ folders_created: 3, workflows_created: 3 });
    const idOf = (path: string) => result.workflows.find((w: any) => w.path === path).id;
    expect(result.cleared_credential_refs).toEqual([
      {
        workflow: idOf('Reports/2026 _ Q1/Portal.json'),
        workflow_name: 'Portal',
        node_id: 'n2',
        field: 'data.options[0].credential_id',
      },
    ]);
    expect(result.errors).toEqual([
      {
        path: 'Reports/2026 _ Q1/Portal.json',
        message: `portal_slug "${slug}" is in use; imported without a portal slug`,
      },
    ]);

    const newRoot = result.folders.find((f: any) => f.path === 'Reports');
    expect(newRoot).toMatchObject({ name: 'Reports', parent_id: null });
    const [original, copy] = [await folder(alice, root.id), await folder(alice, newRoot.id)];
    expect(shape(copy)).toEqual(shape(original));
    expect(copy.description).toBe('quarterly');
    expect(copy.children[0].children[0]).toMatchObject({ name: 'empty', description: 'kept' });
    expect(copy.id).not.toBe(original.id);

    const greeterCopy = await record(alice, idOf('Reports/Greeter.json'));
    expect(pick(greeterCopy)).toEqual(pick(first));
    expect(greeterCopy.nodes[1].data.credentialId).toBe(credential!.id);
    expect(greeterCopy.auth_header_value).toBeNull();
    expect(pick(await record(alice, idOf('Reports/2026 _ Q1/Weekly_ sum.json')))).toEqual(pick(second));
    const portalCopy = await record(alice, idOf('Reports/2026 _ Q1/Portal.json'));
    expect(portalCopy.portal_slug).toBeNull();
    expect(portalCopy.nodes[1].data.options).toEqual([{ credential_id: null, model: 'm' }]);
    expect(pick(portalCopy)).toEqual({ ...pick(third), portal_slug: null, nodes: portalCopy.nodes });
    expect(empty.id).not.toBe(copy.children[0].children[0].id);

    // Another user imports the same archive: alice's credential is not theirs to use.
    const asBob = json(await importZip(bob, archive, '', ''));
    expect(asBob.cleared_credential_refs.map((ref: any) => [ref.workflow_name, ref.field]).sort()).toEqual([
      ['Greeter', 'data.credentialId'],
      ['Portal', 'data.options[0].credential_id'],
    ]);
    const bobsGreeter = await record(bob, asBob.workflows.find((w: any) => w.name === 'Greeter').id);
    expect(bobsGreeter.nodes[1].data.credentialId).toBeNull();
    expect(bobsGreeter.owner_id).toBe(bob.userId);
  });

  it.each(PREFIXES)('imports under a parent folder of the caller at "%s/folders/import"', async (prefix) => {
    const parent = await createFolder(alice, { name: 'parent' });
    const archive = zip({
      'Top/.folder.json': strToU8(
        JSON.stringify({ format: 'skein.folder', version: 1, name: 'Top', description: 'd' }),
      ),
      'Top/Inner/w.json': workflowJson({ name: 'inner', ...greeter }),
      'loose.json': strToU8(JSON.stringify({ name: 'bare workflow', nodes: [], edges: [] })),
      'Top/readme.txt': strToU8('hello'),
      '__MACOSX/Top/._w.json': strToU8('junk'),
    });
    const response = await importZip(
      alice,
      archive,
      `?parent_id=${parent.id}`,
      prefix,
      'application/octet-stream',
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = json(response);
    expect(result).toMatchObject({ folders_created: 2, workflows_created: 2, cleared_credential_refs: [] });
    expect(result.errors.map((e: any) => e.path).sort()).toEqual(['Top/readme.txt', '__MACOSX/Top/._w.json']);
    expect(shape(await folder(alice, parent.id))).toEqual({
      name: 'parent',
      workflows: ['bare workflow'],
      children: [
        { name: 'Top', workflows: [], children: [{ name: 'Inner', workflows: ['inner'], children: [] }] },
      ],
    });
    const theirs = await createFolder(bob, { name: 'theirs' });
    for (const parent_id of [theirs.id, randomUUID()]) {
      expectProblem(
        await importZip(alice, archive, `?parent_id=${parent_id}`, prefix),
        422,
        'validation_failed',
      );
    }
    expectProblem(await importZip(alice, archive, '?parent_id=nope', prefix), 422, 'validation_failed');
  });

  it('exports shared workflows a collaborator filed in their folder, without the owner-only secret', async () => {
    const workflow = await createWorkflow(alice, {
      name: 'shared',
      auth_header_value: 'hidden-value',
      ...greeter,
    });
    await share(alice, workflow.id, bob.email);
    const box = await createFolder(bob, { name: 'Bob box' });
    await fileWorkflow(bob, box.id, workflow.id);
    const entries = unzipSync(new Uint8Array((await exportZip(bob, box.id, '/api')).rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['Bob box/.folder.json', 'Bob box/shared.json']);
    expect(Buffer.from(entries['Bob box/shared.json']!).toString('utf8')).not.toContain('hidden-value');
  });

  describe('hostile archives answer 4xx and import nothing', () => {
    let mallory: Registered;
    beforeAll(async () => {
      mallory = await register(t.app, `mallory-${randomUUID()}@example.com`);
    });

    const good = () => ({ 'ok/fine.json': workflowJson({ name: 'fine', ...greeter }) });
    const cases: [string, () => Buffer, number, string][] = [
      [
        'random bytes',
        () => Buffer.from('this is not a zip archive at all, not even close'),
        422,
        'invalid_archive',
      ],
      ['an empty body', () => Buffer.alloc(0), 422, 'invalid_archive'],
      ['a truncated archive', () => zip(good()).subarray(0, 60), 422, 'invalid_archive'],
      [
        'a parent-directory entry',
        () => zip({ ...good(), '../evil.json': workflowJson({ name: 'x' }) }),
        422,
        'invalid_archive',
      ],
      [
        'a nested traversal',
        () => zip({ ...good(), 'a/../../evil.json': workflowJson({ name: 'x' }) }),
        422,
        'invalid_archive',
      ],
      [
        'an absolute path',
        () => zip({ ...good(), '/etc/evil.json': workflowJson({ name: 'x' }) }),
        422,
        'invalid_archive',
      ],
      [
        'a drive letter',
        () => zip({ ...good(), 'C:/evil.json': workflowJson({ name: 'x' }) }),
        422,
        'invalid_archive',
      ],
      [
        'a backslash path',
        () => zip({ ...good(), 'a\\..\\evil.json': workflowJson({ name: 'x' }) }),
        422,
        'invalid_archive',
      ],
      [
        'a control character',
        () => zip({ ...good(), 'a\u0000b.json': workflowJson({ name: 'x' }) }),
        422,
        'invalid_archive',
      ],
      [
        'invalid JSON',
        () => zip({ ...good(), 'ok/broken.json': strToU8('{"format": "skein.workflow", ') }),
        422,
        'invalid_archive',
      ],
      [
        'a non-object JSON file',
        () => zip({ ...good(), 'ok/list.json': strToU8('[1, 2]') }),
        422,
        'invalid_archive',
      ],
      [
        'a wrong format',
        () => zip({ ...good(), 'ok/w.json': strToU8('{"format": "other", "version": 1}') }),
        422,
        'invalid_archive',
      ],
      [
        'an invalid workflow graph',
        () =>
          zip({
            ...good(),
            'ok/bad.json': workflowJson({
              name: 'bad',
              nodes: [{ id: 'a', type: 'nope', position: { x: 0, y: 0 }, data: { label: 'a' } }],
              edges: [],
            }),
          }),
        422,
        'invalid_archive',
      ],
      [
        'an invalid setting',
        () => zip({ ...good(), 'ok/bad.json': workflowJson({ name: 'bad', http_method: 'PATCH' }) }),
        422,
        'invalid_archive',
      ],
      [
        'a NUL in a name',
        () => zip({ ...good(), 'ok/bad.json': workflowJson({ name: 'a\u0000b' }) }),
        422,
        'invalid_archive',
      ],
      [
        'a bad folder file',
        () =>
          zip({
            ...good(),
            'ok/.folder.json': strToU8('{"format": "skein.folder", "version": 1, "name": ""}'),
          }),
        422,
        'invalid_archive',
      ],
      [
        'a zip bomb (one entry)',
        () => zip({ ...good(), 'ok/bomb.json': new Uint8Array(64 * 1024 * 1024) }),
        413,
        'payload_too_large',
      ],
      [
        'a zip bomb (many entries)',
        () =>
          zip(
            Object.fromEntries(
              Array.from({ length: 6 }, (_, i) => [`ok/b${i}.json`, new Uint8Array(9 * 1024 * 1024)]),
            ),
          ),
        413,
        'payload_too_large',
      ],
      [
        'a header understating the size',
        () => declareSize(zip({ 'big.json': new Uint8Array(1024 * 1024).fill(32) }), 100),
        422,
        'invalid_archive',
      ],
      [
        'too many entries',
        () => zip(Object.fromEntries(Array.from({ length: 2_001 }, (_, i) => [`ok/${i}.txt`, strToU8('x')]))),
        422,
        'invalid_archive',
      ],
    ];

    it.each(cases)('%s', async (_name, build, status, code) => {
      const before = await counts(mallory);
      const body = expectProblem(await importZip(mallory, build()), status, code);
      expect(body.detail).toEqual(expect.any(String));
      expect(await counts(mallory)).toEqual(before);
    });

    it('names the offending entries of an invalid archive', async () => {
      const archive = zip({
        ...good(),
        'ok/broken.json': strToU8('{'),
        'ok/bad.json': workflowJson({ name: 'bad', http_method: 'PATCH' }),
      });
      const body = expectProblem(await importZip(mallory, archive), 422, 'invalid_archive');
      const paths = new Set(body.errors.map((error: any) => error.path.split(':')[0]));
      expect([...paths].sort()).toEqual(['ok/bad.json', 'ok/broken.json']);
      expect(body.errors).toContainEqual({ path: 'ok/broken.json', message: 'is not valid UTF-8 JSON' });
      expect(body.errors).toContainEqual({ path: 'ok/bad.json:/http_method', message: expect.any(String) });
    });

    it('refuses other content types (415) and bodies over the limit (413)', async () => {
      const before = await counts(mallory);
      expectProblem(
        await t.app.inject({
          method: 'POST',
          url: '/folders/import',
          headers: { ...mallory.headers, 'content-type': 'application/json' },
          payload: { files: [] },
        }),
        415,
        'unsupported_media_type',
      );
      expectProblem(
        await importZip(mallory, zip(good()), '', '/api', 'text/plain'),
        415,
        'unsupported_media_type',
      );
      expectProblem(await importZip(mallory, Buffer.alloc(11 * 1024 * 1024)), 413, 'payload_too_large');
      expect(await counts(mallory)).toEqual(before);
      expect((await importZip(mallory, zip(good()))).statusCode).toBe(201);
    });
  });
});
