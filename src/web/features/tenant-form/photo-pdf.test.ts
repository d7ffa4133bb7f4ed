import { describe, expect, it } from 'vitest';
import { jpegToPdf } from './photo-pdf';

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('jpegToPdf', () => {
  // Not a real JPEG: the builder embeds the bytes as they are, which is what is checked.
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
  const pdf = jpegToPdf(jpeg, 1200, 1600);
  const body = text(pdf);

  it('starts as a PDF (what the server checks) and ends with the trailer', () => {
    expect(body.startsWith('%PDF-1.4\n')).toBe(true);
    expect(body.endsWith('%%EOF\n')).toBe(true);
  });

  it('embeds the JPEG byte for byte, with its size and length', () => {
    expect(body).toContain('/Width 1200 /Height 1600');
    expect(body).toContain(`/Filter /DCTDecode /Length ${jpeg.length}`);
    const start = body.indexOf('stream\n') + 'stream\n'.length;
    expect([...pdf.subarray(start, start + jpeg.length)]).toEqual([...jpeg]);
  });

  it('points the cross-reference table at each object and startxref at the table', () => {
    const offsets = [...body.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => {
      expect(body.slice(offset, offset + 8)).toBe(`${index + 1} 0 obj\n`);
    });
    const startxref = Number(body.match(/startxref\n(\d+)\n/)?.[1]);
    expect(body.slice(startxref, startxref + 4)).toBe('xref');
  });

  it('fits the photo inside the A4 margins, centred', () => {
    // 1200×1600 into 547×794 (A4 less 24 pt each side): width-bound, scale 547/1200.
    expect(body).toContain('q 547 0 0 729.33 24 56.33 cm /Im0 Do Q');
  });
});
