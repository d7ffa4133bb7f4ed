import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The sources the page policy allows for the scripts written into the built app page (its
 * safety net, build/inline-boot.ts): each one's SHA-256, as CSP Level 3's hash-source says
 * (https://www.w3.org/TR/CSP3/#grammardef-hash-source), so that script runs and no other
 * inline script does. Read once at start from the page the server sends; no build, no hashes.
 */
export function inlineScriptSources(webRoot: string | null): string[] {
  const file = webRoot === null ? null : path.join(webRoot, 'index.html');
  if (file === null || !existsSync(file)) return [];
  // Scripts with no attribute at all: a `type` of data (the first reads' JSON) never runs.
  return [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code = '']) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
  );
}
