import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/glossary.md names, for each product noun, the files and folders that hold it. A rename
// or a move that leaves the page behind fails here, naming the path.
const ROOT = path.resolve(import.meta.dirname, '..');
const glossary = readFileSync(path.join(ROOT, 'docs', 'glossary.md'), 'utf8');

/** Every `src/…`, `docs/…`, `e2e/…` or `scripts/…` path the page writes in backticks. */
const paths = [...glossary.matchAll(/`((?:src|docs|e2e|scripts)\/[^`\s]+)`/g)].map(
  (match) => match[1] ?? '',
);

describe('docs/glossary.md', () => {
  it('names paths', () => {
    expect(paths.length).toBeGreaterThan(40);
  });

  it.each(paths)('%s exists', (written) => {
    expect(existsSync(path.join(ROOT, written))).toBe(true);
  });
});
