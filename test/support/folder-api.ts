/** Calls on the folder routes (spec 4.5) as a user, at either path style. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { json } from './app.js';
import type { Registered } from './auth.js';

/** The spec's paths and the same under /api (design 9). */
export const PREFIXES = ['', '/api'] as const;
export type Prefix = (typeof PREFIXES)[number];

export const FOLDER_KEYS = ['created_at', 'description', 'id', 'name', 'parent_id'];
export const NODE_KEYS = [...FOLDER_KEYS, 'children', 'workflows'].sort();

export function folderClient(app: () => FastifyInstance) {
  const call = (user: Registered | null, method: string, url: string, payload?: unknown) =>
    app().inject({
      method: method as 'GET',
      url,
      headers: user ? user.headers : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  return {
    call,
    async createFolder(user: Registered, body: Record<string, unknown>, prefix: Prefix = '/api') {
      const response = await call(user, 'POST', `${prefix}/folders`, body);
      expect(response.statusCode, response.body).toBe(201);
      return json(response);
    },
    async createWorkflow(user: Registered, body: Record<string, unknown> = {}) {
      const response = await call(user, 'POST', '/api/workflows', { name: 'W', ...body });
      expect(response.statusCode, response.body).toBe(201);
      return json(response);
    },
    /** A workflow record as the user reads it. */
    record: async (user: Registered, id: string) => json(await call(user, 'GET', `/api/workflows/${id}`)),
    async fileWorkflow(user: Registered, folderId: string, workflowId: string, prefix: Prefix = '/api') {
      return call(user, 'PUT', `${prefix}/folders/${folderId}/workflows/${workflowId}`);
    },
    async tree(user: Registered, prefix: Prefix = '/api') {
      const response = await call(user, 'GET', `${prefix}/folders/tree`);
      expect(response.statusCode, response.body).toBe(200);
      return json(response).items as any[];
    },
    async folder(user: Registered, id: string, prefix: Prefix = '/api') {
      const response = await call(user, 'GET', `${prefix}/folders/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      return json(response);
    },
    async share(owner: Registered, workflowId: string, email: string) {
      const response = await call(owner, 'POST', `/api/workflows/${workflowId}/shares`, { email });
      expect(response.statusCode, response.body).toBe(201);
    },
  };
}

/** A tree node reduced to names: `{name, workflows: [names], children: [...]}`. */
export function shape(node: any): any {
  return {
    name: node.name,
    workflows: node.workflows.map((workflow: any) => workflow.name),
    children: node.children.map(shape),
  };
}
