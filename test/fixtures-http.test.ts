/**
 * The workflow fixtures again, end to end: saved through the API and run through the execute
 * endpoint, on both backends. Fixtures that need ports the HTTP path cannot supply here (canned
 * HTTP responses, other workflows' ids, chosen trigger nodes, global variables) run in
 * test/fixtures/workflows.test.ts only.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import { createWorkflow } from './support/executions.js';

const directory = new URL('./fixtures/workflows/', import.meta.url);
const fixtures = fs
  .readdirSync(directory)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(fs.readFileSync(new URL(file, directory), 'utf8')))
  .filter(
    (f) => !f.httpResponses && !f.startNodeIds && !f.global && !String(f.name).startsWith('sub-workflow'),
  )
  .filter((f) => f.nodes.some((n: { type: string }) => n.type === 'textInput'));

const matrix = await backendMatrix();

describe.each(matrix)('fixtures over HTTP on $name', ({ db, store }) => {
  let t: TestApp;
  let owner: Registered;
  beforeAll(async () => {
    t = await createTestApp({ db, store });
    owner = await register(t.app, 'fixtures@example.com');
  });
  afterAll(() => t.close());

  it('covers the branching shapes', () => {
    expect(fixtures.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'linear',
        'condition',
        'switch',
        'loop',
        'merge',
        'return-early',
        'json-mapper',
        'throw-error',
      ]),
    );
  });

  it.each(fixtures.map((f) => [f.name, f]))('%s', async (_name, fixture) => {
    const wf = await createWorkflow(t.app, owner.headers, { nodes: fixture.nodes, edges: fixture.edges });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${wf.id}/execute${fixture.testRun ? '?test_run=true' : ''}`,
      headers: fixture.testRun ? owner.headers : {},
      payload: fixture.trigger.body ?? {},
    });
    const body = json(response);
    const expected = fixture.expect;
    expect(response.statusCode).toBe(expected.httpStatus ?? 200);
    if (expected.responseBody !== undefined) {
      expect(body).toEqual(expected.responseBody);
      return;
    }
    if (expected.earlyOutput) {
      const early = expected.earlyOutput as { label: string; output: unknown };
      expect(body).toMatchObject({ status: 'success', outputs: { [early.label]: early.output } });
      return;
    }
    expect(body.status).toBe(expected.status);
    expect(body.outputs).toEqual(expected.outputs);
  });
});
