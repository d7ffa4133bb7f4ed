// Puts the landing page's HTML (rendered by the SSR build of src/web/features/landing/render.tsx)
// into dist/web/landing.html, so its text is there before any script runs, with fonts subset
// to exactly the characters the page shows. Then removes the SSR build, which nothing else needs.
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = fileURLToPath(new URL('..', import.meta.url));
const ssrEntry = `${root}dist/ssr/render.js`;
const page = `${root}dist/web/landing.html`;
const fontFiles = `${root}node_modules/@fontsource/ibm-plex-sans-arabic/files`;

// The same split as the font's own Arabic and Latin subsets (Google Fonts' ranges).
const RANGES = {
  arabic:
    'U+0600-06FF, U+0750-077F, U+0870-088E, U+0890-0891, U+0898-08E1, U+08E3-08FF, U+200C-200E, U+2010-2011, U+204F, U+2E41, U+FB50-FDFF, U+FE70-FE74, U+FE76-FEFC',
  latin:
    'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
};
const isArabic = (char) =>
  /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFC]/.test(char);

/** Every character a visitor can see: text between tags, with the entities React writes. */
function visibleCharacters(html) {
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
  return [...new Set(`${text}0123456789٠١٢٣٤٥٦٧٨٩`)];
}

/** Subset woff2 files in dist/web/assets, their @font-face rules and preload links. */
async function landingFonts(html) {
  const characters = visibleCharacters(html);
  const text = {
    arabic: characters.filter(isArabic).join(''),
    latin: characters.filter((c) => !isArabic(c)).join(''),
  };
  const faces = [];
  const preloads = [];
  for (const subset of ['arabic', 'latin']) {
    for (const weight of [400, 700]) {
      const source = await readFile(
        `${fontFiles}/ibm-plex-sans-arabic-${subset}-${weight}-normal.woff2`,
      );
      const font = await subsetFont(source, text[subset], { targetFormat: 'woff2' });
      const hash = createHash('sha256').update(font).digest('hex').slice(0, 10);
      const url = `/assets/landing-${subset}-${weight}-${hash}.woff2`;
      await writeFile(`${root}dist/web${url}`, font);
      faces.push(
        `@font-face{font-family:'IBM Plex Sans Arabic';font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format('woff2');unicode-range:${RANGES[subset]}}`,
      );
      preloads.push(`<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin />`);
    }
  }
  return `${preloads.join('\n    ')}\n    <style>${faces.join('')}</style>`;
}

const { renderLanding } = await import(ssrEntry);
const { html, head } = renderLanding(process.env);
const template = await readFile(page, 'utf8');
if (!template.includes('<!--landing-->') || !template.includes('<!--head-->')) {
  throw new Error('dist/web/landing.html has no <!--landing--> or <!--head--> placeholder');
}
const fonts = await landingFonts(html);
await writeFile(
  page,
  template.replace('<!--head-->', `${fonts}\n    ${head}`).replace('<!--landing-->', html),
);
await rm(`${root}dist/ssr`, { recursive: true, force: true });
console.log(`prerendered the landing page (${Math.round(html.length / 1024)} KB of HTML)`);
