// Writes the number face (docs/decisions/060-numbers-nobody-misreads.md): Vazirmatn's
// Arabic-Indic digits, percent sign and separators, nothing else, as two small woff2 files in
// src/web/fonts/ that src/web/styles.css puts in front of IBM Plex Sans Arabic. Run it again
// (`node scripts/digits-font.mjs`) only when the characters or the weights change;
// scripts/digits-font.test.ts fails when the files in the tree are not what it writes.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = `${root}node_modules/@fontsource/vazirmatn/files`;

/** ٠-٩, ٪, the decimal ٫ and the grouping ٬: U+0660-066C, the unicode-range in styles.css. */
export const DIGIT_CHARACTERS = '٠١٢٣٤٥٦٧٨٩٪٫٬';

/** The source weight for each file: regular text, and the bold of figures and headings. */
export const DIGIT_WEIGHTS = [400, 700];

export const digitFontPath = (weight) => `${root}src/web/fonts/digits-${weight}.woff2`;

/** The subset of one weight, as woff2 bytes. */
export async function digitFont(weight) {
  const font = await readFile(`${source}/vazirmatn-arabic-${weight}-normal.woff2`);
  return subsetFont(font, DIGIT_CHARACTERS, { targetFormat: 'woff2' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const weight of DIGIT_WEIGHTS) {
    const font = await digitFont(weight);
    await writeFile(digitFontPath(weight), font);
    console.log(`src/web/fonts/digits-${weight}.woff2: ${font.length} bytes`);
  }
}
