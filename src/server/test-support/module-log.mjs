// A module loader hook for tests that ask what a server process loaded: given to the process as
// `--import` (in NODE_OPTIONS), it appends to the file MODULE_LOG every module URL resolved that
// names OpenTelemetry or its loader hook. Registered from the main thread only: the hooks run on
// a thread of their own, where this file is loaded again.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const WATCHED = /@opentelemetry|import-in-the-middle/;
let logFile = '';

export function initialize(data) {
  logFile = data.logFile;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (WATCHED.test(resolved.url)) appendFileSync(logFile, `${resolved.url}\n`);
  return resolved;
}

if (isMainThread && process.env.MODULE_LOG) {
  register(import.meta.url, { data: { logFile: process.env.MODULE_LOG } });
}
