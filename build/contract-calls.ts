/**
 * The contract's endpoint groups as the browser needs them: each call's method and path, without
 * the Zod schemas that check its input and answer
 * (docs/decisions/063-contract-calls-in-the-browser.md).
 *
 * The web calls the API through the contract's endpoint objects (`callApi(brokerEndpoints.profile)`,
 * src/web/lib/api.ts) and reads nothing of them at run time but `method` and `path`; their
 * schemas only type the call. Bundled as written, every page's first load would carry Zod and
 * the schemas of the contract and the domain. For the client build only, each module under
 * src/contract/ becomes a module of re-exports, with no code of its own:
 * - its endpoint groups (object literals whose values are all `endpoint({...})` calls) from
 *   `<file>?contract-calls`, where each endpoint is `{ method, path }` and nothing else. Both must
 *   be string literals in the source: any other form fails the build, naming the file, the group
 *   and the endpoint;
 * - everything else it exports (schemas, constants such as `LINK_RETIRED`, helpers) from the
 *   original source, loaded as `<file>?contract-source` and marked free of side effects, so that
 *   it is left out when none of those exports is used;
 * - its `export … from` statements as written.
 * The groups live apart from the module itself so that nothing links a page that only calls the
 * API to the source's schemas: the bundler places a module in the chunks of every page that
 * reaches it by a static import, used or not, and a module with code of its own runs its
 * imports' code first.
 *
 * In the source modules, each top-level initialiser that runs code is marked pure
 * (`const money = /* @__PURE__ *\/ (() => (z.string()))()`), so that a declaration the bundle does
 * not use is dropped with whatever it calls, reads or spreads. A contract module declares
 * schemas, constants and functions; it has no effect of its own to keep.
 *
 * What it relies on, as documented:
 * - Vite, conditional application (https://vite.dev/guide/api-plugin#conditional-application):
 *   `apply(config, { command, isSsrBuild })` keeps the plugin to `vite build` of the client; the
 *   development server, Vitest and the landing page's server render load the contract as written.
 * - Vite, plugin ordering (https://vite.dev/guide/api-plugin#plugin-ordering): a plugin without
 *   `enforce` runs after Vite's core plugins, so its `transform` receives the JavaScript Vite's
 *   TypeScript transform made; the hooks' own `order: 'pre'` (Rolldown's `ObjectHook`) lets
 *   `resolveId` and `load` answer for the two queries before Vite's resolver and loader.
 * - Rolldown, `this.parse` (https://rolldown.rs/reference/Interface.PluginContext#parse): Rolldown's
 *   parser, giving an ESTree-compatible AST with `start` and `end` offsets.
 * - Rolldown, `moduleSideEffects` returned by `resolveId`, `load` and `transform`
 *   (https://rolldown.rs/reference/Interface.PartialResolvedId#modulesideeffects): with `false`,
 *   a module nothing imports anything from is not included in the bundle.
 * - Rolldown, module types (https://rolldown.rs/in-depth/module-types): a module's type comes
 *   from its extension unless `load` says it; the source's id ends in a query, so `load` says `ts`.
 * - Rolldown, pure annotations (https://rolldown.rs/reference/InputOptions.treeshake#annotations;
 *   Oxc: https://oxc.rs/docs/guide/usage/minifier/dead-code-elimination#pure-annotations).
 * - Rolldown, `RolldownMagicString` (https://rolldown.rs/reference/Variable.RolldownMagicString):
 *   the marks are inserted with a source map, so the bundle's map still points at the contract.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RolldownMagicString } from 'rolldown';
import type { Plugin } from 'vite';

/** The folder whose modules the client build replaces. */
const CONTRACT_DIR = fileURLToPath(new URL('../src/contract/', import.meta.url));
/** The query naming a contract module's original source. */
const SOURCE = '?contract-source';
/** The query naming a contract module's endpoint groups, as the browser needs them. */
const CALLS = '?contract-calls';

/** The ESTree nodes this plugin reads (Rolldown's parser gives `start` and `end` offsets). */
type Node = { type: string; start: number; end: number; [key: string]: unknown };
/** A parsed module: its top-level statements. */
export type Program = { body: Node[] };
/** What the browser keeps of an endpoint. */
type Call = { method: string; path: string };

/** A contract module's id once resolved: its TypeScript file, no query. */
function isContractModule(id: string): boolean {
  return id.startsWith(CONTRACT_DIR) && id.endsWith('.ts') && !id.endsWith('.d.ts');
}

/** The name a non-computed property key or an export specifier stands for. */
function nameOf(node: Node | undefined): string | null {
  if (!node) return null;
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  return null;
}

/** `endpoint(...)`: a call of the contract's `endpoint`. */
function isEndpointCall(node: Node | undefined | null): node is Node {
  const callee = node?.callee as Node | undefined;
  return (
    node?.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'endpoint'
  );
}

/**
 * An object literal of `endpoint({...})` calls, as the browser needs it: `{ name: { method, path } }`.
 * Null for any other value. Throws (the build fails, with `file` and `group` in the message) for
 * an object that mixes endpoints with anything else, or an endpoint whose method or path is not
 * a string literal.
 */
export function endpointGroup(
  group: string,
  init: Node | undefined | null,
  file: string,
): Record<string, Call> | null {
  if (init?.type !== 'ObjectExpression') return null;
  const properties = init.properties as Node[];
  if (!properties.some((property) => isEndpointCall(property.value as Node | undefined))) {
    return null;
  }
  const calls: Record<string, Call> = {};
  for (const property of properties) {
    const name =
      property.type === 'Property' && !property.computed ? nameOf(property.key as Node) : null;
    if (!name || !isEndpointCall(property.value as Node)) {
      throw new Error(
        `${file}: ${group} mixes endpoint({...}) entries with something else; an endpoint group holds only \`name: endpoint({...})\` entries (build/contract-calls.ts)`,
      );
    }
    const args = (property.value as Node).arguments as Node[];
    const spec = args[0];
    if (args.length !== 1 || spec?.type !== 'ObjectExpression') {
      throw new Error(`${file}: ${group}.${name} is not endpoint({...}) with one object literal`);
    }
    const fields: Partial<Call> = {};
    for (const field of spec.properties as Node[]) {
      if (field.type !== 'Property' || field.computed) {
        throw new Error(
          `${file}: ${group}.${name} spreads or computes a field; the browser's build reads method and path from the literal (build/contract-calls.ts)`,
        );
      }
      const key = nameOf(field.key as Node);
      if (key !== 'method' && key !== 'path') continue;
      const value = field.value as Node;
      if (value.type !== 'Literal' || typeof value.value !== 'string') {
        throw new Error(
          `${file}: ${group}.${name}.${key} must be a string literal for the browser's build (build/contract-calls.ts)`,
        );
      }
      fields[key] = value.value;
    }
    if (fields.method === undefined || fields.path === undefined) {
      throw new Error(`${file}: ${group}.${name} declares no method or no path`);
    }
    calls[name] = { method: fields.method, path: fields.path };
  }
  return calls;
}

/**
 * What the browser's build makes of a contract module's JavaScript: `module`, its re-exports
 * (the groups from `callsId`, the rest from `sourceId`, `export … from` as written), and
 * `calls`, the module of its groups (null when it has none).
 */
export function splitContractModule(
  program: Program,
  code: string,
  file: string,
  ids: { sourceId: string; callsId: string },
): { module: string; calls: string | null } {
  // Every top-level `const` that is an endpoint group, exported or not.
  const groups = new Map<string, Record<string, Call>>();
  for (const declarator of topLevelDeclarators(program)) {
    const id = declarator.id as Node;
    const group = endpointGroup(String(id.name), declarator.init as Node | null, file);
    if (group && id.type === 'Identifier') groups.set(id.name as string, group);
  }

  const fromSource: string[] = [];
  const fromCalls: [local: string, exported: string][] = [];
  const passedOn: string[] = [];
  for (const statement of program.body) {
    if (statement.type === 'ExportAllDeclaration') {
      passedOn.push(code.slice(statement.start, statement.end));
    } else if (statement.type === 'ExportDefaultDeclaration') {
      fromSource.push('default');
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source) {
      passedOn.push(code.slice(statement.start, statement.end));
    } else if (statement.type === 'ExportNamedDeclaration') {
      const declaration = statement.declaration as Node | null;
      if (declaration?.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations as Node[]) {
          const id = declarator.id as Node;
          if (id.type !== 'Identifier') {
            throw new Error(
              `${file}: a destructured export is not supported (build/contract-calls.ts)`,
            );
          }
          const name = id.name as string;
          if (groups.has(name)) fromCalls.push([name, name]);
          else fromSource.push(name);
        }
      } else if (declaration) {
        // A function or a class.
        const name = nameOf(declaration.id as Node);
        if (name) fromSource.push(name);
      } else {
        for (const specifier of statement.specifiers as Node[]) {
          const local = nameOf(specifier.local as Node);
          const exported = nameOf(specifier.exported as Node);
          if (!local || !exported) continue;
          if (groups.has(local)) fromCalls.push([local, exported]);
          else fromSource.push(exported);
        }
      }
    }
  }

  const specifiers = (pairs: [string, string][]) =>
    pairs.map(([local, exported]) => (local === exported ? local : `${local} as ${exported}`));
  const lines = [
    ...(fromSource.length
      ? [`export { ${fromSource.join(', ')} } from ${JSON.stringify(ids.sourceId)};`]
      : []),
    ...(fromCalls.length
      ? [
          `export { ${fromCalls.map(([, exported]) => exported).join(', ')} } from ${JSON.stringify(ids.callsId)};`,
        ]
      : []),
    ...passedOn,
  ];
  const calls = fromCalls.length
    ? [
        ...[...new Set(fromCalls.map(([local]) => local))].map(
          (local) => `const ${local} = ${JSON.stringify(groups.get(local))};`,
        ),
        `export { ${specifiers(fromCalls).join(', ')} };`,
      ].join('\n')
    : null;
  return { module: `${lines.join('\n')}\n`, calls: calls && `${calls}\n` };
}

/** Whether `node` awaits outside any function of its own (it cannot move into one). */
function awaits(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(awaits);
  const current = node as Node;
  if (current.type === 'AwaitExpression') return true;
  if (/Function/.test(current.type)) return false;
  return Object.entries(current).some(([key, value]) => key !== 'type' && awaits(value));
}

/** Initialisers that run no code: nothing to mark. */
const INERT = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression']);

/**
 * A contract module's JavaScript with each top-level initialiser that runs code made a call
 * marked pure, evaluated at the same place and in the same order: `const money = z.string()`
 * becomes `const money = /* @__PURE__ *\/ (() => (z.string()))()`.
 */
export function markInitialisersPure(program: Program, code: string): RolldownMagicString {
  const out = new RolldownMagicString(code);
  for (const declarator of topLevelDeclarators(program)) {
    const init = declarator.init as Node | null;
    if (!init || INERT.has(init.type) || awaits(init)) continue;
    out.appendLeft(init.start, '/* @__PURE__ */ (() => (');
    out.appendRight(init.end, '))()');
  }
  return out;
}

/** Every declarator of the module's top-level `const`s (`let`s, `var`s), exported or not. */
function topLevelDeclarators(program: Program): Node[] {
  return program.body.flatMap((statement) => {
    const declaration =
      statement.type === 'ExportNamedDeclaration'
        ? (statement.declaration as Node | null)
        : statement;
    return declaration?.type === 'VariableDeclaration' ? (declaration.declarations as Node[]) : [];
  });
}

/** The Vite plugin: `plugins: [..., contractCalls()]`. */
export function contractCalls(): Plugin {
  /** Each contract module's groups module, made when the module itself is transformed. */
  const callsOf = new Map<string, string>();
  return {
    name: 'contract-calls',
    // `vite build` of the client only.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    resolveId: {
      order: 'pre',
      handler(source) {
        if (!source.endsWith(SOURCE) && !source.endsWith(CALLS)) return null;
        return { id: source, moduleSideEffects: false };
      },
    },
    load: {
      order: 'pre',
      async handler(id) {
        if (id.endsWith(CALLS)) {
          const calls = callsOf.get(id);
          if (calls === undefined) return this.error(`${id}: its contract module was not read`);
          return { code: calls, moduleType: 'js', moduleSideEffects: false };
        }
        if (!id.endsWith(SOURCE)) return null;
        const file = id.slice(0, -SOURCE.length);
        this.addWatchFile(file);
        return { code: await readFile(file, 'utf8'), moduleType: 'ts', moduleSideEffects: false };
      },
    },
    transform(code, id) {
      if (id.endsWith(SOURCE)) {
        const marked = markInitialisersPure(this.parse(code) as unknown as Program, code);
        return {
          code: marked.toString(),
          map: marked.generateMap({ hires: true, source: id, includeContent: true }).toString(),
        };
      }
      if (!isContractModule(id)) return null;
      try {
        const callsId = `${id}${CALLS}`;
        const { module, calls } = splitContractModule(
          this.parse(code) as unknown as Program,
          code,
          path.relative(process.cwd(), id),
          { sourceId: `${id}${SOURCE}`, callsId },
        );
        if (calls !== null) callsOf.set(callsId, calls);
        // Written anew: no line of it maps to a line of the source.
        return { code: module, map: { mappings: '' }, moduleSideEffects: false };
      } catch (error) {
        return this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
