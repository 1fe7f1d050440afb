/**
 * The pages around the editor in Chromium: execution tokens in the settings dialog (create, list,
 * revoke), teams (create, add a member by email), global variables, a collaborator filing a shared
 * workflow into their own folder, and the dark theme surviving a reload.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  canvasNode,
  executeWorkflow,
  hasChromium,
  launchBrowser,
  maybeFailing,
  openPage,
  register,
  ROOT,
  startServer,
  type Server,
  type TrackedPage,
} from './support.js';

describe.skipIf(!hasChromium())('settings, teams, variables, folders, theme (Chromium)', () => {
  let server: Server;
  let browser: Browser;
  let tab: TrackedPage;
  let bob: TrackedPage;
  let workflowId: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    tab = await openPage(browser, server.url);
    bob = await openPage(browser, server.url);
    await register(tab.page, 'pages@example.com');
    await register(bob.page, 'bob@example.com');
    workflowId = (await apiCall(tab.page, 'POST', '/api/workflows', { name: 'Gate', ...maybeFailing() })).id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates an execution token in the settings dialog, lists it and revokes it', async () => {
    const { page } = tab;
    await page.goto(`/workflows/${workflowId}`);
    await page.getByRole('button', { name: 'Settings & cURL' }).click();
    const dialog = page.getByRole('dialog');
    const tokens = dialog.getByTestId('token');
    expect(await tokens.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect
      .poll(() => dialog.getByTestId('new-token').textContent())
      .toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    await expect.poll(() => tokens.count()).toBe(1);
    expect(await tokens.first().getAttribute('data-state')).toBe('active');

    await tokens.first().getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => tokens.first().getAttribute('data-state')).toBe('revoked');
    expect(await tokens.first().textContent()).toContain('revoked');
    expect(await tokens.first().getByRole('button', { name: 'Revoke' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    expect(tab.errors).toEqual([]);
  });

  it('creates a team and adds a member by email', async () => {
    const { page } = tab;
    await page.getByRole('link', { name: 'Teams' }).click();
    await page.getByLabel('Team name').fill('Ops');
    await page.getByRole('button', { name: 'Create team' }).click();
    const members = page.getByRole('list', { name: 'Members of Ops' }).getByRole('listitem');
    await expect
      .poll(() => members.allTextContents())
      .toEqual([expect.stringContaining('pages@example.com')]);
    await page.getByLabel('Add member to Ops (email)').fill('bob@example.com');
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect.poll(() => members.count()).toBe(2);
    expect(await members.nth(1).textContent()).toContain('bob@example.com');
    await page.reload();
    await expect.poll(() => members.count()).toBe(2);
    expect(tab.errors).toEqual([]);
  });

  it('creates a global variable', async () => {
    const { page } = tab;
    await page.getByRole('link', { name: 'Variables' }).click();
    await page.getByLabel('Name').fill('apiBase');
    await page.getByLabel('Value (JSON or text)').fill('{"url": "https://example.com"}');
    await page.getByRole('button', { name: 'Add variable' }).click();
    const table = page.getByRole('table', { name: 'Global variables' });
    await expect.poll(() => table.locator('tbody tr td').first().textContent()).toBe('$global.apiBase');
    await page.reload();
    expect(await page.getByLabel('Value of apiBase').inputValue()).toBe('{"url":"https://example.com"}');
    const stored = await apiCall(page, 'GET', '/api/global-variables');
    expect(stored.items).toMatchObject([{ name: 'apiBase', value: { url: 'https://example.com' } }]);
    expect(tab.errors).toEqual([]);
  });

  it("shows a shared workflow in the collaborator's own folder", async () => {
    await apiCall(tab.page, 'POST', `/api/workflows/${workflowId}/shares`, { email: 'bob@example.com' });
    const { page } = bob;
    await page.reload();
    const row = page.locator('[data-workflow="Gate"]');
    await row.waitFor();
    await page.getByLabel('New folder name').fill('Mine');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const folder = page.locator('[data-folder="Mine"]');
    await folder.waitFor();

    // Filed through the row's folder menu: the share's folder_id, not the workflow's.
    await page.getByLabel('Folder of Gate').selectOption({ label: 'Mine' });
    await expect
      .poll(async () => (await apiCall(page, 'GET', '/api/folders/tree')).items[0].workflows)
      .toEqual([expect.objectContaining({ id: workflowId })]);
    expect((await apiCall(page, 'GET', `/api/workflows/${workflowId}`)).folder_id).toBeNull();
    await page.reload();
    expect(await page.getByLabel('Folder of Gate').locator('option:checked').textContent()).toBe('Mine');
    await folder.getByRole('button', { name: '📁 Mine' }).click();
    await row.waitFor();
    expect(await page.locator('[data-workflow]').count()).toBe(1);
    expect(await row.textContent()).toContain('shared');
    expect(bob.errors).toEqual([]);
  });

  it('keeps the dark theme across a reload', async () => {
    const { page } = tab;
    const run = await executeWorkflow(page, workflowId, { name: 'Ada' });
    await page.goto(`/workflows/${workflowId}?execution=${run.execution_id}`);
    await expect.poll(() => canvasNode(page, 'ok').getAttribute('data-status')).toBe('success');
    const isDark = async () => /\bdark\b/.test((await page.locator('html').getAttribute('class')) ?? '');
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await isDark()).toBe(true);

    await page.reload();
    await expect.poll(() => canvasNode(page, 'ok').getAttribute('data-status')).toBe('success');
    expect(await isDark()).toBe(true);
    expect(await page.getByRole('button', { name: 'Switch to light theme' }).textContent()).toBe('☾ Dark');
    const background = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
    expect(background).not.toBe('rgb(255, 255, 255)');
    await page.screenshot({ path: path.join(ROOT, 'docs/screenshots/editor-dark.png') });
    expect(tab.errors).toEqual([]);
  });
});
