/**
 * Credentials, settings and sharing in Chromium: a credential's secret is shown masked, the cURL
 * dialog reflects the settings, and a workflow shared with a second user shows up on their
 * dashboard.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  launchBrowser,
  openPage,
  register,
  startServer,
  type Server,
  type TrackedPage,
} from './support.js';

describe.skipIf(!hasChromium())('credentials and sharing (Chromium)', () => {
  let server: Server;
  let browser: Browser;
  let owner: TrackedPage;
  let bob: TrackedPage;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    owner = await openPage(browser, server.url);
    bob = await openPage(browser, server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows a new credential masked', async () => {
    const { page } = owner;
    await register(page, 'owner@example.com');
    await page.getByRole('link', { name: 'Credentials' }).click();
    await page.getByLabel('Name', { exact: true }).fill('apiToken');
    await page.getByLabel('Type').selectOption('bearer');
    await page.getByLabel(/^Token/).fill('sk-live-1234567890');
    await page.getByRole('button', { name: 'Create credential' }).click();
    const card = page.locator('[data-testid="credential"][data-name="apiToken"]');
    await expect.poll(() => card.getByTestId('masked-value').textContent()).toBe('sk-live**');
    expect(await page.content()).not.toContain('1234567890');
    expect(owner.errors).toEqual([]);
  });

  it('shares a workflow with a second user, who sees it on their dashboard', async () => {
    await register(bob.page, 'bob@example.com');
    expect(await bob.page.locator('[data-workflow="Team flow"]').count()).toBe(0);

    const { page } = owner;
    await page.getByRole('link', { name: 'Workflows' }).click();
    await page.getByLabel('New workflow name').fill('Team flow');
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await page.getByTestId('canvas').waitFor();

    await page.getByRole('button', { name: 'Settings & cURL' }).click();
    await page.getByLabel('HTTP method').selectOption('PUT');
    await expect.poll(() => page.getByTestId('curl-command').textContent()).toContain('curl -X PUT');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Settings saved' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Close dialog' }).click();

    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByLabel('Share with a user (email)').fill('bob@example.com');
    await page.getByRole('dialog').getByRole('button', { name: 'Share', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('user-share').allTextContents())
      .toEqual([expect.stringContaining('bob@example.com')]);

    await bob.page.reload();
    const row = bob.page.locator('[data-workflow="Team flow"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('shared');
    expect(owner.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });
});
