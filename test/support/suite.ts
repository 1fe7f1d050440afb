/** The app and registered users of an HTTP suite, set up once per describe block. */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './app.js';
import { register, type Registered } from './auth.js';

/**
 * Starts an app in `beforeAll`, registers `<name>@example.com` for each name in order, and closes
 * the app in `afterAll`. The returned objects are filled in by that `beforeAll`, so (like `let`
 * variables assigned there) they may be destructured at once but read only in hooks and tests.
 */
export function useTestApp<const Name extends string>(options: TestAppOptions, names: readonly Name[]) {
  const t = {} as TestApp;
  const users = Object.fromEntries(names.map((name) => [name, {} as Registered])) as Record<Name, Registered>;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
    for (const name of names) Object.assign(users[name], await register(t.app, `${name}@example.com`));
  });
  afterAll(() => t.close());
  return { t, users };
}
