import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIGIT_CHARACTERS, DIGIT_WEIGHTS, digitFont, digitFontPath } from './digits-font.mjs';

const styles = readFileSync(new URL('../src/web/styles.css', import.meta.url), 'utf8');

describe('the number face (decision 060)', () => {
  it.each(DIGIT_WEIGHTS)(
    'src/web/fonts/digits-%i.woff2 is what scripts/digits-font.mjs writes',
    async (weight) => {
      const inTree = readFileSync(digitFontPath(weight));
      expect(Buffer.compare(await digitFont(weight), inTree)).toBe(0);
      // Small enough for Vite to inline into the style sheet (its 4 KB limit): no request, no swap.
      expect(inTree.length).toBeLessThan(4096);
    },
  );

  it('covers exactly the characters of the unicode-range that styles.css gives it', () => {
    const ranges = [...styles.matchAll(/unicode-range:\s*U\+([0-9A-F]+)-([0-9A-F]+);/gi)];
    expect(ranges.length).toBe(DIGIT_WEIGHTS.length);
    for (const [, from = '', to = ''] of ranges) {
      const first = Number.parseInt(from, 16);
      const covered = Array.from({ length: Number.parseInt(to, 16) - first + 1 }, (_, i) =>
        String.fromCodePoint(first + i),
      );
      expect(covered.join('')).toBe(DIGIT_CHARACTERS);
    }
  });
});
