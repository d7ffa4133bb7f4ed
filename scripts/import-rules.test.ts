import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The one-way imports of docs/architecture.md#layers are Biome rules (biome.json overrides):
// deliberate violations, linted with the project's own configuration, must fail.
const ROOT = path.resolve(import.meta.dirname, '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
  // No git in the scratch folder, and the schema path is the editor's business.
  delete config.vcs;
  delete config.$schema;
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function lint(file: string, source: string): string[] {
  const target = path.join(dir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, source);
  const result = spawnSync(BIOME, ['lint', file], { cwd: dir, encoding: 'utf8' });
  rmSync(target);
  return `${result.stdout}${result.stderr}`.includes('noRestrictedImports') ? ['refused'] : [];
}

// Each case starts Biome: on a loaded machine (the suite's other projects run alongside) the
// first start has taken 7.8 s, past Vitest's default 5 s.
describe('import rules', { timeout: 30_000 }, () => {
  it.each([
    ['src/domain/probe.ts', "import { buildApp } from '../server/app.js';"],
    ['src/domain/probe.ts', "import { readFileSync } from 'node:fs';"],
    ['src/domain/probe.ts', "import { profile } from '../contract/brokers.js';"],
    ['src/contract/probe.ts', "import { buildApp } from '../server/app.js';"],
    ['src/server/x/probe.ts', "import { App } from '../../web/app/App';"],
    ['src/web/lib/probe.ts', "import { AdminPage } from '../features/admin/AdminPage';"],
    ['src/web/components/ui/probe.ts', "import { App } from '../../app/App';"],
    ['src/web/features/x/probe.ts', "import { App } from '../../app/App';"],
    ['src/web/features/x/probe.ts', "import { DocumentLinks } from '../referrals/DocumentLinks';"],
    ['src/domain/probe.ts', "import { profile } from '#contract/brokers';"],
    ['src/domain/probe.ts', "import { cn } from '#lib/cn';"],
    ['src/contract/probe.ts', "import { Button } from '#ui/button';"],
    ['src/server/x/probe.ts', "import { callApi } from '#lib/api';"],
    ['src/web/features/x/y/probe.ts', "import { MESSAGES } from '../../../../domain';"],
    ['src/server/x/y/probe.ts', "import { MESSAGES } from '../../../domain/index.js';"],
    ['scripts/probe.ts', "import { MESSAGES } from '../../../src/domain';"],
  ])('%s may not say %s', (file, line) => {
    expect(
      lint(file, `${line}\nexport const used = [${/\{ (\w+) \}/.exec(line)?.[1]}];\n`),
    ).toEqual(['refused']);
  });

  it.each([
    ['src/contract/probe.ts', "import { MESSAGES } from '../domain/index.js';"],
    ['src/web/features/x/probe.ts', "import { useSession } from '../../lib/session';"],
    ['src/web/features/x/probe.ts', "import { DocumentLinks } from '../referrals';"],
    ['src/web/features/x/probe.ts', "import { Button } from '../../components/ui/button';"],
    ['src/web/features/x/probe.ts', "import { QueryView } from './query-view';"],
    ['src/server/x/probe.ts', "import { profile } from '../../contract/brokers.js';"],
    ['src/server/x/y/probe.ts', "import { MESSAGES } from '#domain';"],
    ['src/web/features/x/probe.ts', "import { profile } from '#contract/brokers';"],
    ['src/web/features/x/probe.ts', "import { Button } from '#ui/button';"],
    ['src/web/features/x/probe.ts', "import { callApi } from '#lib/api';"],
  ])('%s may say %s', (file, line) => {
    expect(
      lint(file, `${line}\nexport const used = [${/\{ (\w+) \}/.exec(line)?.[1]}];\n`),
    ).toEqual([]);
  });
});
