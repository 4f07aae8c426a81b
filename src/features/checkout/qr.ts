/** Draws a payment code (`codeUrl`) as a QR image with the maintained `qrcode` library: an SVG data URL, the same on the server and in the browser. */

export async function qrImage(codeUrl: string): Promise<string> {
  const mod = (await import('qrcode')) as typeof import('qrcode') & { default?: typeof import('qrcode') };
  // The library is CommonJS: its functions sit on the default export when bundled, on the namespace under Node.
  const lib = mod.default ?? mod;
  const svg = await lib.toString(codeUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
