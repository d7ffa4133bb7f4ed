// `npm run routes`: every route the server serves, with who may call it and what it answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';

// A throw-away embedded cluster: building the app reads nothing, but it needs a database.
const dataDir = mkdtempSync(path.join(tmpdir(), 'shareek-routes-'));
const database = await openDatabase(
  { kind: 'embedded', dataDir },
  { info: () => {}, warn: console.warn },
);
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  database,
  webRoot: null,
});
await app.ready();
const rows = app.routeRecord.map((r) => [
  r.method,
  r.path,
  r.access ?? '—',
  r.response === 'undeclared' ? (r.path.startsWith('/api/') ? 'NOT DECLARED' : '—') : r.response,
  r.summary ?? '',
]);
const header = ['method', 'path', 'access', 'response', 'summary'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
const line = (cells: string[]) =>
  cells
    .map((c, i) => c.padEnd(widths[i] ?? 0))
    .join('  ')
    .trimEnd();
console.log(line(header));
for (const row of rows) console.log(line(row));
const undeclared = rows.filter((row) => row[3] === 'NOT DECLARED').length;
console.log(`\n${rows.length} routes; ${undeclared} /api routes without a response schema`);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
