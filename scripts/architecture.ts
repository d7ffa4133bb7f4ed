// `npm run docs:architecture`: rewrites the lists of docs/architecture.md that the code can
// list, each between its markers (`<!-- generated:NAME -->` … `<!-- /generated:NAME -->`):
//   tables   every table of the Drizzle schema: columns, the tables it refers to, its JSDoc
//   routes   every route the server serves, collected as `npm run routes` collects them
//   folders  the folders of src/contract, src/server and src/web/features
// With `--check` it writes nothing and exits 1 naming each stale section; the unit tests run
// the same check (scripts/architecture.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import * as schema from '../src/server/db/schema.js';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DOC = 'docs/architecture.md';
const SCHEMA = 'src/server/db/schema.ts';
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');
export const SECTIONS = ['tables', 'routes', 'folders'] as const;
export type SectionName = (typeof SECTIONS)[number];

/**
 * What a table holds, for the tables whose declaration in the schema has no JSDoc yet. A JSDoc
 * on the table wins; an entry here for a table the schema no longer has stops the generator.
 */
const UNDOCUMENTED_TABLES: Record<string, string> = {
  brokers:
    'Every account (admins and super-admins are brokers with a flag): profile, IBAN, own link code.',
  otp_codes: 'One-time codes, hashed, with their purpose, expiry and tries.',
  sessions: 'Signed-in sessions: the SHA-256 of the cookie token, expiry and last use.',
  referrals:
    "A tenant referred by a broker: the rent, the status and when it began, the source, the stage's deadline.",
  commissions:
    'One per signed contract: amount, what was paid and recovered, holding and reversal.',
  transfer_requests:
    "Payouts: a broker's transfer request or an admin's «دفع كل المستحق», through its states to the bank file.",
  tenant_forms: "The tenant's submitted data, one per referral.",
  system_config:
    'Settings super-admins and admins change: the commission rule, holding days, ceilings, …',
  fraud_signals:
    'Fraud and duplicate signals: recorded with their reason, kept for good; an open one holds the money it covers.',
  short_links: 'The `/s/{code}` links sent to tenants.',
  audit_log: 'Who did what to which record and when, from which address, with before and after.',
  notifications: "A broker's notifications, read or not.",
};

// ---- Sections between markers ----

const openMarker = (name: string) => `<!-- generated:${name} -->`;
const closeMarker = (name: string) => `<!-- /generated:${name} -->`;

/** The text between a section's markers, or null when the document lacks them. */
export function sectionOf(doc: string, name: string): string | null {
  const start = doc.indexOf(openMarker(name));
  const end = doc.indexOf(closeMarker(name));
  if (start < 0 || end < start) return null;
  return doc.slice(start + openMarker(name).length, end).trim();
}

/** The document with a section's text replaced; throws when its markers are missing. */
export function withSection(doc: string, name: string, body: string): string {
  const start = doc.indexOf(openMarker(name));
  const end = doc.indexOf(closeMarker(name));
  if (start < 0 || end < start) {
    throw new Error(`${DOC} has no ${openMarker(name)} … ${closeMarker(name)} markers`);
  }
  return `${doc.slice(0, start)}${openMarker(name)}\n\n${body.trim()}\n\n${doc.slice(end)}`;
}

/** The sections whose text differs between the document as it is and as it should be. */
export function staleSections(current: string, next: string): string[] {
  return SECTIONS.filter((name) => sectionOf(current, name) !== sectionOf(next, name));
}

/** Markdown as Biome formats it, so the written document passes `biome check` as it is. */
function formatMarkdown(text: string): string {
  const result = spawnSync(BIOME, ['format', `--stdin-file-path=${DOC}`], {
    cwd: ROOT,
    input: text,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`biome format ${DOC} failed:\n${result.stderr}`);
  return result.stdout;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\s+/g, ' ').trim();
const table = (header: string[], rows: string[][]) =>
  [header, header.map(() => '---'), ...rows]
    .map((row) => `| ${row.map(cell).join(' | ')} |`)
    .join('\n');

// ---- Tables ----

export type TableRow = { name: string; columns: number; refersTo: string[]; about: string };

/** The first sentence of each exported declaration's JSDoc in the schema, by export name. */
function schemaDocs(): Map<string, string> {
  const file = path.join(ROOT, SCHEMA);
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const docs = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      // Two comments stacked above a declaration: the one nearest to it is its own.
      const jsDoc = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc).at(-1);
      const text = ts.getTextOfJSDocComment(jsDoc?.comment)?.replace(/\s+/g, ' ').trim();
      if (text && ts.isIdentifier(declaration.name)) {
        docs.set(declaration.name.text, /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text);
      }
    }
  }
  return docs;
}

export function collectTables(): TableRow[] {
  const docs = schemaDocs();
  const rows: TableRow[] = [];
  for (const [exported, value] of Object.entries(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const refersTo = new Set(
      config.foreignKeys.map((key) => getTableConfig(key.reference().foreignTable).name),
    );
    rows.push({
      name: config.name,
      columns: config.columns.length,
      refersTo: [...refersTo].sort(),
      about: docs.get(exported) ?? UNDOCUMENTED_TABLES[config.name] ?? '',
    });
  }
  const unknown = Object.keys(UNDOCUMENTED_TABLES).filter(
    (name) => !rows.some((row) => row.name === name),
  );
  if (unknown.length > 0) {
    throw new Error(
      `scripts/architecture.ts describes tables the schema does not have: ${unknown.join(', ')}`,
    );
  }
  return rows.sort((a, b) => (a.name < b.name ? -1 : 1));
}

export function renderTables(rows: TableRow[]): string {
  return [
    `${rows.length} tables, in \`${SCHEMA}\`, by name. What each holds is the first sentence of` +
      ' its JSDoc there; a table without one takes its line from `scripts/architecture.ts`.',
    '',
    table(
      ['table', 'columns', 'refers to', 'what it holds'],
      rows.map((row) => [
        `\`${row.name}\``,
        String(row.columns),
        row.refersTo.map((name) => `\`${name}\``).join(', ') || '—',
        row.about,
      ]),
    ),
  ].join('\n');
}

// ---- Routes ----

export type RouteRow = {
  method: string;
  path: string;
  access: string;
  response: string;
  summary: string;
};

/**
 * Every route, as `npm run routes` (scripts/routes.ts) collects them: the app built on a
 * throw-away embedded cluster, and its route record, so the list follows whatever the
 * contract declares and the server registers.
 */
export async function collectRoutes(): Promise<RouteRow[]> {
  const { buildApp } = await import('../src/server/app.js');
  const { loadConfig } = await import('../src/server/config.js');
  const { openDatabase } = await import('../src/server/db/client.js');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shareek-architecture-'));
  try {
    const database = await openDatabase(
      { kind: 'embedded', dataDir },
      { info: () => {}, warn: console.warn },
    );
    try {
      const app = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
        database,
        webRoot: null,
      });
      try {
        await app.ready();
        return app.routeRecord.map((r) => ({
          method: r.method,
          path: r.path,
          access: r.access ?? '—',
          response:
            r.response === 'undeclared'
              ? r.path.startsWith('/api/')
                ? 'NOT DECLARED'
                : '—'
              : r.response,
          summary: r.summary ?? '',
        }));
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const methodRank = (method: string) => {
  const rank = METHOD_ORDER.indexOf(method);
  return rank < 0 ? METHOD_ORDER.length : rank;
};

export function renderRoutes(rows: RouteRow[]): string {
  const sorted = [...rows].sort((a, b) =>
    a.path === b.path ? methodRank(a.method) - methodRank(b.method) : a.path < b.path ? -1 : 1,
  );
  const api = rows.filter((row) => row.path.startsWith('/api/')).length;
  return [
    `${rows.length} routes, ${api} of them under \`/api\`, by path; the same list as \`npm run routes\`` +
      " (the development-only `/api/dev/*` included; the web app's files and pages, served by" +
      ' the static plugin and its SPA fallback, are not). Answer: `json` (a declared schema),' +
      ' `not json` (a file or a stream), `—` (outside the contract).',
    '',
    table(
      ['method', 'path', 'access', 'answer', 'summary'],
      sorted.map((row) => [row.method, `\`${row.path}\``, row.access, row.response, row.summary]),
    ),
  ].join('\n');
}

// ---- Folders ----

/** The entries of a source folder: sub-folders as `name/`, modules by name, tests left out. */
function entriesOf(folder: string, withModules: boolean): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter((entry) =>
      entry.isDirectory()
        ? true
        : withModules && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name.replace(/\.tsx?$/, '')))
    .sort();
}

export function renderFolders(): string {
  const line = (folder: string, what: string, entries: string[]) =>
    `- \`${folder}/\` (${what}): ${entries.map((entry) => `\`${entry}\``).join(', ')}.`;
  return [
    line('src/contract', 'modules and folders', entriesOf('src/contract', true)),
    line('src/server', 'folders', entriesOf('src/server', false)),
    line('src/web/features', 'one folder a feature', entriesOf('src/web/features', false)),
  ].join('\n');
}

// ---- The document ----

/** The document with every section regenerated, formatted as Biome formats it. */
export async function regenerate(current: string): Promise<string> {
  let next = current;
  next = withSection(next, 'tables', renderTables(collectTables()));
  next = withSection(next, 'routes', renderRoutes(await collectRoutes()));
  next = withSection(next, 'folders', renderFolders());
  return formatMarkdown(next);
}

async function main(check: boolean): Promise<number> {
  const file = path.join(ROOT, DOC);
  const current = readFileSync(file, 'utf8');
  const next = await regenerate(current);
  const stale = staleSections(current, next);
  if (check) {
    if (stale.length === 0) return 0;
    console.error(
      `${DOC} is stale in: ${stale.join(', ')}. Run \`npm run docs:architecture\` and commit it.`,
    );
    return 1;
  }
  if (next !== current) writeFileSync(file, next);
  console.log(stale.length === 0 ? `${DOC} is current.` : `${DOC}: rewrote ${stale.join(', ')}.`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    process.exitCode = await main(process.argv.includes('--check'));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
