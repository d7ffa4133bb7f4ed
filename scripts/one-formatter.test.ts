import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decision 060: every number and date a person reads is written by src/domain/format.ts, so
 * that none is written twice in two ways («٢٬٠٢٦» beside «٢٠٢٦», a month short on one screen
 * and long on the next). Code outside src/domain builds no Intl formatter of its own and calls
 * no toLocale…String. Tests are exempt: one may compute what it expects with Intl, apart from
 * the code it checks.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const SCANNED = ['src/web', 'src/server', 'src/contract'];
const FORBIDDEN =
  /\bIntl\s*\.\s*(NumberFormat|DateTimeFormat|RelativeTimeFormat|ListFormat)\b|\.toLocale(Date|Time)?String\s*\(/;

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs|js)$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** `file:line: text` for every line that formats a number or a date by itself. */
function ownFormatters(files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) =>
    text
      .split('\n')
      .flatMap((line, i) => (FORBIDDEN.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('one formatter for every number and date (decision 060)', () => {
  it('finds what it looks for', () => {
    const probe = [
      "const a = new Intl.DateTimeFormat('ar', { month: 'short' });",
      'const b = new Intl.NumberFormat("ar-SA", { useGrouping: false });',
      'const c = amount.toLocaleString("ar-SA");',
      'const d = when.toLocaleDateString();',
      'const e = formatSar(amount);',
      "const f = new Intl.PluralRules('ar');",
    ].join('\n');
    expect(ownFormatters([{ file: 'probe.ts', text: probe }])).toHaveLength(4);
  });

  it('src/web, src/server and src/contract leave numbers and dates to src/domain', () => {
    const files = SCANNED.flatMap(sources).map((file) => ({
      file,
      text: readFileSync(path.join(root, file), 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(ownFormatters(files)).toEqual([]);
  });
});
