/**
 * Editing in Chromium: undo and redo of adding a node (keyboard and toolbar), and a save the
 * server refuses (a cycle drawn on the canvas) shown on the offending nodes, then fixed.
 */
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
  startServer,
  type Server,
  type TrackedPage,
} from './support.js';

describe.skipIf(!hasChromium())('editing (Chromium)', () => {
  let server: Server;
  let browser: Browser;
  let tab: TrackedPage;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    tab = await openPage(browser, server.url);
    await register(tab.page, 'editing@example.com');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function newWorkflow(name: string) {
    const { page } = tab;
    await page.goto('/');
    await page.getByLabel('New workflow name').fill(name);
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await page.getByTestId('canvas').waitFor();
  }

  it('undoes and redoes adding a node', async () => {
    const { page } = tab;
    await newWorkflow('Undo');
    const nodes = page.getByTestId('canvas-node');
    const marker = page.getByTestId('dirty-marker');
    const undo = page.getByRole('button', { name: 'Undo' });
    const redo = page.getByRole('button', { name: 'Redo' });
    expect(await undo.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Add set node', exact: true }).click();
    await expect.poll(() => nodes.count()).toBe(1);
    const label = await nodes.first().getAttribute('data-label');
    expect(await marker.textContent()).toBe('● Unsaved changes');

    await page.keyboard.press('Control+z');
    await expect.poll(() => nodes.count()).toBe(0);
    expect(await marker.textContent()).toBe('Saved');
    expect(await undo.isDisabled()).toBe(true);
    expect(await redo.isDisabled()).toBe(false);

    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => nodes.count()).toBe(1);
    expect(await nodes.first().getAttribute('data-label')).toBe(label);
    expect(await marker.textContent()).toBe('● Unsaved changes');

    // The toolbar buttons do the same.
    await undo.click();
    await expect.poll(() => nodes.count()).toBe(0);
    await redo.click();
    await expect.poll(() => nodes.count()).toBe(1);
    expect(await redo.isDisabled()).toBe(true);
    expect(tab.errors).toEqual([]);
  });

  it('shows a server validation error on the offending nodes after Ctrl+S', async () => {
    const { page } = tab;
    await newWorkflow('Cycle');
    await addNode(page, 'set', 'first');
    await addNode(page, 'set', 'second');
    await page.getByRole('button', { name: 'fit view' }).click();
    const edges = page.locator('.react-flow__edge');
    await connect(page, 'first', null, 'second');
    await expect.poll(() => edges.count()).toBe(1);
    await connect(page, 'second', null, 'first');
    await expect.poll(() => edges.count()).toBe(2);

    await page.keyboard.press('Control+s');
    const message = page.getByTestId('editor-message');
    await expect.poll(() => message.textContent()).toMatch(/cycle through/);
    const marker = page.getByTestId('dirty-marker');
    expect(await marker.textContent()).toBe('● Unsaved changes');
    for (const label of ['first', 'second']) {
      expect(await canvasNode(page, label).getAttribute('data-invalid')).toBe('true');
      expect(await canvasNode(page, label).textContent()).toMatch(/cycle through/);
    }
    await canvasNode(page, 'first').click();
    expect(await page.getByLabel('Properties').getByRole('alert').textContent()).toMatch(/cycle through/);

    // Undo the closing edge and save again: the nodes are clean.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => edges.count()).toBe(1);
    await page.keyboard.press('Control+s');
    await expect.poll(() => marker.textContent()).toBe('Saved');
    expect(await canvasNode(page, 'first').getAttribute('data-invalid')).toBeNull();
    expect(await message.count()).toBe(0);
    // The refused save is the one failed request Chromium logs.
    expect(tab.errors).toEqual([expect.stringMatching(/status of 422 .*\/api\/workflows\/[0-9a-f-]{36}\)$/)]);
  });
});
