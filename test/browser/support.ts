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
