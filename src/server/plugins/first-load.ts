import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * The pages a visit starts on, named in their HTML with what they need first
 * (docs/decisions/062-a-phone-sized-first-load.md): the build writes `first-load.json`
 * (build/first-load.ts) with each page's script files and first API reads; the app's HTML for
 * that page gets a `<link rel="modulepreload">` for each script and a
 * `<link rel="preload" as="fetch" crossorigin="use-credentials">` for each read, so the browser
 * asks for them with the app's own code instead of one round trip after another. The app's
 * `fetch` of the same URL, with its cookies, takes the preloaded answer
 * (https://html.spec.whatwg.org/multipage/links.html#link-type-preload).
 *
 * A signed-in page (`answered`) gets its reads' answers inside its HTML instead, as the API gave
 * them to the visitor's own cookie, in a `<script type="application/json" id="first-reads">`
 * the app takes each from once (src/web/lib/first-reads.ts): that page then waits for no read.
 * Such a page is the visitor's own: it is sent `no-store`, and the service worker never keeps
 * it (public/sw.js keeps `/` and `/mobile` only).
 */
const firstLoadFile = z.array(
  z.object({
    path: z.string().regex(/^(\/(:?[a-z0-9-]+))+$/i),
    answered: z.boolean(),
    scripts: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)),
    reads: z.array(
      z.object({
        path: z.string().regex(/^\/api(\/(:?[a-z0-9-]+))+(\?\w+=[\w-]+(&\w+=[\w-]+)*)?$/i),
        pageQuery: z.record(z.string().regex(/^\w+$/), z.array(z.string().regex(/^[\w-]+$/))),
      }),
    ),
  }),
);

/**
 * How long a signed-in page waits for its reads' answers: what has not answered by then is left
 * to the browser (preloaded), so a slow database delays the page by at most this much.
 */
const ANSWER_BUDGET_MS = 400;

type Page = z.infer<typeof firstLoadFile>[number];

/** The route's `:params` filled from a request path, or null when the path is another page. */
function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const segment = got[index] ?? '';
    if (part.startsWith(':')) {
      if (!segment) return null;
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        return null;
      }
    } else if (part !== segment) return null;
  }
  return params;
}

/** A read's URL as the app asks for it: its params encoded, the page's markers passed on. */
function readUrl(
  read: Page['reads'][number],
  params: Record<string, string>,
  query: URLSearchParams,
) {
  const filled = read.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const search = new URLSearchParams();
  // Only a value the app itself passes on (the build took them from the endpoint's query).
  for (const [name, values] of Object.entries(read.pageQuery)) {
    const value = query.get(name);
    if (value !== null && values.includes(value)) search.set(name, value);
  }
  const text = search.toString();
  return text ? `${filled}${filled.includes('?') ? '&' : '?'}${text}` : filled;
}

/** A read's answer as the API gives it to the visitor (its JSON text), or null when it fails. */
export type AnswerRead = (url: string) => Promise<string | null>;

export type FirstLoadHtml = {
  /**
   * The page's HTML with what it needs first, or null for a page the build named none for;
   * `personal` when it holds the visitor's own answers. `answer` reads for an answered page
   * (absent: nothing to answer with, only preloads).
   */
  page(url: string, answer?: AnswerRead): Promise<{ html: string; personal: boolean } | null>;
};

/**
 * JSON inside a `<script>` element: `<` written as its escape, so no text in an answer can end
 * the element (https://html.spec.whatwg.org/multipage/scripting.html#restrictions-for-contents-of-script-elements),
 * and the two line separators JavaScript once refused.
 */
const scriptJson = (json: string) =>
  json.replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');

/**
 * Reads the build's `first-load.json` beside index.html once, at start. No file (a build
 * without it) means no hints; a malformed one stops the start, as any bad setting does.
 */
export function loadFirstLoad(webRoot: string): FirstLoadHtml {
  const file = path.join(webRoot, 'first-load.json');
  const pages = existsSync(file) ? firstLoadFile.parse(JSON.parse(readFileSync(file, 'utf8'))) : [];
  const index = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  if (pages.length > 0 && !index.includes('</head>')) throw new Error('index.html has no </head>');
  /** The page's HTML with its scripts, preloaded reads and answered ones in the head. */
  const withHead = (scripts: string[], preloads: string[], answers: [string, string][]) => {
    const head = [
      ...scripts.map((script) => `<link rel="modulepreload" crossorigin href="${script}">`),
      ...preloads.map(
        (read) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${read}">`,
      ),
      ...(answers.length > 0
        ? [
            `<script type="application/json" id="first-reads">{${answers
              .map(([read, json]) => `${JSON.stringify(read)}:${scriptJson(json)}`)
              .join(',')}}</script>`,
          ]
        : []),
    ];
    // A function, so a `$'` or `$&` inside an answer (a tenant's name) is written as it is,
    // not read as a replacement pattern.
    return index.replace('</head>', () => `${head.join('\n    ')}\n  </head>`);
  };

  return {
    async page(url, answer) {
      const parsed = new URL(url, 'http://localhost');
      for (const page of pages) {
        const params = matchPath(page.path, parsed.pathname);
        if (!params) continue;
        const reads = page.reads.map((read) => readUrl(read, params, parsed.searchParams));
        if (!page.answered) return { html: withHead(page.scripts, reads, []), personal: false };

        // A signed-in page: its first read is the session (the build checks it). Without one
        // (no cookie, an expired or forged one) the app goes to sign-in: only that read is
        // named, not the page's code and reads it will not use.
        const [session = '', ...rest] = reads;
        const budget = new Budget(ANSWER_BUDGET_MS);
        const sessionAnswer = answer ? await budget.answer(answer, session) : null;
        if (!answer || sessionAnswer === null) {
          return { html: withHead([], [session], []), personal: false };
        }
        const answers = await Promise.all(
          rest.map(async (read) => [read, await budget.answer(answer, read)] as const),
        );
        const answered: [string, string][] = [[session, sessionAnswer]];
        for (const [read, json] of answers) if (json !== null) answered.push([read, json]);
        const preloads = answers.filter(([, json]) => json === null).map(([read]) => read);
        return { html: withHead(page.scripts, preloads, answered), personal: true };
      }
      return null;
    },
  };
}

/** The time a page's reads share: an answer that fails, is not JSON or comes late is null. */
class Budget {
  private readonly ends: number;
  constructor(ms: number) {
    this.ends = performance.now() + ms;
  }

  async answer(answer: AnswerRead, url: string): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), Math.max(0, this.ends - performance.now()));
    });
    try {
      const json = await Promise.race([answer(url), late]);
      if (json === null) return null;
      JSON.parse(json);
      return json;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The compression a request accepts that pages are sent with: brotli, else gzip, else none. */
export function pageEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  return /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null;
}

/** A page's HTML compressed as the request accepts (a page is small: done per request). */
export function encodeHtml(html: string, encoding: 'br' | 'gzip' | null): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  return encoding === 'gzip' ? gzipSync(html) : Buffer.from(html);
}
