import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 33 item 7 (decision 068): the provider's product is monthly rent payment, and the copy
 * says so. SAMA's BNPL rules are for companies that charge the consumer nothing, and rent
 * financing with a profit rate is consumer finance: no text a person reads calls the product
 * "buy now, pay later" or instalments. «أقساط القروض» stays allowed: it names the tenant's own
 * obligations, not our product.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const SCANNED = ['src/web', 'src/domain', 'src/server/messaging', 'src/web/index.html'];
const FORBIDDEN: readonly RegExp[] = [
  /\bBNPL\b/i,
  /buy\s+now,?\s+pay\s+later/i,
  /اشتر[ِي]?\s+(الآن|الان)/,
  /ادفع\s+لاحق/,
  /بالتقسيط|على\s+أقساط|أقساط\s+شهرية|قسّط|تقسيط/,
];

function sources(entry: string): string[] {
  const full = path.join(root, entry);
  if (/\.\w+$/.test(entry)) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((file) => file.isFile() && /\.(ts|tsx|html|json)$/.test(file.name))
    .filter((file) => !/\.test\.tsx?$/.test(file.name))
    .map((file) => path.relative(root, path.join(file.parentPath, file.name)));
}

function dishonest(files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) =>
    text
      .split('\n')
      .flatMap((line, i) =>
        FORBIDDEN.some((rule) => rule.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
}

describe('the product is called what it is (issue 33 item 7)', () => {
  it('finds what it looks for', () => {
    const probe = [
      'اشترِ الآن وادفع لاحقاً',
      'ادفع إيجارك على أقساط شهرية',
      'Pay rent with BNPL',
      'خدمة التقسيط للإيجار',
    ].map((text, i) => ({ file: `probe-${i}`, text }));
    expect(dishonest(probe)).toHaveLength(4);
    expect(dishonest([{ file: 'ok', text: 'أقساط القروض والبطاقات الائتمانية شهرياً' }])).toEqual(
      [],
    );
  });

  it('no screen, message or template calls it buy-now-pay-later or instalments', () => {
    const files = [...new Set(SCANNED.flatMap(sources))].map((file) => ({
      file,
      text: readFileSync(path.join(root, file), 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(dishonest(files)).toEqual([]);
  });
});
