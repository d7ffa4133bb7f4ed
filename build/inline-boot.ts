/**
 * The app's safety net (src/web/boot.js) written into index.html's head, where `<!--boot-->`
 * stands (docs/decisions/065-six-files-for-six-connections.md).
 *
 * As its own file it was a request of its own: with the app's code, its style sheet and the
 * page's two chunks, the seventh of a page's first files, and a browser opens six connections to
 * a host over HTTP/1.1, so one of them waited for another's answer, a round trip more on a
 * phone network. Written into the page it costs no request. The page's policy allows it by its
 * SHA-256 (src/server/plugins/inline-scripts.ts reads the hashes off the built page), as CSP
 * Level 3 describes (https://www.w3.org/TR/CSP3/#grammardef-hash-source): the script runs as
 * written here, or not at all.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const PLACEHOLDER = '<!--boot-->';
const SOURCE = path.resolve(import.meta.dirname, '../src/web/boot.js');

/** The script without its leading comment: the page carries the code, the file the reasons. */
function bootScript(): string {
  // Line ends as the browser hashes them (it reads CR LF as LF), whatever the checkout wrote.
  return readFileSync(SOURCE, 'utf8')
    .replaceAll('\r\n', '\n')
    .replace(/^(?:\/\/.*\n)+/, '')
    .trim();
}

export function inlineBoot(): Plugin {
  return {
    name: 'inline-boot',
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        if (path.basename(context.filename) !== 'index.html') return html;
        if (!html.includes(PLACEHOLDER)) {
          throw new Error(`inline-boot: ${context.filename} has no ${PLACEHOLDER}`);
        }
        return html.replace(PLACEHOLDER, () => `<script>${bootScript()}</script>`);
      },
    },
  };
}
