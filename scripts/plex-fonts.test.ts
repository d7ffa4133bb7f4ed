import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLEX_FACES, plexFont, plexFontPath, unicodeRange } from './plex-fonts.mjs';

const fonts = readFileSync(new URL('../src/web/fonts.css', import.meta.url), 'utf8');

/** fonts.css's @font-face rules of the text face: file, weight and unicode-range. */
const declared = [...fonts.matchAll(/@font-face\s*\{([^}]*)\}/g)]
  .map(([, body = '']) => body)
  .filter((body) => body.includes('"IBM Plex Sans Arabic"'))
  .map((body) => ({
    file: body.match(/url\("\.\/fonts\/([^"]+)"\)/)?.[1],
    weight: Number(body.match(/font-weight:\s*(\d+)/)?.[1]),
    range: body.match(/unicode-range:\s*([^;]+);/)?.[1]?.replace(/\s+/g, ' '),
  }));

describe('the text face (decision 065)', () => {
  it.each(PLEX_FACES)(
    'src/web/fonts/plex-%s-%i.woff2 is what scripts/plex-fonts.mjs writes',
    async (subset, weight) => {
      const inTree = readFileSync(plexFontPath(subset, weight));
      expect(Buffer.compare(await plexFont(subset, weight), inTree)).toBe(0);
    },
  );

  it('is declared in fonts.css once a file, with the ranges the files were cut to', () => {
    expect(declared).toEqual(
      PLEX_FACES.map(([subset, weight]) => ({
        file: `plex-${subset}-${weight}.woff2`,
        weight,
        range: unicodeRange(subset),
      })),
    );
  });
});
