import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeError, NonRetriableError } from '../../core/engine/index.js';
import { createTestContext, runNodeForTest, runNodeWithContext } from '../test-support.js';
import httpNode, { MAX_RESPONSE_BYTES } from './index.js';

let server: http.Server;
let base: string;
/** Resolvers for tests that wait on the server side of a held request. */
const held = new Map<string, { arrived: () => void; closed: () => void }>();

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    switch (url.pathname) {
      case '/echo': {
        const body = await readBody(req);
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(
          JSON.stringify({
            method: req.method,
            query: Object.fromEntries(url.searchParams),
            headers: req.headers,
            body,
          }),
        );
        return;
      }
      case '/text':
        res.setHeader('content-type', 'text/plain');
        res.end('plain words');
        return;
      case '/bad-json':
        res.setHeader('content-type', 'application/json');
        res.end('{not json');
        return;
      case '/status':
        res.statusCode = Number(url.searchParams.get('code'));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ reason: 'nope' }));
        return;
      case '/big-declared':
        res.setHeader('content-length', String(MAX_RESPONSE_BYTES + 1));
        res.end(Buffer.alloc(MAX_RESPONSE_BYTES + 1, 97));
        return;
      case '/big-stream': {
        const chunk = Buffer.alloc(1024 * 1024, 98);
        let sent = 0;
        const push = () => {
          while (sent <= MAX_RESPONSE_BYTES && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', push);
          }
          res.end();
        };
        push();
        return;
      }
      case '/hold': {
        const hooks = held.get(url.searchParams.get('id') ?? '');
        hooks?.arrived();
        req.on('close', () => hooks?.closed());
        res.on('close', () => hooks?.closed());
        return; // never answers
      }
      default:
        res.statusCode = 404;
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fetchPort = (url: string, init: RequestInit) => fetch(url, init);

describe('http node', () => {
  it('sends method, query, headers and a JSON body; parses a JSON response', async () => {
    const result = await runNodeForTest(
      httpNode,
      {
        method: 'POST',
        url: `${base}/echo`,
        query: [
          { key: 'q', value: '$input.term' },
          { key: '', value: 'ignored' },
        ],
        headers: [{ key: 'X-Trace', value: 'abc' }],
        body: { term: '$input.term', n: '$input.n' },
      },
      { input: { term: 'cats', n: 3 }, http: fetchPort },
    );
    expect(result.output).toMatchObject({
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: {
        method: 'POST',
        query: { q: 'cats' },
        headers: { 'x-trace': 'abc', 'content-type': 'application/json' },
        body: JSON.stringify({ term: 'cats', n: 3 }),
      },
    });
  });

  it('returns text for a non-JSON response, and for JSON that does not parse', async () => {
    const text = await runNodeForTest(httpNode, { url: `${base}/text` }, { http: fetchPort });
    expect(text.output).toMatchObject({ status: 200, body: 'plain words' });
    const broken = await runNodeForTest(httpNode, { url: `${base}/bad-json` }, { http: fetchPort });
    expect(broken.output).toMatchObject({ body: '{not json' });
  });

  it('fails on error statuses, retriable only for 5xx, unless told to ignore them', async () => {
    const notFound = await runNodeForTest(
      httpNode,
      { url: `${base}/status?code=404` },
      { http: fetchPort },
    ).catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(NodeError);
    expect(notFound).toMatchObject({
      retriable: false,
      message: expect.stringContaining('HTTP 404 Not Found'),
    });
    await expect(
      runNodeForTest(httpNode, { url: `${base}/status?code=503` }, { http: fetchPort }),
    ).rejects.toMatchObject({
      retriable: true,
    });
    const ignored = await runNodeForTest(
      httpNode,
      { url: `${base}/status?code=404`, ignoreErrorStatus: true },
      { http: fetchPort },
    );
    expect(ignored.output).toMatchObject({ status: 404, body: { reason: 'nope' } });
  });

  it('times out', async () => {
    held.set('timeout', { arrived: () => {}, closed: () => {} });
    const error = await runNodeForTest(
      httpNode,
      { url: `${base}/hold?id=timeout`, timeoutMs: 50 },
      { http: fetchPort },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NodeError);
    expect(error).toMatchObject({
      retriable: true,
      message: expect.stringContaining('timed out after 50 ms'),
    });
  });

  it('refuses a body over the size cap, declared or streamed', async () => {
    await expect(
      runNodeForTest(httpNode, { url: `${base}/big-declared` }, { http: fetchPort }),
    ).rejects.toThrow(`Response body exceeds the limit of ${MAX_RESPONSE_BYTES} bytes`);
    const streamed = await runNodeForTest(httpNode, { url: `${base}/big-stream` }, { http: fetchPort }).catch(
      (caught: unknown) => caught,
    );
    expect(streamed).toBeInstanceOf(NonRetriableError);
    expect(streamed).toMatchObject({
      message: `Response body exceeds the limit of ${MAX_RESPONSE_BYTES} bytes`,
    });
  });

  it('aborts the request when the run is cancelled', async () => {
    let arrived: () => void = () => {};
    let closed: () => void = () => {};
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    held.set('abort', { arrived, closed });
    const controller = new AbortController();
    const pending = runNodeForTest(
      httpNode,
      { url: `${base}/hold?id=abort` },
      { http: fetchPort, signal: controller.signal },
    );
    await requestArrived;
    controller.abort(new Error('run cancelled'));
    await expect(pending).rejects.toThrow('run cancelled');
    await connectionClosed;
  });

  it('refuses bad URLs without retrying', async () => {
    await expect(runNodeForTest(httpNode, { url: 'not a url' }, { http: fetchPort })).rejects.toBeInstanceOf(
      NonRetriableError,
    );
    await expect(
      runNodeForTest(httpNode, { url: 'file:///etc/passwd' }, { http: fetchPort }),
    ).rejects.toThrow('Unsupported URL scheme "file:"');
  });
});

describe('http node credentials', () => {
  let server: http.Server;
  let url: string;
  const seen: http.IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push(request.headers);
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/secure`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const credentialsById = {
    b: { type: 'bearer', values: { token: 'bearer-secret-123' } },
    h: { type: 'header', values: { header_key: 'X-Api-Key', header_value: 'header-secret-456' } },
    s: { type: 'smtp', values: { password: 'x' } },
  };

  it('sends a bearer credential as Authorization: Bearer', async () => {
    const ctx = createTestContext({ http: (u, init) => fetch(u, init), credentialsById });
    await runNodeWithContext(httpNode, { label: 'call', url, credentialId: 'b' }, ctx);
    expect(seen.at(-1)!.authorization).toBe('Bearer bearer-secret-123');
  });

  it('sends a header credential as its own header', async () => {
    const ctx = createTestContext({ http: (u, init) => fetch(u, init), credentialsById });
    await runNodeWithContext(httpNode, { label: 'call', url, credentialId: 'h' }, ctx);
    expect(seen.at(-1)!['x-api-key']).toBe('header-secret-456');
  });

  it('refuses other credential types and unknown ids', async () => {
    const ctx = createTestContext({ http: (u, init) => fetch(u, init), credentialsById });
    await expect(
      runNodeWithContext(httpNode, { label: 'call', url, credentialId: 's' }, ctx),
    ).rejects.toThrow(/cannot authenticate/);
    await expect(
      runNodeWithContext(httpNode, { label: 'call', url, credentialId: 'nope' }, ctx),
    ).rejects.toThrow(/not available/);
  });
});
