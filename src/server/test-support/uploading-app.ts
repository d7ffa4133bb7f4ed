import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { sharedTestApp } from './shared-test-app.js';
import { createTestApp, type TestApp } from './test-app.js';

/** A file's shared app that keeps the tenants' uploads in a folder the tests can look into. */
type UploadingApp = {
  t: TestApp;
  /** The folder the app writes under (DATA_DIR): a temporary one of the file's own. */
  dataDir: () => string;
  /** The app's address, for uploads over real HTTP (multipart): `uploadTenantPdf(base(), token)`. */
  base: () => string;
  /** Whether the upload stored under `key` still has its bytes on disk. */
  storedOnDisk: (key: string) => boolean;
};

/**
 * `sharedTestApp` for tests that see the uploaded documents' bytes come and go: the app stores
 * them in a temporary folder (named after `name`, removed after the tests) and listens on
 * 127.0.0.1. `env` is added to the configuration (a limit per address high enough for the
 * file's sign-ups unless said). Like `sharedTestApp`, it registers its own hooks: `dataDir` and
 * `base` answer in the tests and in the hooks registered after this call.
 */
export function sharedUploadingApp(name: string, env: Record<string, string> = {}): UploadingApp {
  let folder: string | undefined;
  let address: string | undefined;
  const dataDir = () => {
    if (folder === undefined) throw new Error('the data folder is made before the tests');
    return folder;
  };
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), `${name}-test-`));
  });
  afterAll(async () => {
    await rm(dataDir(), { recursive: true, force: true });
  });
  const t = sharedTestApp(() =>
    createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000', ...env, DATA_DIR: dataDir() }),
  );
  beforeAll(async () => {
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  return {
    t,
    dataDir,
    base: () => {
      if (address === undefined) throw new Error('the app listens before the tests');
      return address;
    },
    storedOnDisk: (key) => existsSync(path.join(dataDir(), 'uploads', key)),
  };
}
