import { spawnSync } from 'node:child_process';
import {
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmbeddedClusterError, postgresBinaries, repairLibraryLinks } from './embedded.js';

describe('embedded PostgreSQL binaries', () => {
  it('names DATABASE_URL on a platform the registry has no build for', async () => {
    const refusal = postgresBinaries('freebsd', 'x64', true);
    await expect(refusal).rejects.toBeInstanceOf(EmbeddedClusterError);
    await expect(refusal).rejects.toThrow(/no build for freebsd on x64.*DATABASE_URL/s);
  });

  it('names DATABASE_URL on a Linux without glibc (Alpine)', async () => {
    await expect(postgresBinaries('linux', 'x64', false)).rejects.toThrow(/musl.*DATABASE_URL/s);
  });

  it('finds this machine’s binaries, and they run', async () => {
    const { postgres } = await postgresBinaries();
    const version = spawnSync(postgres, ['--version'], { encoding: 'utf8' });
    expect(version.stdout).toMatch(/^postgres \(PostgreSQL\) 18\./);
  });

  it('makes the library links a blocked install script did not make', async () => {
    const { postgres, packageName } = await postgresBinaries();
    const installed = path.resolve(postgres, '..', '..', '..');
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'shareek-binaries-')), 'package');
    try {
      cpSync(installed, copy, { recursive: true, verbatimSymlinks: true });
      const links = JSON.parse(
        readFileSync(path.join(copy, 'native', 'pg-symlinks.json'), 'utf8'),
      ) as { target: string }[];
      // As npm leaves the package when its postinstall script does not run.
      for (const { target } of links) unlinkSync(path.join(copy, target));
      const broken = spawnSync(path.join(copy, 'native', 'bin', 'postgres'), ['--version']);
      expect(broken.status).not.toBe(0);

      expect(repairLibraryLinks(copy, packageName)).toBe(links.length);
      for (const { target } of links) {
        expect(lstatSync(path.join(copy, target)).isSymbolicLink()).toBe(true);
      }
      const repaired = spawnSync(path.join(copy, 'native', 'bin', 'postgres'), ['--version'], {
        encoding: 'utf8',
      });
      expect(repaired.stdout).toMatch(/^postgres \(PostgreSQL\) 18\./);
      // Nothing left to do the second time.
      expect(repairLibraryLinks(copy, packageName)).toBe(0);
    } finally {
      rmSync(path.dirname(copy), { recursive: true, force: true });
    }
  });

  it('says which command repairs the links when they cannot be made here', async () => {
    const { postgres, packageName } = await postgresBinaries();
    const installed = path.resolve(postgres, '..', '..', '..');
    // A package whose library folder is not there to hold the links (root ignores file
    // modes, so a read-only folder would not stop it).
    const copy = mkdtempSync(path.join(tmpdir(), 'shareek-binaries-'));
    try {
      mkdirSync(path.join(copy, 'native'));
      cpSync(
        path.join(installed, 'native', 'pg-symlinks.json'),
        path.join(copy, 'native', 'pg-symlinks.json'),
      );
      expect(() => repairLibraryLinks(copy, packageName)).toThrow(
        new RegExp(`npm rebuild ${packageName}.*DATABASE_URL`, 's'),
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
