// Puts the landing page's HTML (rendered by the SSR build of src/web/features/landing/render.tsx)
// into dist/web/landing.html, so its text is there before any script runs. Then removes the
// SSR build, which nothing else needs.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ssrEntry = `${root}dist/ssr/render.js`;
const page = `${root}dist/web/landing.html`;

const { renderLanding } = await import(ssrEntry);
const { html, head } = renderLanding(process.env);
const template = await readFile(page, 'utf8');
if (!template.includes('<!--landing-->') || !template.includes('<!--head-->')) {
  throw new Error('dist/web/landing.html has no <!--landing--> or <!--head--> placeholder');
}
await writeFile(page, template.replace('<!--head-->', head).replace('<!--landing-->', html));
await rm(`${root}dist/ssr`, { recursive: true, force: true });
console.log(`prerendered the landing page (${Math.round(html.length / 1024)} KB of HTML)`);
