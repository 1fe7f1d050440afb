import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/auth.js';

export const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
export const tags = ['folders'];
export const caller = (request: FastifyRequest) => currentUser(request).userId;
