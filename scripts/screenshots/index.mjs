// Writes screenshots/index.html: every photographed screen, phone and desktop side by side.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const folder = path.resolve(import.meta.dirname, '../../screenshots');
const viewports = ['mobile', 'desktop'];
const names = [...new Set(viewports.flatMap((v) => readdirSync(path.join(folder, v))))].sort();
const figure = (viewport, name) =>
  `<figure><img src="${viewport}/${name}" alt="${viewport} ${name}" loading="lazy"><figcaption>${viewport}</figcaption></figure>`;
const rows = names
  .map(
    (name) =>
      `<section><h2>${name.replace(/\.png$/, '')}</h2><div>${viewports.map((v) => figure(v, name)).join('')}</div></section>`,
  )
  .join('\n');
writeFileSync(
  path.join(folder, 'index.html'),
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>Screens</title>
<style>body{font-family:sans-serif;margin:1rem}section div{display:flex;gap:1rem;align-items:flex-start}
img{border:1px solid #ccc;max-width:100%}figure:first-child img{width:390px}figure:last-child img{width:640px}</style>
<h1>Every screen (${names.length})</h1>
${rows}
</html>
`,
);
console.log(`screenshots/index.html: ${names.length} screens`);
