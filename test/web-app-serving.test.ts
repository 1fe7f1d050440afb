/** The web app's server side: node and credential type catalogues, and web/dist at `/` with SPA fallback. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { nodeDefinitions } from '../src/nodes/registry.js';
import { createTestStore, testConfig } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';

describe('web app serving', () => {
  let app: FastifyInstance;
  let bare: FastifyInstance;
  let database: TestDatabase;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skein-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Skein</title>');
    fs.writeFileSync(path.join(webDir, 'assets/app-abc123.js'), 'console.log(1)');
    database = await createTestDatabase('pglite');
    const deps = { config: testConfig(), database, logger: false as const };
    app = await buildApp({ ...deps, store: createTestStore('memory'), webDir });
    bare = await buildApp({ ...deps, store: createTestStore('memory'), webDir: null });
  });

  afterAll(async () => {
    await app?.close();
    await bare?.close();
    await database?.destroy();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('publishes every node type with its schema, handles and docs', async () => {
    const response = await app.inject({ url: '/api/node-types' });
    expect(response.statusCode).toBe(200);
    const { items } = response.json() as {
      items: { type: string; schema: any; handles: any; docs: string }[];
    };
    expect(items.map((i) => i.type)).toEqual(nodeDefinitions.map((d) => d.type));
    const byType = new Map(items.map((i) => [i.type, i]));
    expect(byType.get('condition')!.handles).toEqual({
      source: ['true', 'false'],
      target: [],
      dynamic: false,
    });
    expect(byType.get('switch')!.handles).toMatchObject({ source: ['default'], dynamic: true });
    expect(byType.get('loop')!.handles).toMatchObject({ source: ['loop', 'done'], target: ['loop'] });
    expect(byType.get('set')!.schema.properties.mappings.type).toBe('array');
    expect(byType.get('textInput')!.docs).toContain('HTTP input');
  });

  it('publishes the credential types and their fields', async () => {
    const response = await app.inject({ url: '/api/credential-types' });
    expect(response.statusCode).toBe(200);
    const bearer = (response.json() as { items: any[] }).items.find((i) => i.type === 'bearer');
    expect(bearer.fields).toEqual([
      { name: 'token', secret: true, required: true, schema: expect.any(Object) },
    ]);
  });

  it('serves index.html at / and for client routes, assets with long caching', async () => {
    for (const url of ['/', '/workflows/abc', '/credentials?x=1']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Skein</title>');
    }
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('keeps unknown /api paths as problem+json 404 and never leaves the web root', async () => {
    const api = await app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
    expect(api.json()).toMatchObject({ code: 'route_not_found' });
    const traversal = await app.inject({ url: '/..%2f..%2fpackage.json' });
    expect(traversal.body).not.toContain('"name"');
    const bad = await app.inject({ url: '/%E0%A4%A' });
    expect([200, 400, 404]).toContain(bad.statusCode);
  });

  it('serves nothing at / without a built web app', async () => {
    const response = await bare.inject({ url: '/' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });
});
