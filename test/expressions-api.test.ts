import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import { createWorkflow, edge, greeter, node } from './support/executions.js';

describe('POST /api/expressions/evaluate', () => {
  let t: TestApp;
  let owner: Registered;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await register(t.app, 'preview@example.com');
  });
  afterAll(() => t.close());

  const evaluate = (payload: Record<string, unknown>, headers: Record<string, string> = owner.headers) =>
    t.app.inject({ method: 'POST', url: '/api/expressions/evaluate', headers, payload });

  it('needs a session', async () => {
    expect((await evaluate({ expression: '1 + 1' }, {})).statusCode).toBe(401);
  });

  it.each([
    ['$input.count + 1', { input: { count: 41 } }, 42, 'number'],
    ['$input.items.map(x => x * 2)', { input: { items: [1, 2] } }, [2, 4], 'array'],
    ['Hello $user.name!', { nodes: { user: { name: 'Ada' } } }, 'Hello Ada!', 'string'],
    ['{{ $vars.n > 1 }}', { vars: { n: 2 } }, true, 'boolean'],
    ['$trigger.query.page', { trigger: { query: { page: '3' } } }, '3', 'string'],
    ['$input.missing.deep', { input: {} }, null, 'null'],
  ])('%s', async (expression, context, result, type) => {
    const response = await evaluate({ expression, context });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ result, type });
  });

  it('refuses prototype access and unknown functions with 422 naming the expression', async () => {
    for (const expression of [
      '$input.__proto__',
      '{{ process.exit() }}',
      '$input.constructor.constructor("x")()',
    ]) {
      const response = await evaluate({ expression, context: { input: {} } });
      expect(response.statusCode).toBe(422);
      const body = json(response);
      expect(body.code).toBe('expression_error');
      expect(body.detail).toMatch(/^Expression error in field "expression"/);
      expect(body.detail).toContain(expression.replace(/^\{\{ | \}\}$/g, '').slice(0, 6));
    }
  });

  it("previews a node's expression with the latest run's outputs of its ancestors", async () => {
    const doc = greeter();
    const wf = await createWorkflow(t.app, owner.headers, doc);
    await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${wf.id}/execute`,
      payload: { name: 'Grace' },
    });
    await t.app.inject({ url: `/api/workflows/${wf.id}/executions`, headers: owner.headers });
    const resultNode = (doc.nodes as { id: string }[])[2]!;
    const response = await evaluate({
      expression: '$shape.greeting + " / " + $input.greeting',
      workflow_id: wf.id,
      node_id: resultNode.id,
    });
    expect(json(response)).toEqual({ result: 'Hello Grace / Hello Grace', type: 'string' });
  });

  it('uses pinned data over the last run', async () => {
    const request = node('textInput', 'request', {
      pinnedData: { body: { name: 'Pinned' }, headers: {}, query: {} },
    });
    const shape = node('set', 'shape', { mappings: [{ key: 'x', value: '$request.body.name' }] });
    const wf = await createWorkflow(t.app, owner.headers, {
      nodes: [request, shape],
      edges: [edge(request, shape)],
    });
    const response = await evaluate({
      expression: '$request.body.name',
      workflow_id: wf.id,
      node_id: shape.id,
    });
    expect(json(response).result).toBe('Pinned');
  });

  it("answers 404 for another user's workflow and for an unknown node", async () => {
    const wf = await createWorkflow(t.app, owner.headers, greeter());
    const stranger = await register(t.app, 'preview-stranger@example.com');
    expect(
      (await evaluate({ expression: '1', workflow_id: wf.id, node_id: 'x' }, stranger.headers)).statusCode,
    ).toBe(404);
    expect((await evaluate({ expression: '1', workflow_id: wf.id, node_id: 'nope' })).statusCode).toBe(404);
  });
});
