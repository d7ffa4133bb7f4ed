import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildIsFresh, buildOnce } from './build-once.mjs';

const INPUTS = ['src', 'package.json'];

/** A project folder with sources and, when asked, a build made at `builtAt`. */
function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'build-once-'));
  mkdirSync(path.join(root, 'src/server'), { recursive: true });
  writeFileSync(path.join(root, 'src/server/main.ts'), 'export {};');
  writeFileSync(path.join(root, 'package.json'), '{}');
  return root;
}

/** What a build leaves: the server entry point. */
function fakeBuild(root: string): () => Promise<void> {
  return async () => {
    await sleep(300);
    mkdirSync(path.join(root, 'dist/server'), { recursive: true });
    writeFileSync(path.join(root, 'dist/server/main.js'), '');
  };
}

const age = (file: string, secondsAgo: number) => {
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, when, when);
};

describe('npm start builds only when it must', () => {
  it('builds a missing build, then finds it fresh until a source changes', async () => {
    const root = project();
    age(path.join(root, 'src/server/main.ts'), 60);
    age(path.join(root, 'src/server'), 60);
    age(path.join(root, 'src'), 60);
    age(path.join(root, 'package.json'), 60);
    expect(buildIsFresh(root, INPUTS)).toBe(false);
    expect(await buildOnce(root, fakeBuild(root), INPUTS)).toBe(true);
    expect(buildIsFresh(root, INPUTS)).toBe(true);
    expect(await buildOnce(root, fakeBuild(root), INPUTS)).toBe(false);

    await sleep(20);
    writeFileSync(path.join(root, 'src/server/main.ts'), 'export const changed = 1;');
    expect(buildIsFresh(root, INPUTS)).toBe(false);
  });

  it('ignores test files: editing a test does not rebuild', async () => {
    const root = project();
    for (const f of ['src/server/main.ts', 'src/server', 'src', 'package.json']) {
      age(path.join(root, f), 60);
    }
    await buildOnce(root, fakeBuild(root), INPUTS);
    writeFileSync(path.join(root, 'src/server/main.test.ts'), 'export {};');
    age(path.join(root, 'src/server'), 60);
    expect(buildIsFresh(root, INPUTS)).toBe(true);
  });

  it('builds once when several instances start together', async () => {
    const root = project();
    let builds = 0;
    const build = async () => {
      builds++;
      await fakeBuild(root)();
    };
    const results = await Promise.all([1, 2, 3].map(() => buildOnce(root, build, INPUTS)));
    expect(builds).toBe(1);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('takes over the lock of a builder that was killed', async () => {
    const root = project();
    // A process that has exited: its pid is free.
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    mkdirSync(path.join(root, '.build.lock'));
    writeFileSync(path.join(root, '.build.lock/pid'), String(dead.pid));
    expect(await buildOnce(root, fakeBuild(root), INPUTS)).toBe(true);
  });
});
