// `npm run screenshots`: the journeys' configuration (same server, fakes and two viewports),
// running the catalogue instead of the journeys.
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import journeys from '../../playwright.config';

const root = path.resolve(import.meta.dirname, '../..');
const servers = journeys.webServer;

export default defineConfig({
  ...journeys,
  testDir: '.',
  testMatch: 'catalogue.ts',
  outputDir: path.join(root, 'test-results/screenshots'),
  reporter: 'list',
  webServer: (Array.isArray(servers) ? servers : servers ? [servers] : []).map((server) => ({
    ...server,
    cwd: root,
  })),
});
