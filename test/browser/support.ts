/**
 * Browser tests: the real app on a free port (PGlite + memory store, serving web/dist) and Debian's
 * Chromium driven by playwright-core. Pages collect console errors and page errors so a test can
 * assert there were none.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../support/app.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = path.join(ROOT, 'web/dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PASSWORD = 'Sup3rSecret';

export const hasChromium = () => fs.existsSync(CHROMIUM);

export interface Server {
  url: string;
  app: TestApp;
  close(): Promise<void>;
}

export async function startServer(): Promise<Server> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('web/dist is not built');
  const app = await createTestApp();
  const address = await app.app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address, app, close: () => app.close() };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/**
 * Refusals the app expects and shows in its own UI are not errors: the session probe before
 * sign-in (401 from GET /api/auth/me and the refresh) and an expression preview that does not
 * evaluate (422, shown under the field). Chromium logs them as failed resources all the same.
 */
const isExpected = (text: string, url: string) =>
  (/status of 401/.test(text) && /\/api\/auth\/(me|refresh)$/.test(url)) ||
  (/status of 422/.test(text) && /\/api\/expressions\/evaluate$/.test(url));

export async function openPage(browser: Browser, baseURL: string): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isExpected(message.text(), message.location().url)) {
      errors.push(`${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { page, context, errors };
}

export async function register(page: Page, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Workflows' }).waitFor();
}

export const canvasNode = (page: Page, label: string) =>
  page.locator(`[data-testid="canvas-node"][data-label="${label}"]`);

/** Drags a connection from a node's source handle (null: the default one) to another node's input. */
export async function connect(page: Page, from: string, handle: string | null, to: string): Promise<void> {
  const source = canvasNode(page, from).locator(
    handle ? `.react-flow__handle.source[data-handleid="${handle}"]` : '.react-flow__handle.source',
  );
  const target = canvasNode(page, to).locator('.react-flow__handle.target').first();
  const a = (await source.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Adds a node from the palette (the keyboard-reachable press) and gives it a label. */
export async function addNode(page: Page, type: string, label: string): Promise<void> {
  await page.getByRole('button', { name: `Add ${type} node`, exact: true }).click();
  const field = page.getByLabel('Label (name in expressions)');
  await field.fill(label);
  await canvasNode(page, label).waitFor();
}

/** A JSON call on the API with the page's session cookies; throws unless the answer is 2xx. */
export async function apiCall<T = any>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(url, {
    method,
    ...(data !== undefined ? { data: data as object } : {}),
  });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

let nodeCounter = 0;
/** A workflow document node at a given column (the editor lays nothing out itself). */
export function docNode(type: string, label: string, column: number, data: Record<string, unknown> = {}) {
  return {
    id: `${label}_${++nodeCounter}`,
    type,
    position: { x: column * 260, y: 0 },
    data: { label, ...data },
  };
}

export function docEdge(source: { id: string }, target: { id: string }, sourceHandle?: string) {
  return {
    id: `e_${source.id}_${target.id}`,
    source: source.id,
    target: target.id,
    ...(sourceHandle ? { sourceHandle } : {}),
  };
}

/** textInput -> condition(body.fail) -> true: throwError / false: output `ok` ("Hi <name>"). */
export function maybeFailing() {
  const request = docNode('textInput', 'request', 0);
  const check = docNode('condition', 'check', 1, { condition: '$request.body.fail == true' });
  const reject = docNode('throwError', 'reject', 2, { message: 'asked to fail', statusCode: 400 });
  const ok = docNode('output', 'ok', 2, { value: 'Hi $request.body.name' });
  ok.position.y = 160;
  return {
    nodes: [request, check, reject, ok],
    edges: [docEdge(request, check), docEdge(check, reject, 'true'), docEdge(check, ok, 'false')],
  };
}

/** Calls a workflow's execute endpoint from the page's context; answers the JSON body, any status. */
export async function executeWorkflow(page: Page, workflowId: string, body: unknown, source = 'api-test') {
  const response = await page.request.post(`/api/workflows/${workflowId}/execute`, {
    data: body as object,
    headers: { 'x-trigger-source': source },
  });
  return (await response.json()) as { execution_id: string; status: string };
}
