/**
 * Runs in Chromium: a workflow's history lists its runs and "Open on canvas" replays the node
 * states of the chosen run; the Executions page lists runs across workflows; a node that fails
 * twice and then succeeds shows its retries on the canvas, live and in the replay.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  canvasNode,
  docEdge,
  docNode,
  executeWorkflow,
  hasChromium,
  launchBrowser,
  maybeFailing,
  openPage,
  register,
  startServer,
  type Server,
  type TrackedPage,
} from './support.js';

describe.skipIf(!hasChromium())('run history and retries (Chromium)', () => {
  let server: Server;
  let browser: Browser;
  let tab: TrackedPage;
  /** Answers 503 to the first two requests of each path, then 200 with JSON. */
  let flaky: http.Server;
  let flakyUrl: string;
  const hits = new Map<string, number>();

  beforeAll(async () => {
    flaky = http.createServer((request, response) => {
      const count = (hits.get(request.url!) ?? 0) + 1;
      hits.set(request.url!, count);
      if (count <= 2) response.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    flakyUrl = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
    server = await startServer();
    browser = await launchBrowser();
    tab = await openPage(browser, server.url);
    await register(tab.page, 'runs@example.com');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await new Promise((resolve) => flaky?.close(resolve));
  });

  const status = (label: string) => canvasNode(tab.page, label).getAttribute('data-status');

  it('lists past runs and replays the node states of the one opened', async () => {
    const { page } = tab;
    const wf = await apiCall(page, 'POST', '/api/workflows', { name: 'Gate', ...maybeFailing() });
    const failed = await executeWorkflow(page, wf.id, { fail: true, name: 'x' });
    const passed = await executeWorkflow(page, wf.id, { name: 'Ada' });
    expect([failed.status, passed.status]).toEqual(['error', 'success']);

    await page.goto('/');
    await page.locator('[data-workflow="Gate"]').getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'History · Gate' }).waitFor();
    const rows = page.getByTestId('execution-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByTestId('pager').textContent()).toBe('1–2 of 2');
    // Newest first.
    expect(await rows.nth(0).locator('[data-status]').getAttribute('data-status')).toBe('success');
    expect(await rows.nth(1).locator('[data-status]').getAttribute('data-status')).toBe('error');

    await page.getByLabel('Status').selectOption('error');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.getByRole('link', { name: 'Open on canvas' }).click();
    await page.getByTestId('canvas').waitFor();
    await expect.poll(() => status('reject')).toBe('error');
    expect(await status('request')).toBe('success');
    expect(await status('check')).toBe('success');
    expect(await status('ok')).toBe('skipped');
    const summary = page.getByTestId('run-summary');
    expect(await summary.textContent()).toContain('from history');
    expect(await summary.textContent()).toContain(failed.execution_id);
    const reject = page.locator('[data-testid="node-result"][data-label="reject"]');
    expect(await reject.textContent()).toContain('asked to fail');

    // The other run replays its own states.
    await page.goBack();
    await page.getByLabel('Status').selectOption('success');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.getByRole('link', { name: 'Open on canvas' }).click();
    await expect.poll(() => status('ok')).toBe('success');
    expect(await status('reject')).toBe('skipped');
    expect(await page.getByTestId('run-summary').textContent()).toContain(passed.execution_id);
    expect(tab.errors).toEqual([]);
  });

  it('the Executions page lists runs across workflows with their names, filterable', async () => {
    const { page } = tab;
    const other = await apiCall(page, 'POST', '/api/workflows', { name: 'Other', ...maybeFailing() });
    await executeWorkflow(page, other.id, { name: 'Bo' }, 'cron');

    await page.getByRole('link', { name: 'Executions', exact: true }).click();
    const rows = page.getByTestId('execution-row');
    await expect.poll(() => rows.count()).toBe(3);
    // Newest first: the run of "Other", then Gate's two.
    expect(await rows.nth(0).locator('td').first().textContent()).toBe('Other');
    expect(await rows.nth(1).locator('td').first().textContent()).toBe('Gate');
    await page.getByLabel('Workflow').selectOption({ label: 'Gate' });
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByLabel('Trigger source').fill('cron');
    await expect.poll(() => rows.count()).toBe(0);
    await page.getByLabel('Workflow').selectOption({ label: 'All workflows' });
    await expect.poll(() => rows.count()).toBe(1);
    expect(tab.errors).toEqual([]);
  });

  it('shows the retries of a node that fails twice and then succeeds', async () => {
    const { page } = tab;
    const start = docNode('textInput', 'start', 0);
    const call = docNode('http', 'call', 1, {
      method: 'GET',
      url: `${flakyUrl}/flaky`,
      retryEnabled: true,
      retryMaxAttempts: 3,
      retryWaitSeconds: 0,
    });
    const done = docNode('output', 'done', 2, { value: '$call.body.ok' });
    const wf = await apiCall(page, 'POST', '/api/workflows', {
      name: 'Flaky',
      nodes: [start, call, done],
      edges: [docEdge(start, call), docEdge(call, done)],
    });

    await page.goto(`/workflows/${wf.id}`);
    await page.getByRole('button', { name: '▶ Run' }).click();
    await expect.poll(() => status('done')).toBe('success');
    expect(hits.get('/flaky')).toBe(3);
    expect(await status('call')).toBe('success');
    const retries = canvasNode(page, 'call').getByTestId('node-retry');
    expect(await retries.textContent()).toBe('↻ 2 retries');
    expect(await retries.getAttribute('title')).toBe('attempt 3 of 3');
    const result = page.locator('[data-testid="node-result"][data-label="call"]');
    expect(await result.textContent()).toContain('attempt 3 of 3');

    // The stored run keeps the count: its replay shows the same retries.
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('link', { name: 'Open on canvas' }).click();
    await expect.poll(() => status('call')).toBe('success');
    expect(await canvasNode(page, 'call').getByTestId('node-retry').textContent()).toBe('↻ 2 retries');
    expect(tab.errors).toEqual([]);
  });
});
