// Stamps the service worker with this build: its cache name changes with every build (so the
// previous build's files are dropped on activation) and it precaches the scripts and styles of
// the app shell and the landing page, so /mobile and / open offline right after a first visit.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const webRoot = fileURLToPath(new URL('../dist/web', import.meta.url));
const worker = `${webRoot}/sw.js`;

const assets = (await readdir(`${webRoot}/assets`)).sort();
const build = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
// The scripts and styles of both pages the worker keeps, the app's shell and the landing page,
// which are two builds (docs/decisions/065): each opens offline after a first visit.
const pages = await Promise.all(
  ['index.html', 'landing.html'].map((page) => readFile(`${webRoot}/${page}`, 'utf8')),
);
const shellAssets = [
  ...new Set(
    pages.flatMap((html) =>
      [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]),
    ),
  ),
];
const source = await readFile(worker, 'utf8');
if (!source.includes('__BUILD__') || !source.includes("'__SHELL_ASSETS__'")) {
  throw new Error('dist/web/sw.js has no __BUILD__ or __SHELL_ASSETS__ placeholder');
}
await writeFile(
  worker,
  source
    .replace('__BUILD__', build)
    .replace("'__SHELL_ASSETS__'", shellAssets.map((asset) => `'${asset}'`).join(', ')),
);
console.log(`service worker for build ${build} (${shellAssets.length} shell assets precached)`);
