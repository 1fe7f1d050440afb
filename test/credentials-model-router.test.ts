/** Model router credentials (spec 2.7, 3.5): their references are checked on save, as the owner may use them. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialServices } from '../src/services/credentials/index.js';
import { createTeamRepository } from '../src/store/repositories/teams.js';
import { createUserRepository } from '../src/store/repositories/users.js';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import { expectProblem } from './support/workflow-api.js';

const matrix = await backendMatrix();

describe.each(matrix)('model routers on $name', ({ db, store }) => {
  let t: TestApp;
  let alice: Registered;
  let bob: Registered;
  let decision: { id: string };
  let openai: { id: string };
  let anthropic: { id: string };
  let bobsOpenai: { id: string };
  let counter = 0;

  const call = (user: Registered, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: user.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  async function create(user: Registered, type: string, values: Record<string, unknown>) {
    const response = await call(user, 'POST', '/api/credentials', {
      name: `${type}-${++counter}`,
      type,
      values,
    });
    expect(response.statusCode, response.body).toBe(201);
    return json(response);
  }
  const router = (options: Record<string, unknown>[], decisionId = decision.id) => ({
    decision_credential_id: decisionId,
    decision_model: 'small-model',
    options,
  });
  const option = (credentialId: string, extra: Record<string, unknown> = {}) => ({
    credential_id: credentialId,
    model: 'gpt-4o',
    when_to_use: 'anything hard',
    ...extra,
  });
  const postRouter = (values: Record<string, unknown>, user = alice) =>
    call(user, 'POST', '/api/credentials', { name: `router-${++counter}`, type: 'model_router', values });
  const errorPaths = (problem: { errors: { path: string }[] }) => problem.errors.map((error) => error.path);

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    alice = await register(t.app, 'alice@example.com');
    bob = await register(t.app, 'bob@example.com');
    decision = await create(alice, 'decision_model', { base_url: 'http://localhost:11434/v1' });
    openai = await create(alice, 'openai', { api_key: 'sk-alice-openai-0123' });
    anthropic = await create(alice, 'anthropic', { api_key: 'sk-alice-anthropic-01' });
    bobsOpenai = await create(bob, 'openai', { api_key: 'sk-bob-openai-012345' });
  });
  afterAll(() => t.close());

  it('saves a router over usable credentials with one fallback', async () => {
    const values = router([
      option(openai.id),
      option(anthropic.id, { model: 'claude', when_to_use: 'writing' }),
      option(openai.id, { model: 'Auto', when_to_use: '', fallback: true }),
    ]);
    const response = await postRouter(values);
    expect(response.statusCode, response.body).toBe(201);
    expect(json(response)).toMatchObject({ type: 'model_router', values, masked: {} });
  });

  it('needs the decision credential to be a decision_model credential the owner may use', async () => {
    for (const decisionId of [openai.id, bobsOpenai.id, randomUUID()]) {
      const problem = expectProblem(
        await postRouter(router([option(openai.id)], decisionId)),
        422,
        'validation_failed',
      );
      expect(errorPaths(problem)).toEqual(['values/decision_credential_id']);
    }
  });

  it('needs every option to use a model credential the owner may use, naming the option index', async () => {
    const problem = expectProblem(
      await postRouter(router([option(openai.id), option(decision.id), option(bobsOpenai.id)])),
      422,
      'validation_failed',
    );
    expect(errorPaths(problem)).toEqual(['values/options/1/credential_id', 'values/options/2/credential_id']);
    expect(problem.errors[0].message).toMatch(/option 1/);
  });

  it('accepts an option credential shared with the owner', async () => {
    const share = await call(bob, 'POST', `/api/credentials/${bobsOpenai.id}/shares`, { email: alice.email });
    expect(share.statusCode).toBe(201);
    expect((await postRouter(router([option(bobsOpenai.id)]))).statusCode).toBe(201);
    await call(bob, 'DELETE', `/api/credentials/${bobsOpenai.id}/shares/${alice.userId}`);
  });

  it('allows at most one fallback, which names a real model like every option', async () => {
    const two = expectProblem(
      await postRouter(
        router([
          option(openai.id, { model: 'Auto', fallback: true }),
          option(anthropic.id, { model: 'Auto', fallback: true }),
        ]),
      ),
      422,
      'validation_failed',
    );
    expect(errorPaths(two)).toEqual(['values/options/1/fallback']);
    const realModel = await postRouter(
      router([option(openai.id), option(anthropic.id, { model: 'claude-sonnet', fallback: true })]),
    );
    expect(realModel.statusCode, realModel.body).toBe(201);
  });

  it('checks the shape first: at least one option, known members only', async () => {
    const problem = expectProblem(
      await postRouter({
        decision_credential_id: decision.id,
        decision_model: 'm',
        options: [{ credential_id: 'x' }],
      }),
      422,
      'validation_failed',
    );
    expect(errorPaths(problem).sort()).toEqual([
      'values/options/0/credential_id',
      'values/options/0/model',
      'values/options/0/when_to_use',
    ]);
  });

  it('re-checks on PATCH and leaves the router as it was when refused', async () => {
    const created = json(await postRouter(router([option(openai.id)])));
    const refused = await call(alice, 'PATCH', `/api/credentials/${created.id}`, {
      values: { options: [option(decision.id)] },
    });
    expect(errorPaths(expectProblem(refused, 422, 'validation_failed'))).toEqual([
      'values/options/0/credential_id',
    ]);
    const read = json(await call(alice, 'GET', `/api/credentials/${created.id}`));
    expect(read.values.options).toEqual([option(openai.id)]);
    const accepted = await call(alice, 'PATCH', `/api/credentials/${created.id}`, {
      values: { options: [option(anthropic.id, { model: 'Auto', fallback: true })] },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('resolves a router with its references loaded as its owner may use them', async () => {
    const created = json(
      await postRouter(router([option(openai.id), option(anthropic.id, { model: 'Auto', fallback: true })])),
    );
    const { credentialScope } = createCredentialServices({
      db: t.database.db,
      encryptionKey: t.config.encryptionKey,
      users: createUserRepository(t.database.db),
      teams: createTeamRepository(t.database.db),
    });
    const resolved = await credentialScope.resolveModelRouter(alice.userId, created.id);
    expect(resolved?.decision).toMatchObject({
      id: decision.id,
      type: 'decision_model',
      model: 'small-model',
    });
    expect(resolved?.options.map((o) => [o.type, o.model, o.fallback, o.values.api_key])).toEqual([
      ['openai', 'gpt-4o', false, 'sk-alice-openai-0123'],
      ['anthropic', 'Auto', true, 'sk-alice-anthropic-01'],
    ]);
    expect(await credentialScope.resolveModelRouter(bob.userId, created.id)).toBeUndefined();
    expect(await credentialScope.resolveModelRouter(alice.userId, openai.id)).toBeUndefined();
    // A router is left out of $credentials, but its references' secrets are masked in runs.
    expect(await credentialScope.credentialScopeFor(alice.userId)).not.toHaveProperty(`router-${counter}`);
    expect(await credentialScope.secretValuesFor(alice.userId)).toEqual(
      expect.arrayContaining(['sk-alice-openai-0123', 'sk-alice-anthropic-01']),
    );
  });
});
