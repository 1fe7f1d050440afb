/**
 * The editor end to end in Chromium: register, build textInput -> condition -> two outputs from
 * the palette, connect, configure with an expression (autocomplete and preview), save, run and
 * see every node's state and output; then reload in the middle of a run and see it continue.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addNode,
  canvasNode,
  connect,
  hasChromium,
  launchBrowser,
  openPage,
  register,
  ROOT,
  startServer,
  type Server,
  type TrackedPage,
} from './support.js';

describe.skipIf(!hasChromium())('web editor (Chromium)', () => {
  let server: Server;
  let browser: Browser;
  let tab: TrackedPage;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    tab = await openPage(browser, server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('builds, saves and runs a branching workflow', async () => {
    const { page } = tab;
    await register(page, 'ada@example.com');
    await page.getByLabel('New workflow name').fill('Greeter');
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await page.getByTestId('canvas').waitFor();

    await addNode(page, 'textInput', 'request');
    await page.getByRole('button', { name: '+ Add input field' }).click();
    await page.getByLabel('Key', { exact: true }).fill('name');
    await page.getByRole('combobox', { name: 'Default value', exact: true }).fill('Ada');

    await addNode(page, 'condition', 'check');
    await addNode(page, 'output', 'yes');
    await page.getByRole('combobox', { name: 'Value', exact: true }).fill('Hello $request.body.name');
    await canvasNode(page, 'check').click();
    await addNode(page, 'output', 'no');
    await page.getByRole('combobox', { name: 'Value', exact: true }).fill('nope');

    await page.getByRole('button', { name: 'fit view' }).click();
    const edges = page.locator('.react-flow__edge');
    await connect(page, 'request', null, 'check');
    await expect.poll(() => edges.count()).toBe(1);
    await connect(page, 'check', 'true', 'yes');
    await expect.poll(() => edges.count()).toBe(2);
    await connect(page, 'check', 'false', 'no');
    await expect.poll(() => edges.count()).toBe(3);

    // The condition, typed with `$` autocomplete over its ancestors and checked by the live preview.
    await canvasNode(page, 'check').click();
    const condition = page.getByRole('combobox', { name: 'Condition', exact: true });
    await condition.click();
    await condition.pressSequentially('$req');
    const suggestions = page.getByRole('listbox').filter({ visible: true }).getByRole('option');
    await expect.poll(() => suggestions.allTextContents()).toEqual(['$requestnode output']);
    await condition.press('Enter');
    await condition.pressSequentially('.bo');
    await expect.poll(() => suggestions.allTextContents()).toEqual(['bodyobject']);
    await condition.press('Enter');
    await condition.pressSequentially('.name == "Ada"');
    expect(await condition.inputValue()).toBe('$request.body.name == "Ada"');
    await expect.poll(() => page.getByTestId('expression-preview').textContent()).toBe('= true');

    const marker = page.getByTestId('dirty-marker');
    expect(await marker.textContent()).toBe('● Unsaved changes');
    await page.keyboard.press('Control+s');
    await expect.poll(() => marker.textContent()).toBe('Saved');

    await page.getByRole('button', { name: '▶ Run' }).click();
    await expect.poll(() => canvasNode(page, 'yes').getAttribute('data-status')).toBe('success');
    expect(await canvasNode(page, 'request').getAttribute('data-status')).toBe('success');
    expect(await canvasNode(page, 'check').getAttribute('data-status')).toBe('success');
    expect(await canvasNode(page, 'no').getAttribute('data-status')).toBe('skipped');
    const yes = page.locator('[data-testid="node-result"][data-label="yes"]');
    await yes.locator('summary').click();
    await expect.poll(() => yes.getByTestId('node-output').textContent()).toBe('"Hello Ada"');

    fs.mkdirSync(path.join(ROOT, 'docs/screenshots'), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, 'docs/screenshots/editor.png') });
    expect(tab.errors).toEqual([]);
  });

  it('reconnects to a running test run after a reload', async () => {
    const { page } = tab;
    await page.goto('/');
    await page.getByLabel('New workflow name').fill('Slow');
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await page.getByTestId('canvas').waitFor();
    await addNode(page, 'textInput', 'start');
    await addNode(page, 'wait', 'pause');
    await page.getByRole('combobox', { name: 'Duration ms', exact: true }).fill('2500');
    await connect(page, 'start', null, 'pause');
    await page.keyboard.press('Control+Enter');

    await expect.poll(() => canvasNode(page, 'pause').getAttribute('data-status')).toBe('running');
    await page.reload();
    await expect.poll(() => page.getByTestId('run-summary').textContent()).toContain('reconnected');
    await expect.poll(() => canvasNode(page, 'start').getAttribute('data-status')).toBe('success');
    await expect
      .poll(() => canvasNode(page, 'pause').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('success');
    await expect.poll(() => page.getByTestId('run-summary').textContent()).toContain('success');
    expect(tab.errors).toEqual([]);
  });
});
