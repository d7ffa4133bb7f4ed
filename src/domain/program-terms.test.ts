import { describe, expect, it } from 'vitest';
import { termsBlocks } from './program-terms-blocks.js';

describe('the program terms as blocks', () => {
  it('reads headings, paragraphs, lists and bold, and nothing as markup', () => {
    expect(
      termsBlocks(
        '# الشروط العامة\nيلتزم الوسيط **بالأمانة**\nفي كل إحالة.\n\n- موافقة المستأجر\n- رخصة فال سارية\nنص بعد القائمة <b>ليس وسماً</b>',
      ),
    ).toEqual([
      { kind: 'heading', text: 'الشروط العامة' },
      {
        kind: 'paragraph',
        parts: [
          { text: 'يلتزم الوسيط ', bold: false },
          { text: 'بالأمانة', bold: true },
          { text: ' في كل إحالة.', bold: false },
        ],
      },
      {
        kind: 'list',
        items: [
          [{ text: 'موافقة المستأجر', bold: false }],
          [{ text: 'رخصة فال سارية', bold: false }],
        ],
      },
      { kind: 'paragraph', parts: [{ text: 'نص بعد القائمة <b>ليس وسماً</b>', bold: false }] },
    ]);
  });

  it('writes an unpaired «**» as it is, and draws no empty list item', () => {
    expect(termsBlocks('نص **عريض** ثم ** بلا زوج\n- ****\n- **')).toEqual([
      {
        kind: 'paragraph',
        parts: [
          { text: 'نص ', bold: false },
          { text: 'عريض', bold: true },
          { text: ' ثم ** بلا زوج', bold: false },
        ],
      },
      { kind: 'list', items: [[{ text: '**', bold: false }]] },
    ]);
  });
});
