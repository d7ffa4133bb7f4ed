/**
 * The program terms' text as blocks to draw (no schema here: the broker's pages load it):
 * a line starting «# » is a heading, lines starting «- » a list, **text** between double
 * asterisks bold, and a blank line ends a paragraph. Nothing else has a meaning; the text is
 * never HTML, so nothing in it can reach the page as markup.
 */
export type TermsInline = { text: string; bold: boolean };
export type TermsBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; parts: TermsInline[] }
  | { kind: 'list'; items: TermsInline[][] };

/** «نص **مهم** هنا» as plain and bold parts. */
function inline(text: string): TermsInline[] {
  const parts = text.split('**');
  // An odd «**» with no pair is written as it is, not bold to the end of the line.
  if (parts.length % 2 === 0) parts.splice(-2, 2, `${parts.at(-2)}**${parts.at(-1)}`);
  return parts
    .map((part, index) => ({ text: part, bold: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}

export function termsBlocks(body: string): TermsBlock[] {
  const blocks: TermsBlock[] = [];
  let paragraph: string[] = [];
  let list: TermsInline[][] | null = null;
  const flush = () => {
    if (paragraph.length > 0)
      blocks.push({ kind: 'paragraph', parts: inline(paragraph.join(' ')) });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', items: list });
    list = null;
  };
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flush();
    } else if (line.startsWith('# ')) {
      flush();
      blocks.push({ kind: 'heading', text: line.slice(2).trim() });
    } else if (line.startsWith('- ')) {
      if (paragraph.length > 0) {
        blocks.push({ kind: 'paragraph', parts: inline(paragraph.join(' ')) });
        paragraph = [];
      }
      const item = inline(line.slice(2).trim());
      if (item.length > 0) list = [...(list ?? []), item];
    } else {
      if (list) {
        blocks.push({ kind: 'list', items: list });
        list = null;
      }
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
