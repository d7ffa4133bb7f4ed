import { type TermsInline, termsBlocks } from '#domain/program-terms-blocks';

function Inline({ parts }: { parts: TermsInline[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.bold ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed line
          <strong key={index}>{part.text}</strong>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed line
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * The program terms drawn from their plain text (decision record 075): headings, paragraphs,
 * lists and bold, as React elements; the text is never read as HTML.
 */
export function TermsText({ body }: { body: string }) {
  return (
    <div className="space-y-3 text-sm leading-7 break-words">
      {termsBlocks(body).map((block, index) =>
        block.kind === 'heading' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one fixed text
          <h3 key={index} className="text-base font-bold">
            {block.text}
          </h3>
        ) : block.kind === 'list' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one fixed text
          <ul key={index} className="list-disc space-y-1 ps-5">
            {block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of one fixed list
              <li key={itemIndex}>
                <Inline parts={item} />
              </li>
            ))}
          </ul>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one fixed text
          <p key={index}>
            <Inline parts={block.parts} />
          </p>
        ),
      )}
    </div>
  );
}
