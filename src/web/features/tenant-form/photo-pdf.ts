/** A4 in PDF points, and the margin kept around the photo. */
const PAGE = { width: 595, height: 842, margin: 24 };
/** The longer side of the photo inside the PDF: sharp enough to read, small enough to send. */
const MAX_SIDE = 1800;

const ascii = (text: string) => new TextEncoder().encode(text);

/**
 * One A4 page showing one JPEG, centred and fitted inside the margins: the smallest PDF that
 * carries a photographed document (the JPEG is embedded as it is, DCTDecode).
 */
export function jpegToPdf(
  jpeg: Uint8Array,
  width: number,
  height: number,
): Uint8Array<ArrayBuffer> {
  const room = { width: PAGE.width - 2 * PAGE.margin, height: PAGE.height - 2 * PAGE.margin };
  const scale = Math.min(room.width / width, room.height / height);
  const w = Math.round(width * scale * 100) / 100;
  const h = Math.round(height * scale * 100) / 100;
  const x = Math.round(((PAGE.width - w) / 2) * 100) / 100;
  const y = Math.round(((PAGE.height - h) / 2) * 100) / 100;
  const content = `q ${w} 0 0 ${h} ${x} ${y} cm /Im0 Do Q`;
  const objects: Uint8Array[][] = [
    [ascii('<< /Type /Catalog /Pages 2 0 R >>')],
    [ascii('<< /Type /Pages /Kids [3 0 R] /Count 1 >>')],
    [
      ascii(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`,
      ),
    ],
    [
      ascii(
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      ),
      jpeg,
      ascii('\nendstream'),
    ],
    [ascii(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`)],
  ];
  const parts: Uint8Array[] = [ascii('%PDF-1.4\n')];
  let size = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(size);
    for (const part of [ascii(`${index + 1} 0 obj\n`), ...body, ascii('\nendobj\n')]) {
      parts.push(part);
      size += part.length;
    }
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`,
  ].join('');
  parts.push(ascii(xref));
  const pdf = new Uint8Array(size + xref.length);
  let at = 0;
  for (const part of parts) {
    pdf.set(part, at);
    at += part.length;
  }
  return pdf;
}

/**
 * A photo taken with the phone's camera (or any image), as a one-page PDF named after it:
 * the documents are kept as PDFs, whatever the tenant had at hand.
 */
export async function photoToPdf(photo: File): Promise<File> {
  const bitmap = await createImageBitmap(photo);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  // JPEG has no transparency: a white sheet under the photo.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.85),
  );
  if (!blob) throw new Error('the photo could not be encoded');
  const pdf = jpegToPdf(new Uint8Array(await blob.arrayBuffer()), canvas.width, canvas.height);
  const name = `${photo.name.replace(/\.[^.]*$/, '') || 'صورة'}.pdf`;
  return new File([pdf], name, { type: 'application/pdf' });
}
