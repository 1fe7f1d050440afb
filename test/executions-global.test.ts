/**
 * GET /api/executions: the history across every workflow the caller may see (owned, shared
 * directly, shared through a team), newest first, with the per-workflow list's filters plus
 * `workflow_id`; each item is the per-workflow item and its workflow's name. Another user's runs
 * never appear, and losing a share hides that workflow's runs at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import type { Registered } from './support/auth.js';
import {
  createWorkflow,
  edge,
  execute,
  greeter,
  node,
  type ExecutionItem,
  type WorkflowDoc,
} from './support/executions.js';
import { sharingClient } from './support/sharing-api.js';

const matrix = await backendMatrix();

/** textInput -> throwError: every run is an `error`. */
function failing(): WorkflowDoc {
  const request = node('textInput', 'request');
  const reject = node('throwError', 'reject', { message: 'no', statusCode: 400 });
  return { nodes: [request, reject], edges: [edge(request, reject)] };
}

const ITEM_FIELDS = [
  'id',
  'workflow_id',
  'workflow_name',
  'status',
  'trigger_source',
  'test_run',
  'user_id',
  'inputs',
  'outputs',
  'node_results',
  'started_at',
  'finished_at',
  'execution_time_ms',
].sort();

type Page = { items: (ExecutionItem & { workflow_name: string })[]; total: number };

describe.each(matrix)('global execution history on $name', ({ db, store }) => {
  let t: TestApp;
  const api = sharingClient(() => t.app);
  let owner: Registered;
  let friend: Registered;
  let member: Registered;
  let stranger: Registered;
  const wf = { mine: '', direct: '', team: '', strangers: '' };
  /** Execution ids per workflow, oldest first. */
  const runs: Record<keyof typeof wf, string[]> = { mine: [], direct: [], team: [], strangers: [] };

  const run = async (key: keyof typeof wf, source: string, payload: object = { name: 'x' }) => {
    const response = await execute(t.app, wf[key], { payload, headers: { 'x-trigger-source': source } });
    runs[key].push(json(response).execution_id);
  };

  type Query = Record<string, string | number>;
  async function list(user: Registered | null, query: Query = {}) {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    return t.app.inject({ url: `/api/executions?${search}`, headers: user ? user.headers : {} });
  }
  async function page(user: Registered, query: Query = {}): Promise<Page> {
    const response = await list(user, query);
    expect(response.statusCode, response.body).toBe(200);
    return json(response);
  }
  const ids = (p: Page) => new Set(p.items.map((item) => item.id));

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    [owner, friend, member, stranger] = await Promise.all([
      api.user('global-owner'),
      api.user('global-friend'),
      api.user('global-member'),
      api.user('global-stranger'),
    ]);
    wf.mine = (await createWorkflow(t.app, owner.headers, greeter(), { name: 'Mine' })).id;
    wf.direct = (await createWorkflow(t.app, owner.headers, failing(), { name: 'Direct' })).id;
    wf.team = (await createWorkflow(t.app, owner.headers, greeter(), { name: 'Team' })).id;
    wf.strangers = (await createWorkflow(t.app, stranger.headers, greeter(), { name: 'Hidden' })).id;
    await api.shareWithUser(owner, wf.direct, friend.email);
    const team = await api.createTeam(owner, [member]);
    await api.shareWithTeam(owner, wf.team, team.id);

    for (let n = 0; n < 2; n++) await run('mine', 'alpha');
    await run('direct', 'beta');
    await run('team', 'alpha');
    await run('strangers', 'alpha');
    await run('mine', 'beta');
  });
  afterAll(() => t.close());

  it("the owner sees the runs of all their workflows, newest first, never a stranger's", async () => {
    const all = await page(owner);
    expect(all.total).toBe(5);
    expect(ids(all)).toEqual(new Set([...runs.mine, ...runs.direct, ...runs.team]));
    const started = all.items.map((item) => Date.parse(item.started_at));
    expect(started).toEqual([...started].sort((a, b) => b - a));
    // The last run made comes first (or ties with it on started_at).
    const newest = all.items.find((item) => item.id === runs.mine[2])!;
    expect(all.items[0]!.started_at).toBe(newest.started_at);
    for (const item of all.items) expect(Object.keys(item).sort()).toEqual(ITEM_FIELDS);
    const names = Object.fromEntries(all.items.map((item) => [item.workflow_id, item.workflow_name]));
    expect(names).toEqual({ [wf.mine]: 'Mine', [wf.direct]: 'Direct', [wf.team]: 'Team' });
  });

  it('items are the per-workflow list items plus workflow_name', async () => {
    const global = (await page(owner, { workflow_id: wf.mine })).items;
    const response = await t.app.inject({
      url: `/api/workflows/${wf.mine}/executions`,
      headers: owner.headers,
    });
    const perWorkflow = json(response).items as ExecutionItem[];
    expect(global.map(({ workflow_name, ...rest }) => (expect(workflow_name).toBe('Mine'), rest))).toEqual(
      perWorkflow,
    );
  });

  it('a direct share and a team share each show that workflow only', async () => {
    expect(ids(await page(friend))).toEqual(new Set(runs.direct));
    expect((await page(friend)).total).toBe(1);
    expect(ids(await page(member))).toEqual(new Set(runs.team));
    expect(ids(await page(stranger))).toEqual(new Set(runs.strangers));
  });

  it('filters by status, trigger_source and workflow_id, alone and together', async () => {
    expect(ids(await page(owner, { status: 'error' }))).toEqual(new Set(runs.direct));
    expect((await page(owner, { status: 'success' })).total).toBe(4);
    expect((await page(owner, { trigger_source: 'alpha' })).total).toBe(3);
    expect((await page(owner, { trigger_source: 'beta' })).total).toBe(2);
    expect((await page(owner, { workflow_id: wf.mine })).total).toBe(3);
    expect((await page(owner, { workflow_id: wf.mine, trigger_source: 'beta' })).total).toBe(1);
    expect((await page(owner, { workflow_id: wf.direct, status: 'success' })).total).toBe(0);
  });

  it("a workflow_id the caller may not see answers an empty page, not the other user's runs", async () => {
    expect(await page(owner, { workflow_id: wf.strangers })).toEqual({ items: [], total: 0 });
    expect(await page(friend, { workflow_id: wf.mine })).toEqual({ items: [], total: 0 });
  });

  it('pages with limit and offset; total stays the full count', async () => {
    const all = (await page(owner)).items.map((item) => item.id);
    const seen: string[] = [];
    for (let offset = 0; offset < 5; offset += 2) {
      const part = await page(owner, { limit: 2, offset });
      expect(part.total).toBe(5);
      seen.push(...part.items.map((item) => item.id));
    }
    expect(seen).toEqual(all);
    expect(await page(owner, { limit: 2, offset: 5 })).toEqual({ items: [], total: 5 });
  });

  it('losing a share hides that workflow’s runs on the next request', async () => {
    const extra = await api.user('global-extra');
    await api.shareWithUser(owner, wf.mine, extra.email);
    expect((await page(extra)).total).toBe(3);
    const removed = await api.call(owner, 'DELETE', `/api/workflows/${wf.mine}/shares/${extra.userId}`);
    expect(removed.statusCode).toBe(204);
    expect(await page(extra)).toEqual({ items: [], total: 0 });
  });

  it('refuses bad parameters with 422, and answers 401 without a session', async () => {
    const invalid: Query[] = [{ limit: 0 }, { limit: 201 }, { offset: -1 }, { workflow_id: 'nope' }];
    for (const query of invalid) {
      const response = await list(owner, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(json(response).code).toBe('validation_failed');
    }
    for (const query of [{}, { limit: 0 }] as Query[]) {
      const response = await list(null, query);
      expect(response.statusCode).toBe(401);
      expect(json(response).code).toBe('unauthorized');
    }
    const bad = await t.app.inject({ url: '/api/executions', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
  });
});
