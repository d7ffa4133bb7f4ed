/**
 * The answers the server put inside a signed-in page's HTML, read for read as the API gave them
 * to this visitor (src/server/plugins/first-load.ts, docs/decisions/064): the page draws without
 * waiting for them on a phone's network. Each is taken once, by the first call for its URL in
 * the page's first moments; any later call goes to the network, and signing out drops them.
 */
const FRESH_MS = 30_000;

/** A page's answers, taken once each while fresh (`now` counts from the page's start). */
export class FirstReads {
  private readonly answers = new Map<string, unknown>();

  constructor(
    json: string,
    private readonly now: () => number,
  ) {
    try {
      const parsed: unknown = JSON.parse(json || '{}');
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [url, answer] of Object.entries(parsed)) this.answers.set(url, answer);
      }
    } catch {
      // Not ours or cut short: every read goes to the network, as without it.
    }
  }

  /** The answer for a read of `url`, once; undefined when there is none (any more). */
  take(url: string): { answer: unknown } | undefined {
    if (this.now() > FRESH_MS) this.answers.clear();
    if (!this.answers.has(url)) return undefined;
    const answer = this.answers.get(url);
    this.answers.delete(url);
    return { answer };
  }

  clear(): void {
    this.answers.clear();
  }
}

let inPage: FirstReads | null = null;

function pageReads(): FirstReads {
  if (inPage) return inPage;
  const element = document.getElementById('first-reads');
  inPage = new FirstReads(element?.textContent ?? '', () => performance.now());
  element?.remove();
  return inPage;
}

/** The page's own answer for a read of `url`, once (see FirstReads). */
export const takeFirstRead = (url: string) => pageReads().take(url);

/** On signing out: no answer given to this visitor may serve the next one. */
export const dropFirstReads = () => pageReads().clear();
