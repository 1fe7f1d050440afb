/**
 * The server under measurement as `npm start` runs it: compiled by tsc into dist/ (`npm run bench`
 * builds first), not transformed on the fly by tsx, whose keep-names wrappers cost every closure a
 * property definition. Types come from the sources.
 */
import type * as AppModule from '../src/app.js';
import type * as StoreModule from '../src/services/shared-store/index.js';
import type * as DatabaseModule from '../src/store/database.js';

const dist = (path: string) => import(new URL(`../dist/${path}`, import.meta.url).href);

export const { buildApp } = (await dist('app.js')) as typeof AppModule;
export const { MemoryStore } = (await dist('services/shared-store/index.js')) as typeof StoreModule;
export const { openDatabase } = (await dist('store/database.js')) as typeof DatabaseModule;
export type { DatabaseTarget } from '../src/store/database.js';
