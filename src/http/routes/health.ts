import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

export interface HealthRoutesOptions {
  database: { kind: string; ping(): Promise<boolean> };
  store: { kind: string; ping(): Promise<boolean> };
}

const Component = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
  kind: Type.String(),
});
const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Component,
  shared_store: Component,
});

export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions) {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      const [db, store] = await Promise.all([options.database.ping(), options.store.ping()]);
      const healthy = db && store;
      return reply.status(healthy ? 200 : 503).send({
        status: healthy ? 'ok' : 'degraded',
        database: { status: db ? 'ok' : 'down', kind: options.database.kind },
        shared_store: { status: store ? 'ok' : 'down', kind: options.store.kind },
      });
    },
  );
}
