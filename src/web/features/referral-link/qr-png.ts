/**
 * The QR card as a PNG, drawn by the browser from the SVG the server makes (the browser has
 * the Arabic fonts; the server needs none): twice the SVG's size, for print.
 */
export async function qrCardPng(svgUrl: string): Promise<Blob> {
  const response = await fetch(svgUrl, { credentials: 'include' });
  if (!response.ok) throw new Error(String(response.status));
  const svg = await response.text();
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = 2100;
  canvas.height = 2960;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no png'))), 'image/png'),
  );
}
