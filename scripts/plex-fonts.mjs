// Writes the app's text face (docs/decisions/065-six-files-for-six-connections.md): IBM Plex
// Sans Arabic cut to the Arabic block and the Latin letters, as woff2 files in src/web/fonts/
// that src/web/fonts.css declares with the same unicode-ranges. Fontsource's Arabic files also
// carry the Arabic of other languages and its presentation forms A (U+0750-08FF, U+FB50-FDFF),
// much of their weight, which no Saudi broker or tenant types; a character outside the ranges
// is drawn by the next face in the stack. Run it again (`node scripts/plex-fonts.mjs`) only when
// the ranges or the weights change; scripts/plex-fonts.test.ts fails when the files in the tree
// are not what it writes.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = `${root}node_modules/@fontsource/ibm-plex-sans-arabic/files`;

/**
 * Each file's characters, as inclusive code-point ranges: the Arabic block with the joiners, the
 * marks of direction and what is pasted; the Latin of Fontsource's own Latin file (Google
 * Fonts' range).
 */
const PLEX_RANGES = {
  arabic: [
    [0x0600, 0x06ff],
    [0x200c, 0x200f],
    [0x2010, 0x2011],
    // The ligatures of «الله», «ﷺ» and the rial sign, and the presentation forms that text
    // copied out of a PDF carries.
    [0xfdf2, 0xfdf2],
    [0xfdfa, 0xfdfc],
    [0xfe70, 0xfe74],
    [0xfe76, 0xfefc],
  ],
  latin: [
    [0x0000, 0x00ff],
    [0x0131, 0x0131],
    [0x0152, 0x0153],
    [0x02bb, 0x02bc],
    [0x02c6, 0x02c6],
    [0x02da, 0x02da],
    [0x02dc, 0x02dc],
    [0x2000, 0x206f],
    [0x20ac, 0x20ac],
    [0x2122, 0x2122],
    [0x2212, 0x2212],
    [0xfeff, 0xfeff],
    [0xfffd, 0xfffd],
  ],
};

/**
 * The faces the app draws with: regular, medium and bold Arabic; regular and bold Latin. The
 * Latin medium face is left out on purpose: its full stop (0.150 em) is too tall beside the
 * Arabic zero (decision 060). Medium Latin text is drawn by the next face in the stack, as it
 * was when Fontsource's medium Arabic file stood alone.
 */
export const PLEX_FACES = [
  ['arabic', 400],
  ['arabic', 500],
  ['arabic', 700],
  ['latin', 400],
  ['latin', 700],
];

export const plexFontPath = (subset, weight) =>
  `${root}src/web/fonts/plex-${subset}-${weight}.woff2`;

/** The CSS unicode-range of a subset, as fonts.css must write it. */
export const unicodeRange = (subset) =>
  PLEX_RANGES[subset]
    .map(([from, to]) => {
      const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
      return from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`;
    })
    .join(', ');

/** One face, cut to its subset's characters, as woff2 bytes. */
export async function plexFont(subset, weight) {
  const font = await readFile(`${source}/ibm-plex-sans-arabic-${subset}-${weight}-normal.woff2`);
  const characters = PLEX_RANGES[subset]
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i))
    .map((point) => String.fromCodePoint(point))
    .join('');
  return subsetFont(font, characters, { targetFormat: 'woff2' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [subset, weight] of PLEX_FACES) {
    const font = await plexFont(subset, weight);
    await writeFile(plexFontPath(subset, weight), font);
    console.log(`src/web/fonts/plex-${subset}-${weight}.woff2: ${font.length} bytes`);
  }
}
