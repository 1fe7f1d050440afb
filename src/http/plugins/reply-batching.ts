/** Every reply waits for the end of the turn it was finished in, and goes out with the others (see TurnEnd). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TurnEnd } from '../../services/turn-end.js';

export const replyBatchingPlugin = fp(async (app: FastifyInstance, { turnEnd }: { turnEnd: TurnEnd }) => {
  app.addHook('onSend', (_request, _reply, payload, done) => {
    turnEnd.reply(() => done(null, payload));
  });
});
