import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst, transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { markInitialisersPure, type Program, splitContractModule } from '../build/contract-calls';
import type { Endpoint } from '../src/contract/common';

/**
 * Decision 063: in the browser, an endpoint object of the contract is its method and path only
 * (build/contract-calls.ts drops its schemas from the client build). Web code that read
 * `xEndpoints.y.query` would get undefined in the browser while its types and its tests, which
 * load the contract as written, still pass; so the web reads the contract's named schemas
 * instead, and this test holds the rule. The web also takes Zod's runtime from #lib/validation
 * only, which gives Zod its Arabic messages before anything validates.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** A property of an endpoint object (`xEndpoints.y`, `xEndpoints[k]`) other than method and path. */
const ENDPOINT_PROPERTY =
  /\b\w+Endpoints\s*(?:\.\s*\w+|\[[^\]]*\])\s*(?:\??\.\s*(?!method\b|path\b)\w+|\[\s*['"`](?!method['"`]|path['"`]))/g;
/** An endpoint object taken apart: `const { query } = xEndpoints.y`. */
const ENDPOINT_DESTRUCTURED = /\}\s*=\s*\w+Endpoints\s*(?:\.\s*\w+|\[[^\]]*\])/g;

/** `file:line: text` for every place that reads more of an endpoint object than the browser has. */
function endpointReads(sources: { file: string; text: string }[]): string[] {
  return sources.flatMap(({ file, text }) =>
    [...text.matchAll(ENDPOINT_PROPERTY), ...text.matchAll(ENDPOINT_DESTRUCTURED)]
      // A type (`typeof xEndpoints.y`, `BodyOf<typeof …>`) reads nothing at run time.
      .filter((match) => !/typeof\s*$/.test(text.slice(0, match.index)))
      .map((match) => `${file}:${lineOf(text, match.index)}: ${match[0].replace(/\s+/g, ' ')}`),
  );
}

/** Imports of Zod's runtime (not `import type`) from 'zod' or '@hookform/resolvers/zod'. */
function zodRuntimeImports(sources: { file: string; text: string }[]): string[] {
  const IMPORT = /import\s+(type\s+)?([^'"]*?)\s*from\s*['"](zod|@hookform\/resolvers\/zod)['"]/g;
  return sources.flatMap(({ file, text }) =>
    [...text.matchAll(IMPORT)]
      .filter(([, typeOnly, clause = '']) => {
        if (typeOnly) return false;
        const named = /^\{([^}]*)\}$/.exec(clause.trim());
        // `import { type z }` names only types; anything else brings Zod's code.
        return !named?.[1]?.split(',').every((name) => /^\s*(type\s+\w+.*)?\s*$/.test(name));
      })
      .map((match) => `${file}:${lineOf(text, match.index)}: ${match[0].replace(/\s+/g, ' ')}`),
  );
}

describe('the browser reads only method and path of an endpoint (decision 063)', () => {
  it('finds what it looks for', () => {
    const probe = [
      'const a = adminReferralEndpoints.list.query;',
      'const b = webhookEndpoints.create.body.shape;',
      'const c = superadminEndpoints[key]?.response;',
      "const d = brokerEndpoints.profile['summary'];",
      'const e = adminBrokerEndpoints.list\n  .query.pick({ page: true });',
      'const { params } = referralEndpoints.one;',
      'callApi(brokerEndpoints.profile);',
      'const f = tenantFormEndpoints.download.path;',
      'fetch(x, { method: tenantFormEndpoints.upload.method });',
      'callApi(adminSignalEndpoints[decision], { params: { id } });',
      'type G = BodyOf<typeof referralLinkEndpoints.request>;',
      'type H = z.infer<typeof adminReferralEndpoints.list.query>;',
    ].join('\n');
    expect(endpointReads([{ file: 'probe.ts', text: probe }])).toEqual([
      'probe.ts:1: adminReferralEndpoints.list.query',
      'probe.ts:2: webhookEndpoints.create.body',
      'probe.ts:3: superadminEndpoints[key]?.response',
      "probe.ts:4: brokerEndpoints.profile['",
      'probe.ts:5: adminBrokerEndpoints.list .query',
      'probe.ts:7: } = referralEndpoints.one',
    ]);
  });

  it('src/web reads the contract named schemas, never an endpoint schema', () => {
    const sources = files('src/web', /\.(ts|tsx)$/).map((file) => ({ file, text: read(file) }));
    expect(sources.length).toBeGreaterThan(100);
    expect(endpointReads(sources)).toEqual([]);
  });
});

describe('the web takes Zod from #lib/validation (decision 063)', () => {
  it('finds what it looks for', () => {
    const probe = [
      "import { z } from 'zod';",
      "import { zodResolver } from '@hookform/resolvers/zod';",
      "import * as zod from 'zod';",
      "import { type ZodType, z as zed } from 'zod';",
      "import type { z } from 'zod';",
      "import { type ZodType } from 'zod';",
      "import { z } from '#lib/validation';",
    ].join('\n');
    expect(zodRuntimeImports([{ file: 'probe.ts', text: probe }])).toHaveLength(4);
  });

  it('only src/web/lib/validation.ts imports Zod itself, and whatever validates imports it', () => {
    const sources = files('src/web', /\.(ts|tsx)$/)
      .filter((file) => !/\.test\.tsx?$/.test(file) && file !== 'src/web/lib/validation.ts')
      .map((file) => ({ file, text: read(file) }));
    expect(zodRuntimeImports(sources)).toEqual([]);
    const unconfigured = sources
      .filter(({ text }) => /\.safeParse\(/.test(text))
      .filter(
        ({ text }) => !/from '(#lib|\.)\/validation'|import '(#lib|\.)\/validation'/.test(text),
      )
      .map(({ file }) => file);
    expect(unconfigured).toEqual([]);
  });
});

/** A contract module's JavaScript, as Vite's TypeScript transform gives it to the plugin. */
async function javascriptOf(file: string): Promise<string> {
  return (await transformWithOxc(read(file), path.join(root, file))).code;
}

describe('build/contract-calls.ts', () => {
  const contract = files('src/contract', /\.ts$/).filter((file) => !/\.test\.ts$/.test(file));

  it.each(contract)('%s: the browser gets each endpoint with its method and path', async (file) => {
    const code = await javascriptOf(file);
    const { module, calls } = splitContractModule(
      parseAst(code) as unknown as Program,
      code,
      file,
      {
        sourceId: 'source',
        callsId: 'calls',
      },
    );
    const real: Record<string, unknown> = await import(path.join(root, file));
    const groups = Object.entries(real).filter(
      ([name, value]) => /Endpoints$/.test(name) && value && typeof value === 'object',
    );
    // The module itself re-exports; the groups module holds the groups, as literals.
    expect(parseAst(module).body.every((statement) => /^Export/.test(statement.type))).toBe(true);
    // `const xEndpoints = {…};` lines, then `export { xEndpoints, … };`.
    const browser: Record<string, unknown> = Object.fromEntries(
      [...(calls ?? '').matchAll(/^const (\w+) = (.*);$/gm)].map(([, name, json]) => [
        name,
        JSON.parse(json ?? ''),
      ]),
    );
    expect(calls ?? '').not.toContain(' as ');
    for (const [name, group] of groups) {
      expect(browser[name], `${file}: ${name}`).toEqual(
        Object.fromEntries(
          Object.entries(group as Record<string, Endpoint>).map(([key, { method, path }]) => [
            key,
            { method, path },
          ]),
        ),
      );
    }
    expect(Object.keys(browser).sort()).toEqual(groups.map(([name]) => name).sort());
  });

  it('fails the build for an endpoint whose method or path is not a string literal', () => {
    const split = (code: string) =>
      splitContractModule(parseAst(code) as unknown as Program, code, 'probe.ts', {
        sourceId: 'source',
        callsId: 'calls',
      });
    expect(() =>
      split("export const xEndpoints = { a: endpoint({ method: 'GET', path: PATH }) };"),
    ).toThrow('probe.ts: xEndpoints.a.path must be a string literal');
    expect(() =>
      split("export const xEndpoints = { a: endpoint({ ...common, path: '/api/a' }) };"),
    ).toThrow('probe.ts: xEndpoints.a spreads or computes a field');
    expect(() =>
      split("export const xEndpoints = { a: endpoint({ method: 'GET', path: '/a' }), b: other };"),
    ).toThrow('probe.ts: xEndpoints mixes endpoint({...}) entries with something else');
    expect(
      split(
        "export const xEndpoints = { a: endpoint({ method: 'GET', path: '/a', response: ok }) };\nexport const ok = z.object({});",
      ),
    ).toEqual({
      module: 'export { ok } from "source";\nexport { xEndpoints } from "calls";\n',
      calls: 'const xEndpoints = {"a":{"method":"GET","path":"/a"}};\nexport { xEndpoints };\n',
    });
  });

  it('marks the source modules top-level initialisers pure, in place', async () => {
    const code = await javascriptOf('src/contract/common.ts');
    const marked = markInitialisersPure(parseAst(code) as unknown as Program, code).toString();
    expect(marked).toContain('export const money = /* @__PURE__ */ (() => (z.string()))();');
    expect(marked).toContain('export const endpoint = (spec) => spec;');
    // Still a module that parses, with the same top-level statements.
    expect(parseAst(marked).body.map((statement) => statement.type)).toEqual(
      parseAst(code).body.map((statement) => statement.type),
    );
  });
});
