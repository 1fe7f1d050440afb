/**
 * The editor in Chromium: time to first render and to a full pan of a 300-node workflow, next to
 * an empty workflow in the same run (the baseline: app start-up and canvas set-up alone).
 * First render = from navigation to the canvas showing its nodes (median of 5 loads); full pan =
 * dragging the canvas across its width and back in 40 steps, one painted frame per step.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import {
  hasChromium,
  launchBrowser,
  openPage,
  register,
  ROOT,
  startServer,
  WEB_DIST,
} from '../test/browser/support.js';

const NODES = 300;
const LOADS = 5;
const PAN_STEPS = 40;

function bigWorkflow(count: number) {
  const columns = 20;
  const nodes = Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    type: i === 0 ? 'textInput' : 'set',
    position: { x: (i % columns) * 260, y: Math.floor(i / columns) * 140 },
    data:
      i === 0
        ? { label: 'request', inputFields: [{ key: 'name' }] }
        : { label: `step${i}`, mappings: [{ key: 'n', value: `$input.n` }] },
  }));
  const edges = nodes.slice(1).map((node, i) => ({ id: `e${i}`, source: `n${i}`, target: node.id }));
  return { name: `${count} nodes`, nodes, edges };
}

async function createWorkflow(page: Page, body: unknown): Promise<string> {
  return page.evaluate(async (payload) => {
    const response = await fetch('/api/workflows', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    if (!response.ok) throw new Error(`create failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  }, body);
}

/** Two animation frames in the page: the last change has been painted. (No DOM lib here: typed by hand.) */
const nextFrame = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const scope = globalThis as unknown as { requestAnimationFrame(callback: () => void): number };
        scope.requestAnimationFrame(() => scope.requestAnimationFrame(() => resolve()));
      }),
  );

async function firstRender(page: Page, id: string, expectNodes: boolean): Promise<number> {
  const start = performance.now();
  await page.goto(`/workflows/${id}`);
  await page.waitForSelector(expectNodes ? '[data-testid="canvas-node"]' : '.react-flow__pane');
  await nextFrame(page);
  return performance.now() - start;
}

async function fullPan(page: Page): Promise<number> {
  const pane = (await page.locator('.react-flow__pane').boundingBox())!;
  const y = pane.y + pane.height / 2;
  const start = performance.now();
  await page.mouse.move(pane.x + pane.width - 20, y);
  await page.mouse.down();
  for (let step = 1; step <= PAN_STEPS; step++) {
    const fraction = step <= PAN_STEPS / 2 ? step / (PAN_STEPS / 2) : (PAN_STEPS - step) / (PAN_STEPS / 2);
    await page.mouse.move(pane.x + pane.width - 20 - fraction * (pane.width - 40), y);
    await nextFrame(page);
  }
  await page.mouse.up();
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function browserBench(): Promise<void> {
  if (!hasChromium()) {
    console.log('skipped: no Chromium at /usr/bin/chromium');
    return;
  }
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    await build({ configFile: path.join(ROOT, 'web/vite.config.ts'), logLevel: 'warn' });
  }
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const { page, errors } = await openPage(browser, server.url);
    await register(page, 'bench@example.com');
    const subjects = [
      { name: 'empty workflow (baseline)', id: await createWorkflow(page, { name: 'empty' }), nodes: false },
      { name: `${NODES}-node workflow`, id: await createWorkflow(page, bigWorkflow(NODES)), nodes: true },
    ];
    const rows: { name: string; renderMs: number; panMs: number; rendered: number }[] = [];
    for (const subject of subjects) {
      await firstRender(page, subject.id, subject.nodes); // warm the caches once
      const renders: number[] = [];
      for (let i = 0; i < LOADS; i++) renders.push(await firstRender(page, subject.id, subject.nodes));
      const rendered = await page.locator('[data-testid="canvas-node"]').count();
      const pans: number[] = [];
      for (let i = 0; i < 3; i++) pans.push(await fullPan(page));
      rows.push({ name: subject.name, renderMs: median(renders), panMs: median(pans), rendered });
    }
    const base = rows[0]!;
    console.log(`\nEditor in Chromium (headless, ${LOADS} loads, full pan = ${PAN_STEPS} painted steps)`);
    console.log('subject                      first render   full pan    per pan frame   nodes in DOM');
    for (const row of rows) {
      console.log(
        `${row.name.padEnd(28)} ${`${row.renderMs.toFixed(0)} ms`.padStart(10)} ${`${row.panMs.toFixed(0)} ms`.padStart(11)} ${`${(row.panMs / PAN_STEPS).toFixed(1)} ms`.padStart(14)} ${String(row.rendered).padStart(13)}` +
          (row === base
            ? ''
            : `   (x${(row.renderMs / base.renderMs).toFixed(2)} render, x${(row.panMs / base.panMs).toFixed(2)} pan vs baseline)`),
      );
    }
    if (errors.length) console.log('console errors:', errors);
  } finally {
    await browser.close();
    await server.close();
  }
}
