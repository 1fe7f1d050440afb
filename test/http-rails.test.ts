import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './support/app.js';

describe('HTTP rails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BODY_LIMIT_BYTES: String(64 * 1024) } });
  });
  afterAll(() => t.close());

  const expectProblem = (
    response: { statusCode: number; headers: Record<string, unknown>; body: string },
    status: number,
    code: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = json(response);
    expect(body).toMatchObject({
      status,
      code,
      type: expect.any(String),
      title: expect.any(String),
      detail: expect.any(String),
    });
    expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
    expect(body).not.toHaveProperty('stack');
  };

  it('malformed JSON: 400 malformed_json', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", "password": ',
    });
    expectProblem(response, 400, 'malformed_json');
  });

  it('wrong content type: 415 unsupported_media_type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-yaml' },
      payload: 'email: a',
    });
    expectProblem(response, 415, 'unsupported_media_type');
  });

  it('body over the limit: 413 payload_too_large', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(70 * 1024) }),
    });
    expectProblem(response, 413, 'payload_too_large');
  });

  it('unknown route: 404 route_not_found', async () => {
    expectProblem(await t.app.inject({ url: '/api/nope' }), 404, 'route_not_found');
    expectProblem(await t.app.inject({ method: 'DELETE', url: '/api/auth/me' }), 404, 'route_not_found');
  });

  it('an over-long path segment: 414 uri_too_long, and a bad URL: 400', async () => {
    expectProblem(
      await t.app.inject({ method: 'POST', url: `/api/workflows/${'a'.repeat(300)}/execute` }),
      414,
      'uri_too_long',
    );
    expectProblem(await t.app.inject({ url: '/api/executions/%E0%A4%A' }), 400, 'bad_request');
  });

  it('schema violations: 422 validation_failed with a path per problem', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 12, password: ['x'] },
    });
    expectProblem(response, 422, 'validation_failed');
    const paths = json(response).errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body/email', 'body/password']));
  });

  it('echoes a sane X-Request-Id and generates one otherwise', async () => {
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const hostile = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'a b\u00e9<script>' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('health reports the database and the shared store', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      status: 'ok',
      database: { status: 'ok', kind: 'pglite' },
      shared_store: { status: 'ok', kind: 'memory' },
    });
  });

  it('serves an OpenAPI 3.1 document built from the route schemas, and a docs page', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = json(response);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/health']),
    );
    expect(
      doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['email', 'password']);
    let docs = await t.app.inject({ url: '/api/docs' });
    if (docs.statusCode === 302)
      docs = await t.app.inject({ url: new URL(docs.headers.location as string, 'http://x/api/').pathname });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toMatch(/swagger/i);
  });
});
