import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DOC,
  regenerate,
  SECTIONS,
  sectionOf,
  staleSections,
  withSection,
} from './architecture.js';

// docs/architecture.md lists the tables, the routes and the source folders as the code has them
// (scripts/architecture.ts writes them between markers): a change to the schema, the contract or
// the folders that leaves the page behind fails here, naming the section.
const ROOT = path.resolve(import.meta.dirname, '..');

describe('docs/architecture.md', () => {
  // Building the app needs a throw-away embedded cluster (as `npm run routes` does): seconds,
  // and more on a loaded machine.
  it('lists the tables, routes and folders the code has', { timeout: 120_000 }, async () => {
    const current = readFileSync(path.join(ROOT, DOC), 'utf8');
    const stale = staleSections(current, await regenerate(current));
    expect(stale, `stale; run \`npm run docs:architecture\``).toEqual([]);
  });

  it('has every section between its markers', () => {
    const current = readFileSync(path.join(ROOT, DOC), 'utf8');
    for (const name of SECTIONS) expect(sectionOf(current, name), name).not.toBeNull();
  });

  it('names the section that differs, and only that one', () => {
    const doc = SECTIONS.map(
      (name) => `<!-- generated:${name} -->\n\nold ${name}\n\n<!-- /generated:${name} -->`,
    ).join('\n\n');
    const next = withSection(doc, 'routes', 'new routes');
    expect(staleSections(doc, next)).toEqual(['routes']);
    expect(sectionOf(next, 'routes')).toBe('new routes');
    expect(sectionOf(next, 'tables')).toBe('old tables');
  });

  it('refuses a document that lost a section’s markers', () => {
    expect(() => withSection('# Architecture\n', 'tables', 'x')).toThrow(
      '<!-- generated:tables -->',
    );
  });
});
