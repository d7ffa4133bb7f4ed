import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensurePrerequisites, installCommand, missingTools } from './prerequisites.mjs';

// A machine without Chromium and LibreOffice on its PATH, simulated by a PATH that
// holds only a scratch folder (with, where a case needs it, a fake apt-get).
let bin: string;
beforeEach(() => {
  bin = mkdtempSync(path.join(tmpdir(), 'prereq-'));
});
afterEach(() => {
  rmSync(bin, { recursive: true, force: true });
  vi.restoreAllMocks();
});

const executable = (name: string, script: string) => {
  writeFileSync(path.join(bin, name), `#!/bin/sh\n${script}\n`);
  chmodSync(path.join(bin, name), 0o755);
};

const APT_LINE =
  'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libreoffice-calc-nogui';

describe('npm test prerequisites', () => {
  it('finds both missing and names the one command that installs them', () => {
    const env = { PATH: bin };
    expect(missingTools(env).map((tool) => tool.name)).toEqual(['Chromium', 'LibreOffice Calc']);
    expect(installCommand(missingTools(env))).toBe(APT_LINE);
    executable('chromium-headless-shell', 'exit 0');
    executable('soffice', 'exit 0');
    expect(missingTools(env)).toEqual([]);
  });

  it('CHROMIUM_PATH stands for chromium on the PATH', () => {
    executable('my-chrome', 'exit 0');
    const env = { PATH: bin, CHROMIUM_PATH: path.join(bin, 'my-chrome') };
    expect(missingTools(env).map((tool) => tool.name)).toEqual(['LibreOffice Calc']);
  });

  it('not root: prints the command and refuses', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(ensurePrerequisites({ PATH: bin }, false)).toBe(false);
    expect(printed.mock.calls.join('\n')).toContain(APT_LINE);
  });

  it('root on Debian: installs them with apt-get, saying so', () => {
    // The fake apt-get logs its arguments and "installs" what it was asked for.
    executable(
      'apt-get',
      `echo "$@" >> "${bin}/apt.log"
case "$*" in *chromium*) printf '#!/bin/sh\\n' > "${bin}/chromium-headless-shell"; /bin/chmod +x "${bin}/chromium-headless-shell";; esac
case "$*" in *libreoffice*) printf '#!/bin/sh\\n' > "${bin}/soffice"; /bin/chmod +x "${bin}/soffice";; esac`,
    );
    const said = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(ensurePrerequisites({ PATH: bin }, true)).toBe(true);
    expect(said.mock.calls.join('\n')).toContain('installing Chromium and LibreOffice Calc');
    expect(readFileSync(path.join(bin, 'apt.log'), 'utf8').trim().split('\n')).toEqual([
      'update -qq',
      'install -y -qq chromium-headless-shell',
      'install -y -qq --no-install-recommends libreoffice-calc-nogui',
    ]);
  });

  it('npm test stops before any other step when they cannot be had', () => {
    // Only node on the PATH, and an apt-get that fails (or, for a non-root user, none at all).
    symlinkSync(process.execPath, path.join(bin, 'node'));
    executable('apt-get', 'exit 100');
    const run = spawnSync(process.execPath, ['scripts/test.mjs'], {
      env: { PATH: bin },
      encoding: 'utf8',
    });
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toMatch(
      /installing Chromium and LibreOffice Calc|Run, as root/,
    );
    expect(run.stdout).not.toContain('▶ type check');
  });
});
