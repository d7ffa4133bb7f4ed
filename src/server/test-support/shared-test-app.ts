import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/**
 * The test app a file's tests (or a `describe`'s) share: opened before them and closed after
 * them by hooks this call registers, so no file can forget to close it. It takes what
 * `createTestApp` takes, or how to open the app when it needs what an earlier hook made (a
 * folder, a fake provider's address): `sharedTestApp(() => createTestApp({ DATA_DIR: dataDir }))`.
 * The answer stands for the app in the tests and in the hooks registered after this call
 * (before the app opens, or after it closed, reading it throws).
 *
 * `const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });`
 *
 * Hooks run in the order they are registered, `afterAll` hooks in the reverse order: a
 * `beforeAll` registered after this call finds the app open, an `afterAll` registered after it
 * runs before the app closes, one registered before it runs after.
 */
export function sharedTestApp(env?: Record<string, string>, options?: TestAppOptions): TestApp;
export function sharedTestApp(open: () => Promise<TestApp>): TestApp;
export function sharedTestApp(
  how: Record<string, string> | (() => Promise<TestApp>) = {},
  options: TestAppOptions = {},
): TestApp {
  let opened: TestApp | undefined;
  let closing: Promise<void> | undefined;
  beforeAll(async () => {
    opened = await (typeof how === 'function' ? how() : createTestApp(how, options));
  });
  afterAll(async () => {
    await close();
  });
  const current = (): TestApp => {
    if (!opened || closing) {
      throw new Error('the shared test app is open only in the tests and the hooks after it');
    }
    return opened;
  };
  /** Closes the app once, however often it is asked (the `afterAll` always asks). */
  const close = (): Promise<void> => {
    if (!opened) return Promise.resolve();
    closing ??= opened.close();
    return closing;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get sms() {
      return current().sms;
    },
    close,
  };
}
