/** Drizzle schema: the one description of every table; migrations are generated from src/store/tables. */
export * from './tables/accounts.js';
export * from './tables/workflows.js';
export * from './tables/executions.js';
export * from './tables/folders.js';
export * from './tables/teams.js';
export * from './tables/shares.js';
export * from './tables/credentials.js';
export * from './tables/tokens.js';
export * from './tables/jobs.js';
