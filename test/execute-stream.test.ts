import { EventSource } from 'eventsource';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/store/repositories/folders.js';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import { parseSseBody, readSse, waitFor, type SseFrame } from './support/sse.js';
import { createWorkflow, edge, greeter, node, pausedRun } from './support/executions.js';

const matrix = await backendMatrix();

/** textInput -> wait -> set -> wait -> output: slow enough to disconnect and come back mid-run. */
function slowWorkflow(waitMs: number) {
  const request = node('textInput', 'request');
  const first = node('wait', 'first', { durationMs: waitMs });
  const shape = node('set', 'shape', { mappings: [{ key: 'n', value: '$request.body.n' }] });
  const second = node('wait', 'second', { durationMs: waitMs });
  const result = node('output', 'result', { value: '$shape.n' });
  return {
    nodes: [request, first, shape, second, result],
    edges: [edge(request, first), edge(first, shape), edge(shape, second), edge(second, result)],
  };
}

describe.each(matrix)('event stream on $name', ({ db, store }) => {
  let t: TestApp;
  let owner: Registered;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ db, store });
    owner = await register(t.app, 'streamer@example.com');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const streamed = async (workflowId: string, payload: object) =>
    parseSseBody(
      (await t.app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/execute/stream`, payload }))
        .body,
    );

  it('emits the spec 6.1 frames in order, each with an id', async () => {
    const wf = await createWorkflow(t.app, owner.headers, greeter());
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${wf.id}/execute/stream`,
      payload: { name: 'Ada' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const frames = parseSseBody(response.body);
    expect(frames.map((f) => f.id)).toEqual(frames.map((_, i) => i + 1));
    expect(frames.map((f) => f.data.type)).toEqual([
      'execution_started',
      'node_start',
      'node_complete',
      'node_start',
      'node_complete',
      'node_start',
      'node_complete',
      'execution_complete',
    ]);
    const [started] = frames;
    expect(started!.data).toEqual({
      type: 'execution_started',
      execution_id: expect.any(String),
      server_now_ms: expect.any(Number),
    });
    for (const frame of frames.filter((f) => f.data.type === 'node_start')) {
      expect(frame.data).toEqual({
        type: 'node_start',
        node_id: expect.any(String),
        node_label: expect.any(String),
        started_at_ms: expect.any(Number),
      });
    }
    for (const frame of frames.filter((f) => f.data.type === 'node_complete')) {
      expect(frame.data).toHaveProperty('output');
      expect(frame.data).toMatchObject({ status: 'success', execution_time_ms: expect.any(Number) });
    }
    expect(frames.at(-1)!.data).toEqual({
      type: 'execution_complete',
      status: 'success',
      outputs: { result: 'Hello Ada' },
      execution_time_ms: expect.any(Number),
    });
  });

  it('adds the node_start message only where send_start is on, defaulting to [START] label', async () => {
    const doc = greeter();
    const [request, shape, result] = doc.nodes as { id: string }[];
    const wf = await createWorkflow(t.app, owner.headers, doc, {
      sse_node_config: {
        [request!.id]: { send_start: true, start_message: null },
        [shape!.id]: { send_start: true, start_message: 'Shaping the greeting' },
        [result!.id]: { send_start: false, start_message: 'never shown' },
      },
    });
    const frames = await streamed(wf.id, { name: 'B' });
    const starts = frames.filter((f) => f.data.type === 'node_start').map((f) => f.data);
    expect(starts.find((s) => s.node_id === request!.id)!.message).toBe('[START] request');
    expect(starts.find((s) => s.node_id === shape!.id)!.message).toBe('Shaping the greeting');
    expect(starts.find((s) => s.node_id === result!.id)).not.toHaveProperty('message');
  });

  it('streams final_output when an Output node returns early, then the rest', async () => {
    const request = node('textInput', 'request');
    const early = node('output', 'early', { value: 'first', returnEarly: true });
    const later = node('set', 'later', { mappings: [{ key: 'done', value: 'yes' }] });
    const wf = await createWorkflow(t.app, owner.headers, {
      nodes: [request, early, later],
      edges: [edge(request, early), edge(early, later)],
    });
    const frames = await streamed(wf.id, {});
    const types = frames.map((f) => f.data.type);
    expect(types).toContain('final_output');
    expect(frames.find((f) => f.data.type === 'final_output')!.data).toEqual({
      type: 'final_output',
      node_label: 'early',
      output: 'first',
    });
    expect(types.indexOf('final_output')).toBeLessThan(types.indexOf('execution_complete'));
  });

  it('a client that lost the stream reconnects with an EventSource and sees every frame once, in order', async () => {
    const wf = await createWorkflow(t.app, owner.headers, slowWorkflow(400));
    // Start over a real socket, read the first frame, then drop the connection.
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/workflows/${wf.id}/execute/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ n: 7 }),
      signal: controller.signal,
    });
    const iterator = readSse(response.body!);
    const first = (await iterator.next()).value as SseFrame;
    expect(first.data.type).toBe('execution_started');
    const executionId = first.data.execution_id as string;
    controller.abort();

    // Follow through the replay endpoint; the first connection drops after two frames.
    const lastEventIds: (string | null)[] = [];
    let connections = 0;
    const received: { id: string; data: any }[] = [];
    await new Promise<void>((resolve, reject) => {
      const source = new EventSource(`${baseUrl}/api/executions/${executionId}/events`, {
        fetch: async (input, init) => {
          connections++;
          const headers = new Headers(init?.headers as Record<string, string>);
          lastEventIds.push(headers.get('last-event-id'));
          headers.set('authorization', owner.headers.authorization);
          const upstream = await fetch(input, { ...init, headers } as RequestInit);
          if (connections > 1) return upstream;
          // Simulate a network drop after two frames on the first connection.
          let frames = 0;
          const reader = upstream.body!.getReader();
          const cut = new ReadableStream<Uint8Array>({
            async pull(stream) {
              const { done, value } = await reader.read();
              if (done) return stream.close();
              stream.enqueue(value);
              frames += (new TextDecoder().decode(value).match(/\ndata: /g) ?? []).length;
              if (frames >= 2) {
                await reader.cancel();
                stream.error(new Error('network drop'));
              }
            },
          });
          return new Response(cut, { status: upstream.status, headers: upstream.headers });
        },
      });
      source.onmessage = (event) => {
        received.push({ id: event.lastEventId, data: JSON.parse(event.data) });
        if (JSON.parse(event.data).type === 'execution_complete') {
          source.close();
          resolve();
        }
      };
      setTimeout(() => {
        source.close();
        reject(new Error(`timed out; received ${received.length} frames`));
      }, 15_000);
    });

    expect(connections).toBeGreaterThanOrEqual(2);
    expect(lastEventIds[0]).toBeNull();
    expect(Number(lastEventIds[1])).toBeGreaterThanOrEqual(1);
    const ids = received.map((frame) => Number(frame.id));
    expect(ids).toEqual(ids.map((_, index) => index + 1));
    expect(received[0]!.data.type).toBe('execution_started');
    expect(received.at(-1)!.data).toMatchObject({
      type: 'execution_complete',
      status: 'success',
      outputs: { result: 7 },
    });
  });

  it('replays a finished run from its stored row exactly as it was streamed', async () => {
    const wf = await createWorkflow(t.app, owner.headers, greeter());
    const live = await streamed(wf.id, { name: 'R' });
    const executionId = live[0]!.data.execution_id as string;
    // Wait until the row is in the database, so the replay reads it back rather than the queue.
    await waitFor(async () => {
      const stored = rowsOf<{ finished: boolean }>(
        await t.database.db.execute(
          sql`select finished_at is not null as finished from executions where id = ${executionId}`,
        ),
      );
      return stored[0]?.finished;
    });
    const replay = async (lastEventId: string) =>
      parseSseBody(
        (
          await t.app.inject({
            url: `/api/executions/${executionId}/events`,
            headers: { ...owner.headers, 'last-event-id': lastEventId },
          })
        ).body,
      );
    const [stored] = rowsOf<{ events: unknown[] }>(
      await t.database.db.execute(
        sql`select events::json as events from executions where id = ${executionId}`,
      ),
    );
    // The row keeps each output once: node_complete frames point at the node results, and a frame
    // with nothing of its own is kept as its type and node id.
    expect(stored!.events.filter((frame) => String(frame).startsWith('node_complete:'))).toHaveLength(3);
    expect(stored!.events.some((frame) => typeof frame === 'object' && 'output' in frame!)).toBe(false);
    expect(await replay('0')).toEqual(live);
    const rest = await replay('5');
    expect(rest.map((f) => f.id)).toEqual([6, 7, 8]);
    expect(rest.at(-1)!.data).toMatchObject({ type: 'execution_complete', outputs: { result: 'Hello R' } });
    const run = { execution_id: executionId };
    const stranger = await register(t.app, 'stranger-stream@example.com');
    expect(
      (await t.app.inject({ url: `/api/executions/${run.execution_id}/events`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe.each(matrix)('cancellation on $name', ({ db, store }) => {
  let t: TestApp;
  let owner: Registered;
  let hanging: http.Server;
  let hangingUrl: string;
  const aborted: string[] = [];
  const arrived: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ db, store });
    owner = await register(t.app, 'canceller@example.com');
    hanging = http.createServer((request) => {
      arrived.push(request.url ?? '');
      request.on('close', () => aborted.push(request.url ?? ''));
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
    await t.close();
  });

  const runningExecution = (workflowId: string) =>
    waitFor(async () => {
      const list = json(
        await t.app.inject({
          url: `/api/workflows/${workflowId}/executions?status=running`,
          headers: owner.headers,
        }),
      );
      return list.items[0]?.id as string | undefined;
    });

  it('stops a run at the next node boundary: status cancelled', async () => {
    const { doc, after } = pausedRun();
    const wf = await createWorkflow(t.app, owner.headers, doc);
    const pending = t.app.inject({ method: 'POST', url: `/api/workflows/${wf.id}/execute`, payload: {} });
    const executionId = await runningExecution(wf.id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${wf.id}/executions/${executionId}/cancel`,
      headers: owner.headers,
    });
    expect(cancel.statusCode).toBe(202);
    const answer = json(await pending);
    expect(answer.status).toBe('cancelled');
    const row = await waitFor(async () => {
      const detail = json(
        await t.app.inject({ url: `/api/executions/${executionId}`, headers: owner.headers }),
      );
      return detail.status === 'cancelled' ? detail : undefined;
    });
    expect(row.node_results[after.id].status).not.toBe('success');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${wf.id}/executions/${executionId}/cancel`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  it('aborts an in-flight HTTP request of the http node', async () => {
    const request = node('textInput', 'request');
    const call = node('http', 'call', { method: 'GET', url: `${hangingUrl}/slow`, timeoutMs: 60_000 });
    const wf = await createWorkflow(t.app, owner.headers, {
      nodes: [request, call],
      edges: [edge(request, call)],
    });
    const pending = t.app.inject({ method: 'POST', url: `/api/workflows/${wf.id}/execute`, payload: {} });
    const executionId = await runningExecution(wf.id);
    await waitFor(async () => arrived.includes('/slow'));
    await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${wf.id}/executions/${executionId}/cancel`,
      headers: owner.headers,
    });
    expect(json(await pending).status).toBe('cancelled');
    await waitFor(async () => aborted.includes('/slow'));
  });

  it('answers 404 for an unknown execution and for a stranger', async () => {
    const wf = await createWorkflow(t.app, owner.headers, greeter());
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${wf.id}/executions/00000000-0000-4000-8000-000000000000/cancel`,
      headers: owner.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const stranger = await register(t.app, 'cancel-stranger@example.com');
    const run = json(
      await t.app.inject({ method: 'POST', url: `/api/workflows/${wf.id}/execute`, payload: {} }),
    );
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${wf.id}/executions/${run.execution_id}/cancel`,
      headers: stranger.headers,
    });
    expect(denied.statusCode).toBe(404);
  });
});
