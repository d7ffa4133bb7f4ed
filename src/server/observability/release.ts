import { readFileSync } from 'node:fs';

/**
 * The release an error report or a trace names when SENTRY_RELEASE does not: the package's
 * name and version, read from package.json, which sits two folders above this file both in the
 * repository (src/server/observability) and in a release (dist/server/observability).
 */
export function packageRelease(): string {
  const file = new URL('../../../package.json', import.meta.url);
  const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as {
    name: string;
    version: string;
  };
  return `${name}@${version}`;
}
