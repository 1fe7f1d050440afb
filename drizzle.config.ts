import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/store/tables/*.ts',
  out: './src/store/migrations',
});
